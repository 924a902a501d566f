/// One `alias.<name> = <command line>` line of the config file: a name of the person's own for
/// a command line, which `taskman <name> [more words]` runs with the words after it, as git's
/// aliases do.
///
/// ```
/// alias.ls = list --flat
/// alias.work = list --where 'project Work//not @done'
/// ```
///
/// ```swift
/// let file = SettingsFile(bytes: Array("alias.ls = list --flat\n".utf8))
/// file.aliases[0].name                 // "ls"
/// try file.aliases[0].commandLine.words  // ["list", "--flat"]
/// ```
public struct CommandAlias: Hashable, Sendable {
  /// The config key's prefix before an alias's name.
  public static let keyPrefix = "alias."

  /// The alias's name: the key after `alias.`.
  public var name: String
  /// The value as written.
  public var text: String
  /// The line of the config file, from 1.
  public var line: Int

  /// An alias named `name` for the command line `text`, from `line` of the config file.
  public init(name: String, text: String, line: Int) {
    self.name = name
    self.text = text
    self.line = line
  }

  /// The command line the alias stands for; throws when its text cannot be split into words
  /// (a quote left open).
  public var commandLine: CommandLineSetting {
    get throws(SettingValueError) { try CommandLineSetting(settingText: text) }
  }

  /// The alias's name in a config key `alias.<name>`; nil for another key.
  static func name(inKey key: String) -> String? {
    guard key.hasPrefix(keyPrefix), key.count > keyPrefix.count else { return nil }
    return String(key.dropFirst(keyPrefix.count))
  }
}
