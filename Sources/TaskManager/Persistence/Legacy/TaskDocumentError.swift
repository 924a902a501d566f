import Foundation

/// Why a task document could not be read: the 1-based line and what is wrong with it.
///
/// ```swift
/// do { _ = try TaskDocument.decode(data) }
/// catch { print(error) }  // line 7: invalid id "xyz"
/// ```
public struct TaskDocumentError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// The line the problem is on, counting the header as line 1.
  public var line: Int
  /// What is wrong.
  public var problem: Problem

  /// Creates an error for `problem` on `line`.
  public init(line: Int, problem: Problem) {
    self.line = line
    self.problem = problem
  }

  /// What can be wrong with a task document.
  public enum Problem: Hashable, Sendable, CustomStringConvertible {
    /// The document has no bytes at all, not even its header.
    case empty
    /// The first line is not a task document header; carries that line (shortened if long).
    case notATaskDocument(firstLine: String)
    /// The header names a version this build cannot read; carries the version as written.
    case unsupportedVersion(String)
    /// The line holds bytes that are not UTF-8; carries the first bad byte and its 1-based column.
    case invalidUTF8(byte: UInt8, column: Int)
    /// The line does not end with the item's `@id(…)`.
    case missingID
    /// The text in `@id(…)` where the UUID belongs is not one; carries that text.
    case invalidID(String)
    /// The id was already used by the item on line `firstLine`.
    case duplicateID(UUID, firstLine: Int)
    /// The line is indented `found` tabs, deeper than the `maximum` it may be: one more than
    /// the line before (0 for the first item).
    case indentedTooDeep(found: Int, maximum: Int)
    /// The indentation contains a space; the format indents with tabs only.
    case spaceInIndentation
    /// An attribute inside `@id(…)` has a name this build does not know; carries the name.
    case unknownAttribute(String)
    /// The line is otherwise not shaped as the format says; carries what is wrong with it.
    case malformedItem(String)
    /// A line of the undo history (after the `undo` line) is not shaped as the format says;
    /// carries what was expected.
    case malformedHistory(String)
    /// The lines end with carriage returns alone (classic Mac OS line breaks): read by the
    /// TaskPaper rules the file would be one line, and a line added would mix line breaks in.
    case classicLineBreaks

    /// What is wrong, without the line number.
    public var description: String {
      switch self {
      case .empty:
        return "the document is empty; a task document starts with the line \"\(TaskDocument.header)\""
      case let .notATaskDocument(firstLine):
        return "not a task document: expected the header \"\(TaskDocument.header)\", found \(quoted(firstLine))"
      case let .unsupportedVersion(version):
        return """
          the document is in format \(TaskDocument.formatName) v\(version), but this taskman reads \
          only up to v\(TaskDocument.version); a newer taskman may be needed
          """
      case let .invalidUTF8(byte, column):
        return "invalid UTF-8: byte 0x\(String(byte, radix: 16, uppercase: true)) at column \(column)"
      case .missingID:
        return "missing id: every item line must end with @id(<UUID>)"
      case let .invalidID(text):
        return "invalid id \(quoted(text))"
      case let .duplicateID(id, firstLine):
        return "duplicate id \(id.uuidString), already used on line \(firstLine)"
      case let .indentedTooDeep(found, maximum):
        return """
          bad indentation: \(tabs(found)), but an item may be at most one level deeper than the \
          item before it (at most \(tabs(maximum)) here)
          """
      case .spaceInIndentation:
        return "bad indentation: a space before the item; indent with tabs only"
      case let .unknownAttribute(name):
        return "unknown attribute \(quoted(name)) in @id(…); a newer taskman may have written it"
      case let .malformedItem(detail):
        return "malformed item: \(detail)"
      case let .malformedHistory(detail):
        return "malformed undo history: \(detail)"
      case .classicLineBreaks:
        return """
          its lines end with carriage returns alone (classic Mac OS line breaks), which taskman does \
          not read or write; convert them to line feeds (for example: tr '\\r' '\\n' < old > new)
          """
      }
    }
  }

  /// `line N: <problem>`, e.g. `line 7: invalid id "xyz"`.
  public var description: String { "line \(line): \(problem)" }

  /// The same as ``description``.
  public var errorDescription: String? { description }
}

private func quoted(_ text: String) -> String {
  String(reflecting: text)
}

private func tabs(_ count: Int) -> String {
  count == 1 ? "1 tab" : "\(count) tabs"
}
