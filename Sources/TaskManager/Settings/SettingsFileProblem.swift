/// A line of the config file taskman cannot read: where it is, what is wrong and how to fix it.
///
/// ```swift
/// let file = SettingsFile(data: Data("colour\n".utf8))
/// file.problems[0].description
/// // "line 1: 'colour' has no '='. Write it as key = value, like color = never, or start it with # to make it a comment."
/// ```
public struct SettingsFileProblem: Hashable, Sendable, CustomStringConvertible {
  /// The line's number, from 1.
  public var line: Int
  /// What is wrong, as a sentence without its full stop.
  public var message: String
  /// How to fix it, a full sentence.
  public var fix: String

  /// A problem on `line`.
  public init(line: Int, message: String, fix: String) {
    self.line = line
    self.message = message
    self.fix = fix
  }

  /// `line N: what. How to fix it.`
  public var description: String { "line \(line): \(message). \(fix)" }
}
