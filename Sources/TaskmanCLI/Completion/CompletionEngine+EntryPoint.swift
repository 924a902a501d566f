extension CompletionEngine {
  /// The hidden command the completion scripts run: `taskman __complete <words…> <partial>`.
  /// Listed nowhere (not in help, nor among the commands completion offers).
  static let entryPoint = "__complete"

  /// The engine over the task file a command line's global options (and `session`'s
  /// environment) name, read without changing anything (``CompletionValues/read(from:)``);
  /// in `taskman shell`, the shell's file, whatever the line says.
  static func readingTaskFile(in session: Session) -> CompletionEngine {
    CompletionEngine { line in
      var globals = line
      if let shell = session.shellGlobals {
        globals.file = shell.file
        globals.dataDirectory = shell.dataDirectory
      }
      let dataDirectory = DataDirectory.resolve(
        option: globals.dataDirectory, environment: session.environment,
        currentDirectory: session.currentDirectory, home: session.home
      )
      guard FileKind.at(dataDirectory) != .file else { return nil }
      let file = TaskFileLocation(
        option: globals.file, environment: session.environment, dataDirectory: dataDirectory,
        currentDirectory: session.currentDirectory
      )
      return await CompletionValues.read(from: file)
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
