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
