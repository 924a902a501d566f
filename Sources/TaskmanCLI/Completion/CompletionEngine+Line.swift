extension CompletionEngine {
  /// The words before the cursor, read as the parser reads them (``ArgumentScanner``), but
  /// forgiving: unknown options are passed over and nothing is refused.
  struct Line {
    /// `--file` and `--data-dir`, for where the values come from.
    var globals = GlobalOptions()
    /// The command, once its name is among the words.
    var command: (any ParsableCommand.Type)?
    /// The first word that is no option is no command's name: nothing to offer.
    var unknownCommand = false
    /// The words after the command's name that are no options or option values.
    var positionals: [String] = []
    /// Past a `--`: every word is an argument.
    var optionsEnded = false
    /// An option that takes a value, given last without one: the partial word is its value.
    var pendingOption: ParameterDefinition?
    /// The keys (`--tag`) of the options and flags given.
    var given: Set<String> = []

    init(_ words: [String]) {
      for word in words {
        if let option = pendingOption {
          set(option, word)
          pendingOption = nil
        } else if !optionsEnded, word == "--" {
          optionsEnded = true
        } else if !optionsEnded, ArgumentScanner.looksLikeOption(word) {
          let (spelled, value) = ArgumentScanner.split(word)
          guard let definition = find(spelled) else { continue }
          given.insert(definition.key)
          if definition.kind == .option {
            if let value { set(definition, value) } else { pendingOption = definition }
          }
        } else if command == nil {
          guard let found = CommandTable.command(named: word) else {
            unknownCommand = true
            return
          }
          command = found
        } else {
          positionals.append(word)
        }
      }
    }

    /// The command's options and flags, then the global ones (all of them before a command).
    var optionDefinitions: [ParameterDefinition] {
      (command?.definitions ?? []).filter { $0.kind != .argument } + GlobalOptions.definitions
    }

    /// The options not given yet (or that may be repeated), each with its help's first
    /// sentence; of a group of exclusive flags (`--done | --all`), none once one is given.
    func optionCandidates() -> [CompletionCandidate] {
      let groups = (command?.flagGroups ?? [])
      return optionDefinitions.compactMap { definition in
        if given.contains(definition.key), !definition.isRepeating { return nil }
        if groups.contains(where: { group in group.contains(definition.key) && !given.isDisjoint(with: group) }) {
          return nil
        }
        return CompletionCandidate(value: "--" + definition.name, description: CompletionEngine.firstSentence(definition.help))
      }
    }

    private mutating func set(_ option: ParameterDefinition, _ value: String) {
      guard GlobalOptions.definitions.contains(option), !value.isEmpty else { return }
      switch option.name {
      case "file": globals.files.append(value)
      case "data-dir": globals.dataDirectory = value
      default: break
      }
    }

    private func find(_ spelled: String) -> ParameterDefinition? {
      if spelled.hasPrefix("--") {
        let name = spelled.dropFirst(2)
        return optionDefinitions.first { $0.name == name }
      }
      guard spelled.count == 2, let letter = spelled.last else { return nil }
      return optionDefinitions.first { $0.shortName == letter }
    }
  }
}

extension ParsableCommand {
  /// The keys of each group of exclusive flags (`--done | --all`).
  static var flagGroups: [Set<String>] {
    configuration.parameters.compactMap { $0.definitions.count > 1 ? Set($0.definitions.map(\.key)) : nil }
  }
}
