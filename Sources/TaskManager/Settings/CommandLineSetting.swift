/// A taskman command line kept in the config file, written as it is typed after `taskman`:
/// the `default` setting (what `taskman` alone runs) and each `alias.<name>` line.
///
/// ```swift
/// let line = try CommandLineSetting(settingText: "list --project 'Home Office' --flat")
/// line.words  // ["list", "--project", "Home Office", "--flat"]
/// ```
///
/// Words are separated by spaces; a word with spaces in it is quoted with `'` or `"`. Empty
/// text (the default) is no command line. Whether the words make a command is the command
/// line's parser's to say when they are run: the file is read before taskman knows them all.
public struct CommandLineSetting: Hashable, Sendable, SettingValue {
  /// The command line's words.
  public var words: [String]
  /// The text as written.
  public var settingText: String

  /// No command line.
  public init() {
    words = []
    settingText = ""
  }

  /// Reads `settingText` into words; throws when a quote is left open.
  public init(settingText: String) throws(SettingValueError) {
    words = try ListFilterSetting.split(settingText)
    self.settingText = settingText
  }

  /// Whether there are no words.
  public var isEmpty: Bool { words.isEmpty }

  /// Every value is open text.
  public static var allowedSettingTexts: [String] { [] }
}
