/// How one flag, option or positional argument is written and described: the untyped half of a
/// ``Parameter``, shared by the parser, the usage line and the help page so they cannot disagree.
struct ParameterDefinition: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    /// `--json`: present or not.
    case flag
    /// `--tag <name>` or `--tag=<name>`: takes one value per occurrence.
    case option
    /// `<id>`: a word in a given position.
    case argument
  }

  var kind: Kind
  /// The long name without dashes (`tag` for `--tag`); for an argument, its value name (`id`).
  var name: String
  /// A one-letter alias (`h` for `-h`); flags and options only.
  var shortName: Character?
  /// What the value is called in `<…>` (`name[=value]`); options only.
  var valueName: String
  /// One or two sentences for the help page.
  var help: String
  /// An option that may be given several times, or an argument that takes every remaining word.
  var isRepeating = false
  /// An argument that may be left out (a repeating one may then take no words).
  var isOptional = false
  /// The values accepted, when they form a closed set; listed in help.
  var allowedValues: [String] = []
  /// What kind of value the option or argument takes, which completion offers; nil for a flag.
  var valueKind: ValueKind?
  /// The name of the option an argument gives way to (`where` for `done`'s `<id>`): with that
  /// option given, the argument takes no words (they go to the next argument, if any), and
  /// without it the argument is required. The usage line shows both as alternatives:
  /// `(<id> ... | --where <search>)`.
  var replacedBy: String?

  /// Identifies the definition among a command's: `--tag`, `<id>`.
  var key: String { kind == .argument ? "<\(name)>" : "--\(name)" }

  /// `--tag`, or `<id>` for an argument: how messages refer to it.
  var displayName: String { key }

  /// `--tag <name[=value]>`, `--json`, `<text>`: the definition as one usage element.
  var synopsis: String {
    switch kind {
    case .flag: "--\(name)"
    case .option: "--\(name) <\(valueName)>"
    case .argument: "<\(name)>"
    }
  }

  /// The left column of the help page: `-h, --help`, `--tag <name[=value]>`, `<id>`.
  var helpLabel: String {
    let short = shortName.map { "-\($0), " } ?? ""
    return short + synopsis
  }
}

extension ParameterDefinition {
  /// What an option's or argument's value is, so completion (and anything else reading the
  /// declarations) knows what to offer for it: `done <TAB>` offers ids, `--file <TAB>` files.
  enum ValueKind: Hashable, Sendable {
    /// Free text (a title, a note, a search): nothing to offer.
    case text
    /// A search in TaskPaper's language (see Documentation/Searches.md): nothing to offer.
    case search
    /// A whole number.
    case number
    /// A date, like 2026-12-01 or friday.
    case date
    /// A file's path.
    case path
    /// A directory's path.
    case directory
    /// An item's id, or a unique prefix of it.
    case id
    /// A tag's name, with or without its `@` (`shopping`).
    case tag
    /// A tag in TaskPaper form: `@name` or `@name(value)`.
    case taskPaperTag
    /// A project's name (or path).
    case project
    /// A saved search's name (an item tagged `@search(…)`; see `taskman searches`).
    case savedSearch
    /// A taskman command's name.
    case command
    /// A shell that `taskman completion` writes a script for.
    case shell
    /// A setting's key, like list.sort.
    case settingKey
    /// A value of the setting named by the word before it (`config set list.sort <TAB>`).
    case settingValue
    /// One of the definition's ``ParameterDefinition/allowedValues`` (listed in help).
    case allowedValues
    /// One of these words, which help describes in its own words.
    case choices([String])
  }
}
