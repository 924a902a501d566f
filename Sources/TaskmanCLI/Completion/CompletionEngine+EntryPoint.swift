import TaskManager

extension CompletionEngine {
  /// The hidden command the completion scripts run: `taskman __complete <words…> <partial>`.
  /// Listed nowhere (not in help, nor among the commands completion offers).
  static let entryPoint = "__complete"

  /// The engine over the task files a command line's global options (and `session`'s
  /// environment and config file) name, read without changing anything
  /// (``CompletionValues/read(from:)``): of several files, their items together, as the
  /// commands number them; in `taskman shell`, the shell's files, whatever the line says.
  static func readingTaskFile(in session: Session) -> CompletionEngine {
    CompletionEngine { line in
      var globals = line
      if let shell = session.shellGlobals {
        globals.files = shell.files
        globals.dataDirectory = shell.dataDirectory
      }
      let context = CommandContext(session: session, globals: globals)
      guard FileKind.at(context.dataDirectory) != .file else { return nil }
      // The files setting says which files; nothing it warns about may reach the line.
      try? context.prepareSettings(warns: false)
      let files = context.taskFiles
      guard files.count > 1 else {
        guard let file = files.first else { return nil }
        return await CompletionValues.read(from: file)
      }
      var items: [Item] = []
      for file in files {
        if let values = await CompletionValues.read(from: file) { items += values.items }
      }
      return CompletionValues(items: items)
    } aliases: {
      ConfiguredCommandLines.load(for: session).aliases.values.sorted { $0.name < $1.name }.map {
        CompletionCandidate(value: $0.name, description: "alias for " + TextStyle.printable($0.text))
      }
    }
  }

  /// `taskman __complete <words…>`: the last word is the one being completed (empty at a new
  /// word). Prints one candidate a line, `value<TAB>description`, or `:files` or
  /// `:directories` alone (see ``Completions``). Always exit 0 and nothing on standard
  /// error: a Tab must never spill messages over the line being typed.
  @MainActor
  static func run(_ arguments: [String], session: Session) async -> ExitCode {
    let partial = arguments.last ?? ""
    let completions = await readingTaskFile(in: session).complete(Array(arguments.dropLast()), partial: partial)
    session.output.write(completions.text)
    return .success
  }
}
