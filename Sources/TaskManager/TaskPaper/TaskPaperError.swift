import Foundation

/// An error from parsing a single tag or a single task, worded for the user.
///
/// ```swift
/// do { _ = try TaskPaperParser.parseTag("@a @b") }
/// catch { print(error) }  // Unable to convert @a @b into a tag.
/// ```
public enum TaskPaperError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// The text holds no tag, several tags, or more than a tag and surrounding whitespace.
  case invalidTag(String)
  /// The text is empty, whitespace only, or spans more than one line.
  case invalidTask(String)

  /// The text that could not be converted, exactly as given.
  public var text: String {
    switch self {
    case .invalidTag(let text), .invalidTask(let text): text
    }
  }

  /// `Unable to convert <TEXT> into a tag.` or `Unable to convert <TEXT> into a task.`
  public var description: String {
    switch self {
    case .invalidTag(let text): "Unable to convert \(text) into a tag."
    case .invalidTask(let text): "Unable to convert \(text) into a task."
    }
  }

  /// The same as ``description``, so `localizedDescription` shows the user-facing sentence.
  public var errorDescription: String? { description }
}
