/// Text shown to the user by an alert, a dialog or a button, kept in state so that tests can
/// assert it.
///
/// ```swift
/// let title: TextState = "Are you sure?"
/// let message = TextState("Delete \(task.title)?")
/// ```
public struct TextState: Hashable, Sendable, Codable, CustomStringConvertible,
  ExpressibleByStringInterpolation
{
  /// The text, as shown.
  public var string: String

  /// Creates text from a string.
  @inlinable
  public init(_ string: String) {
    self.string = string
  }

  /// Creates text from a string literal: `let title: TextState = "Are you sure?"`.
  @inlinable
  public init(stringLiteral value: String) {
    self.string = value
  }

  /// The text itself, so that `"\(title)"` shows what the user sees.
  public var description: String { string }
}

extension TextState: CustomDumpStringConvertible {
  /// `TextState("Are you sure?")`.
  public var customDumpDescription: String { "TextState(\(customDump(string)))" }
}
