/// `list.filter`: the filter options `taskman list` uses when it is given none of its own,
/// written as they are typed after `taskman list`.
///
/// ```swift
/// let filter = try ListFilterSetting(settingText: "--not-tag someday --project 'Home Office'")
/// filter.words  // ["--not-tag", "someday", "--project", "Home Office"]
/// ```
///
/// Only `list`'s filter options: `--tag`, `--not-tag`, `--project`, `--search`,
/// `--due-before`, `--due-after` (each with a value, as `--tag x` or `--tag=x`), `--done`,
/// `--all` and `--overdue`. Words are separated by spaces; a word with spaces in it is quoted
/// with `'` or `"`. Empty text (the default) is no filter. Whether a value makes sense (a date
/// `list` can read) is `list`'s to say when it uses them.
public struct ListFilterSetting: Hashable, Sendable, SettingValue {
  /// The options and their values, as separate words.
  public var words: [String]
  /// The text as written.
  public var settingText: String

  /// No filter.
  public init() {
    words = []
    settingText = ""
  }

  /// Options that take a value.
  public static let valueOptions: Set<String> = ["tag", "not-tag", "project", "search", "due-before", "due-after"]
  /// Options that stand alone.
  public static let flagOptions: Set<String> = ["done", "all", "overdue"]

  /// Reads `settingText` into words, checking that each is one of `list`'s filter options and
  /// that each option that takes a value has one.
  public init(settingText: String) throws(SettingValueError) {
    let words = try Self.split(settingText)
    var index = 0
    while index < words.count {
      let word = words[index]
      guard word.hasPrefix("--") else {
        throw SettingValueError(reason: "'\(word)' is not an option; expected list's filter options, like --tag work or --not-tag someday")
      }
      let name = word.dropFirst(2).prefix { $0 != "=" }
      let hasInlineValue = word.contains("=")
      if Self.valueOptions.contains(String(name)) {
        if !hasInlineValue {
          guard index + 1 < words.count else {
            throw SettingValueError(reason: "\(word) needs a value, like \(word) work")
          }
          index += 1
        }
      } else if Self.flagOptions.contains(String(name)), !hasInlineValue {
        // A flag alone.
      } else {
        let known = (Self.valueOptions.map { "--\($0)" } + Self.flagOptions.map { "--\($0)" }).sorted()
        throw SettingValueError(reason: "\(word) is not one of list's filter options (\(known.joined(separator: ", ")))")
      }
      index += 1
    }
    self.words = words
    self.settingText = settingText
  }

  /// Every value is open text.
  public static var allowedSettingTexts: [String] { [] }

  /// Splits at spaces and tabs outside quotes; a quote of either kind runs to the same quote.
  static func split(_ text: String) throws(SettingValueError) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    for character in text {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
        inWord = true
      } else if character == " " || character == "\t" {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(character)
        inWord = true
      }
    }
    if let quote { throw SettingValueError(reason: "a \(quote) quote is not closed") }
    if inWord { words.append(current) }
    return words
  }
}
