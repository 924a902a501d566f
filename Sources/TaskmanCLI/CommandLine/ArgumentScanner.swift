/// Reads words against a list of ``ParameterDefinition``s: the untyped core of parsing, used
/// for the options before a command's name and for everything after it.
///
/// - `--name value`, `--name=value`, `-h`, `-p value`; flags take no value (`--json=x` is an
///   error).
/// - An option's value is the next word unless it starts with `-` (then the value is missing:
///   write `--search=-foo`), so a forgotten value never swallows the next option.
/// - `--` ends the options: every later word is an argument, even `--json` or `-5`.
/// - A lone `-` is an argument.
enum ArgumentScanner {
  /// Sorts `words` into options and positional words; `values.words["<positional>"]` holds the
  /// latter until ``assignPositionals(to:in:)`` hands them to the arguments.
  ///
  /// With `stopAtFirstPositional`, scanning stops at the first positional word (the command's
  /// name) and `stoppedAt` is its index (`words.endIndex` when there is none).
  static func scan(
    _ words: ArraySlice<String>,
    definitions: [ParameterDefinition],
    optionsEnded: Bool = false,
    commandName: String?,
    usage: @escaping @autoclosure @Sendable () -> String
  ) throws(TaskmanError) -> ParsedValues {
    try scan(
      words, definitions: definitions, optionsEnded: optionsEnded, stopAtFirstPositional: false,
      commandName: commandName, usage: usage()
    ).values
  }

  static let positionalKey = "<positional>"

  static func scan(
    _ words: ArraySlice<String>,
    definitions: [ParameterDefinition],
    optionsEnded initiallyEnded: Bool,
    stopAtFirstPositional: Bool,
    commandName: String?,
    usage: @escaping @autoclosure @Sendable () -> String
  ) throws(TaskmanError) -> (values: ParsedValues, stoppedAt: Int, optionsEnded: Bool) {
    var values = ParsedValues(usage: usage(), commandName: commandName)
    var optionsEnded = initiallyEnded
    var index = words.startIndex
    while index < words.endIndex {
      let word = words[index]
      if optionsEnded || !looksLikeOption(word) {
        if stopAtFirstPositional { return (values, index, optionsEnded) }
        values.words[positionalKey, default: []].append(word)
        index += 1
        continue
      }
      if word == "--" {
        optionsEnded = true
        index += 1
        continue
      }

      // A short option's value is the next word, never glued to its letter as getopt reads
      // `-pWork`: taskman's arguments are free text, and `add Meet -fred` must not write to
      // a file named `red`.
      let (spelled, inlineValue) = split(word)
      guard let definition = find(spelled, in: definitions) else {
        throw unknownOption(spelled, definitions: definitions, values: values)
      }
      switch definition.kind {
      case .flag:
        if inlineValue != nil {
          throw .usage(
            "option \(definition.displayName) takes no value (found '\(word)')",
            usage: values.usage, hint: values.helpHint
          )
        }
        values.words[definition.key, default: []].append("")
        values.flagOrder.append(definition.key)
        index += 1
      case .option:
        if let inlineValue {
          values.words[definition.key, default: []].append(inlineValue)
          index += 1
        } else if index + 1 < words.endIndex, !looksLikeOption(words[index + 1]) {
          values.words[definition.key, default: []].append(words[index + 1])
          index += 2
        } else {
          let atEnd = index + 1 == words.endIndex
          throw .usage(
            "option \(definition.displayName) needs a value: \(definition.synopsis)",
            usage: values.usage,
            hint: atEnd
              ? values.helpHint
              : "A value starting with '-' goes after '=': \(definition.displayName)=<\(definition.valueName)>."
          )
        }
      case .argument:
        preconditionFailure("arguments have no dashed spelling")
      }
    }
    return (values, words.endIndex, optionsEnded)
  }

  /// Hands the positional words to `definitions`' arguments in order: each single argument
  /// takes one word, a repeating one the rest. Missing or extra words are usage errors.
  static func assignPositionals(to definitions: [ParameterDefinition], in values: inout ParsedValues) throws(TaskmanError) {
    var remaining = (values.words.removeValue(forKey: positionalKey) ?? [])[...]
    // An argument whose option was given instead: its words would be extra.
    var replaced: (argument: ParameterDefinition, option: ParameterDefinition)?
    for definition in definitions where definition.kind == .argument {
      if let name = definition.replacedBy, let option = definitions.first(where: { $0.kind == .option && $0.name == name }) {
        if values.words[option.key] != nil {
          replaced = (definition, option)
          continue
        }
        if remaining.isEmpty {
          throw .usage(
            "missing \(definition.displayName)", usage: values.usage,
            hint: "Give \(definition.displayName)\(definition.isRepeating ? " ..." : ""), or \(option.synopsis) to act on what it finds."
          )
        }
      }
      if definition.isRepeating {
        if remaining.isEmpty && !definition.isOptional { throw missing(definition, values) }
        values.words[definition.key] = Array(remaining)
        remaining = []
      } else if let word = remaining.popFirst() {
        values.words[definition.key] = [word]
      } else if !definition.isOptional {
        throw missing(definition, values)
      }
    }
    if let extra = remaining.first, let (argument, option) = replaced {
      throw .usage(
        "\(argument.displayName) and \(option.displayName) cannot be given together ('\(extra)')", usage: values.usage,
        hint: "Give \(argument.displayName)\(argument.isRepeating ? " ..." : ""), or \(option.synopsis) to act on what it finds, not both."
      )
    }
    if let extra = remaining.first {
      let what = remaining.count == 1 ? "unexpected argument '\(extra)'" : "unexpected arguments '\(remaining.joined(separator: "' '"))'"
      throw .usage(what, usage: values.usage, hint: values.helpHint)
    }
  }

  // MARK: - Helpers

  static func split(_ word: String) -> (name: String, value: String?) {
    guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
    return (String(word[..<equals]), String(word[word.index(after: equals)...]))
  }

  private static func find(_ spelled: String, in definitions: [ParameterDefinition]) -> ParameterDefinition? {
    if spelled.hasPrefix("--") {
      let name = spelled.dropFirst(2)
      return definitions.first { $0.kind != .argument && $0.name == name }
    }
    guard spelled.count == 2, let letter = spelled.last else { return nil }
    return definitions.first { $0.kind != .argument && $0.shortName == letter }
  }

  /// Whether a word is an option: a dash, then a name without whitespace. A word like
  /// `- Buy milk` (a TaskPaper task typed in quotes) is text.
  static func looksLikeOption(_ word: String) -> Bool {
    guard word.hasPrefix("-"), word != "-" else { return false }
    let name = word.prefix { $0 != "=" }
    return !name.contains(where: \.isWhitespace)
  }

  private static func missing(_ definition: ParameterDefinition, _ values: ParsedValues) -> TaskmanError {
    .usage("missing \(definition.displayName)", usage: values.usage, hint: values.helpHint)
  }

  private static func unknownOption(
    _ spelled: String,
    definitions: [ParameterDefinition],
    values: ParsedValues
  ) -> TaskmanError {
    let names = definitions.filter { $0.kind != .argument }.flatMap { definition in
      ["--\(definition.name)"] + (definition.shortName.map { ["-\($0)"] } ?? [])
    }
    let place = values.commandName.map { " for '\($0)'" } ?? ""
    var message = "unknown option '\(spelled)'\(place)"
    if let suggestion = Suggestion.nearest(to: spelled, in: names) {
      message += ". Did you mean '\(suggestion)'?"
    }
    var hint = "Run 'taskman help\(values.commandName.map { " \($0)" } ?? "")' to see the options."
    if values.commandName != nil, definitions.contains(where: { $0.kind == .argument }) {
      hint += " To pass a word starting with '-' as text, put '--' before it."
    }
    return .usage(message, hint: hint)
  }
}
