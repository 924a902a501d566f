/// What Tab completes in `taskman shell`'s line editor: given the words before the one being
/// typed and what is typed of it, the values it may become.
///
/// The editor calls ``complete`` on Tab; one candidate is inserted with a space after it,
/// several have their common prefix inserted, and a second Tab lists them (with their
/// descriptions) below the prompt. ``engine(_:)`` asks the ``CompletionEngine`` that
/// `taskman __complete` answers with (commands, options, ids with their titles, tags,
/// projects), and adds `exit` and `quit` as first words.
///
/// ```swift
/// await ShellCompletion.commands.complete([], "ta")
/// // [CompletionCandidate(value: "tag", …), CompletionCandidate(value: "tags", …)]
/// await ShellCompletion.commands.complete(["list"], "--j")
/// // [CompletionCandidate(value: "--json", …)]
/// ```
@MainActor
struct ShellCompletion {
  /// The candidates for `partial` (unquoted), after `wordsBeforeCursor` (unquoted, without a
  /// leading `taskman`).
  var complete: @MainActor (_ wordsBeforeCursor: [String], _ partial: String) async -> [CompletionCandidate]

  init(complete: @escaping @MainActor (_ wordsBeforeCursor: [String], _ partial: String) async -> [CompletionCandidate]) {
    self.complete = complete
  }

  /// No completion at all.
  static var none: ShellCompletion { ShellCompletion { _, _ in [] } }

  /// What `engine` offers; paths (`--file`, `import`) are not completed here (the engine
  /// leaves them to the shells).
  static func engine(_ engine: CompletionEngine) -> ShellCompletion {
    ShellCompletion { words, partial in
      var candidates = await engine.complete(words, partial: partial).candidates
      if words.isEmpty {
        candidates += CompletionEngine.filter(
          [CompletionCandidate(value: "exit", description: "End the session"), CompletionCandidate(value: "quit", description: "End the session")],
          by: partial)
      }
      return candidates
    }
  }

  /// Commands and options only, with no task file to read values from.
  static var commands: ShellCompletion { engine(CompletionEngine { _ in nil }) }
}
