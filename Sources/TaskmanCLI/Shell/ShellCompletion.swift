/// What Tab completes in `taskman shell`'s line editor: given the words before the one being
/// typed and what is typed of it, the values it may become.
///
/// The editor calls ``complete`` on Tab; one candidate is inserted with a space after it,
/// several have their common prefix inserted, and a second Tab lists them (with their
/// descriptions) below the prompt. ``commands`` completes command names and options from the
/// command table; the full engine (ids with their titles, tags, projects) plugs in here.
///
/// ```swift
/// ShellCompletion.commands.complete(wordsBeforeCursor: [], partial: "ta")
/// // [Candidate(value: "tag", …), Candidate(value: "tags", …)]
/// ShellCompletion.commands.complete(wordsBeforeCursor: ["list"], partial: "--j")
/// // [Candidate(value: "--json", …)]
/// ```
struct ShellCompletion {
  /// A value a word may be completed to, with what it is (an id's title, a command's abstract).
  struct Candidate: Hashable, Sendable {
    var value: String
    var description: String?

    init(value: String, description: String? = nil) {
      self.value = value
      self.description = description
    }
  }

  /// The candidates for `partial` (unquoted), after `wordsBeforeCursor` (unquoted, without a
  /// leading `taskman`); only those starting with `partial`.
  var complete: (_ wordsBeforeCursor: [String], _ partial: String) -> [Candidate]

  init(complete: @escaping (_ wordsBeforeCursor: [String], _ partial: String) -> [Candidate]) {
    self.complete = complete
  }

  /// No completion at all.
  static var none: ShellCompletion { ShellCompletion { _, _ in [] } }

  /// Command names (and `exit`, `quit`) for the first word, then the command's options, and the
  /// values of an option that takes one of a closed set (`--sort`'s keys).
  static var commands: ShellCompletion { ShellCompletion(complete: commandCandidates) }

  private static func commandCandidates(_ words: [String], _ partial: String) -> [Candidate] {
    let candidates: [Candidate]
    if words.isEmpty {
      candidates =
        CommandTable.all.map { Candidate(value: $0.name, description: $0.abstract) }
        + [Candidate(value: "exit", description: "End the session."), Candidate(value: "quit", description: "End the session.")]
    } else if let command = CommandTable.command(named: words[0]) {
      let definitions = command.definitions
      if let last = words.last, last.hasPrefix("--"),
        let option = definitions.first(where: { $0.kind == .option && "--\($0.name)" == last }),
        !option.allowedValues.isEmpty
      {
        candidates = option.allowedValues.map { Candidate(value: $0) }
      } else if partial.hasPrefix("-") {
        candidates =
          definitions.filter { $0.kind != .argument }.map { Candidate(value: "--\($0.name)", description: $0.help) }
          + [Candidate(value: "--help", description: "Show the command's help.")]
      } else if command.name == "help", words.count == 1 {
        candidates = CommandTable.all.map { Candidate(value: $0.name, description: $0.abstract) }
      } else {
        candidates = []
      }
    } else {
      candidates = []
    }
    var seen = Set<String>()
    return candidates.filter { $0.value.hasPrefix(partial) && seen.insert($0.value).inserted }
  }
}
