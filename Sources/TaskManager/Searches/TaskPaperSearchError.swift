/// Why a search does not parse: where, and what was expected there.
///
/// ```swift
/// do { _ = try TaskPaperSearch(parsing: "@due < ") } catch {
///   error.description  // "expected a value after '<' at column 8"
///   error.offset  // 7
/// }
/// ```
public struct TaskPaperSearchError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The search as written.
  public var search: String
  /// Where the problem is: the number of characters before it.
  public var offset: Int
  /// What was expected there, e.g. "a value after '<'" or "')'".
  public var expected: String

  /// Creates an error.
  public init(search: String, offset: Int, expected: String) {
    self.search = search
    self.offset = offset
    self.expected = expected
  }

  /// The 1-based column of the problem.
  public var column: Int { offset + 1 }

  /// "expected … at column N".
  public var description: String { "expected \(expected) at column \(column)" }
}
