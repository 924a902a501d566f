import TaskManager

/// Works out what completes the word being typed on a `taskman` command line, from the same
/// declarations parsing and help read (``CommandTable``, each command's ``Parameter``s and
/// ``GlobalOptions``): command names with their abstracts, options with the first sentence of
/// their help, and values by each parameter's ``ParameterDefinition/ValueKind``: ids with
/// their titles, tag and project names (from ``values``), the closed sets, setting keys.
///
/// Used by `taskman __complete` for the shells' scripts, and meant for the line editor of
/// `taskman shell`:
///
/// ```swift
/// let engine = CompletionEngine { _ in CompletionValues(items: tasks) }
/// engine.complete(["done"], partial: "3f")
/// // Completions(candidates: [CompletionCandidate(value: "3f2a", description: "Buy milk")])
/// ```
///
/// Parsing here forgives what the parser refuses (an unknown option, a missing value): a
/// half-typed line is the normal case.
@MainActor
struct CompletionEngine {
  /// The task list's values for the line's global options (`--file`, `--data-dir`), asked
  /// for only when a word is an id, a tag or a project; nil when there are none to offer.
  var values: @MainActor (GlobalOptions) async -> CompletionValues?
  /// The person's aliases from the config file, offered after the commands.
  var aliases: @MainActor () -> [CompletionCandidate]

  init(
    values: @escaping @MainActor (GlobalOptions) async -> CompletionValues?,
    aliases: @escaping @MainActor () -> [CompletionCandidate] = { [] }
  ) {
    self.values = values
    self.aliases = aliases
  }

  /// What completes `partial`, the word under the cursor (empty at a new word), after
  /// `words`, the words before it without the program's name (`["list", "--tag"]`).
  func complete(_ words: [String], partial: String) async -> Completions {
    let line = Line(words)
    guard !line.unknownCommand else { return Completions() }
    if let option = line.pendingOption {
      return await complete(value: partial, of: option, line: line)
    }
    if !line.optionsEnded, partial.hasPrefix("--"), let equals = partial.firstIndex(of: "=") {
      let name = partial[partial.index(partial.startIndex, offsetBy: 2)..<equals]
      guard let option = line.optionDefinitions.first(where: { $0.kind == .option && $0.name == name }) else {
        return Completions()
      }
      var completions = await complete(value: String(partial[partial.index(after: equals)...]), of: option, line: line)
      let spelled = partial[...equals]
      completions.candidates = completions.candidates.map {
        CompletionCandidate(value: spelled + $0.value, description: $0.description)
      }
      return completions
    }
    if !line.optionsEnded, partial.hasPrefix("-") {
      return Completions(candidates: Self.filter(line.optionCandidates(), by: partial))
    }
    guard let command = line.command else {
      let commands = Self.commandCandidates()
      let aliases = aliases().filter { alias in !commands.contains { $0.value == alias.value } }
      return Completions(candidates: Self.filter(commands + aliases, by: partial))
    }
    guard let argument = Self.argument(at: line.positionals.count, of: command.definitions, given: line.given) else {
      return Completions()
    }
    return await complete(value: partial, of: argument, line: line)
  }

  /// The argument a word in `position` (0 for the first after the command's name) goes to; an
  /// argument whose option was given instead (`tag --where <search>`) takes none.
  private nonisolated static func argument(
    at position: Int,
    of definitions: [ParameterDefinition],
    given: Set<String>
  ) -> ParameterDefinition? {
    let arguments = definitions.filter { $0.kind == .argument && $0.replacedBy.map { given.contains("--" + $0) } != true }
    if position < arguments.count { return arguments[position] }
    return arguments.last.flatMap { $0.isRepeating ? $0 : nil }
  }

  private func complete(value partial: String, of definition: ParameterDefinition, line: Line) async -> Completions {
    let candidates: [CompletionCandidate]
    switch definition.valueKind ?? .text {
    case .text, .number, .date, .search:
      return Completions()
    case .path:
      return Completions(files: .files)
    case .directory:
      return Completions(files: .directories)
    case .allowedValues:
      candidates = definition.allowedValues.map { CompletionCandidate(value: $0) }
    case .choices(let words):
      candidates = words.map { CompletionCandidate(value: $0) }
    case .command:
      candidates = Self.commandCandidates()
    case .shell:
      candidates = CompletionShell.allCases.map { CompletionCandidate(value: $0.rawValue) }
    case .settingKey:
      candidates = SettingsKey.all.map { CompletionCandidate(value: $0.name, description: Self.firstSentence($0.summary)) }
    case .settingValue:
      let key = line.positionals.last.flatMap(SettingsKey.named)
      candidates = (key?.allowedValues ?? []).map { CompletionCandidate(value: $0) }
    case .id:
      return Completions(candidates: await values(line.globals)?.ids(startingWith: partial) ?? [])
    case .tag:
      candidates = await values(line.globals)?.tags(withAt: partial.hasPrefix("@")) ?? []
    case .taskPaperTag:
      candidates = await values(line.globals)?.tags(withAt: true) ?? []
    case .project:
      candidates = await values(line.globals)?.projects() ?? []
    case .savedSearch:
      candidates = await values(line.globals)?.savedSearches() ?? []
    }
    return Completions(candidates: Self.filter(candidates, by: partial))
  }

  /// Every visible command, with its abstract.
  nonisolated static func commandCandidates() -> [CompletionCandidate] {
    CommandTable.all.map { CompletionCandidate(value: $0.name, description: $0.abstract) }
  }

  /// The candidates starting with `partial`; when none does, those starting with it ignoring
  /// case (`err` finds the project Errands: bash puts it in place; zsh and fish match as they
  /// are set to).
  nonisolated static func filter(_ candidates: [CompletionCandidate], by partial: String) -> [CompletionCandidate] {
    guard !partial.isEmpty else { return candidates }
    let exact = candidates.filter { $0.value.hasPrefix(partial) }
    if !exact.isEmpty { return exact }
    let lowered = partial.lowercased()
    return candidates.filter { $0.value.lowercased().hasPrefix(lowered) }
  }

  /// The help text up to its first full stop followed by a space (or all of it), without the
  /// stop: a description is one short line.
  nonisolated static func firstSentence(_ text: String) -> String {
    var sentence = text
    if let end = text.range(of: ". ") { sentence = String(text[..<end.lowerBound]) }
    if sentence.hasSuffix(".") { sentence.removeLast() }
    return sentence
  }
}
