/// An item whose text both sides of a merge changed in ways that do not combine (its title
/// edited differently, or the same tag given different values): both versions are in the
/// merged file, ours' as the item (with its children) and theirs' right after its subtree,
/// at the same indentation and marked `@conflict`.
///
/// ```swift
/// let result = try OutlineMerge.merge(base: base, ours: ours, theirs: theirs)
/// for conflict in result.conflicts {
///   print("line \(conflict.line): \(conflict.ours) / line \(conflict.conflictLine): \(conflict.theirs)")
/// }
/// ```
public struct OutlineMergeConflict: Hashable, Sendable {
  /// The line of the merged file holding ours' version (1-based).
  public var line: Int
  /// The line of the merged file holding theirs' version, marked `@conflict` (1-based).
  public var conflictLine: Int
  /// Ours' text of the line, without indentation.
  public var ours: String
  /// Theirs' text of the line, without indentation and before it was marked.
  public var theirs: String

  /// Creates a conflict; ``OutlineMerge`` makes these, tests may too.
  public init(line: Int, conflictLine: Int, ours: String, theirs: String) {
    self.line = line
    self.conflictLine = conflictLine
    self.ours = ours
    self.theirs = theirs
  }
}
