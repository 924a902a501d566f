/// The three-way merge of TaskPaper outlines that `taskman merge-driver` runs for git: the
/// common ancestor's bytes and two versions made from it in, the merged bytes and the
/// conflicts out. Pure: no files, no state.
///
/// ```swift
/// let base = Array("Home:\n\t- Call mom\n".utf8)
/// let ours = Array("Home:\n\t- Call mom @today\n".utf8)
/// let theirs = Array("Home:\n\t- Call mom @done(2026-11-29)\n\t- Buy milk\n".utf8)
/// let result = try OutlineMerge.merge(base: base, ours: ours, theirs: theirs)
/// // "Home:\n\t- Call mom @done(2026-11-29) @today\n\t- Buy milk\n", no conflicts
/// ```
///
/// The file carries no ids, so each side's lines are matched to the ancestor's (by text,
/// title, parent and place, as the journal matches lines after edits made outside taskman).
/// Then, item by item:
/// - an item only one side changed takes that side's line; different tags of one item changed
///   on both sides combine; the same item's title (or tag) changed differently on both sides is
///   a conflict, kept as two lines, the second (theirs) marked `@conflict`, never with `<<<<<<<`
///   markers (see ``OutlineMergeConflict``);
/// - an item deleted on one side and edited on the other is kept, edited; one deleted on one
///   side and left alone on the other is deleted;
/// - an item moved on one side goes where that side put it; moved on both, where ours put it;
/// - items neither side moved keep their order; an item added goes between the same
///   neighbours it has on its side (when both sides add at one place, the one whose text sorts
///   first goes first, whichever side is ours); the same line added alike on both sides is kept
///   once;
/// - every line keeps its bytes (indentation, spacing, line break, a missing final line break)
///   as the side it comes from has them.
///
/// When the edits do not conflict, the result has the same items whichever side is ours; a
/// version merged with itself, or with the ancestor, gives that version back byte for byte.
/// The work is linear in the number of lines, but for sorting the lines each side moved.
public enum OutlineMerge {
  /// One of the three versions a merge reads.
  public enum Side: String, Hashable, Sendable, CustomStringConvertible {
    /// The common ancestor (git's `%O`).
    case base
    /// The version being merged into (git's `%A`, the current branch).
    case ours
    /// The other version (git's `%B`).
    case theirs

    /// The version's name: `base`, `ours` or `theirs`.
    public var description: String { rawValue }
  }

  /// What a merge gives: the merged file, and the items kept twice because both sides changed
  /// them differently.
  public struct Result: Hashable, Sendable {
    /// The merged file's bytes.
    public var bytes: [UInt8]
    /// The conflicts, in the order of the merged file.
    public var conflicts: [OutlineMergeConflict]

    /// Creates a result.
    public init(bytes: [UInt8], conflicts: [OutlineMergeConflict] = []) {
      self.bytes = bytes
      self.conflicts = conflicts
    }
  }

  /// Merges `ours` and `theirs`, two versions of a TaskPaper file made from `base`.
  ///
  /// - Throws: ``OutlineMergeError`` when a version the merge must read is not UTF-8 or ends
  ///   its lines with lone carriage returns. (When two of the versions are the same bytes the
  ///   merge is the third, or ours, whatever the bytes.)
  public static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8]) throws(OutlineMergeError) -> Result {
    try merge(base: base, ours: ours, theirs: theirs, shortcuts: true)
  }

  /// ``merge(base:ours:theirs:)``; without `shortcuts`, versions that are the same bytes are
  /// merged line by line too (what tests check the line-by-line merge with).
  static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8], shortcuts: Bool) throws(OutlineMergeError) -> Result {
    if shortcuts {
      if ours == theirs || theirs == base { return Result(bytes: ours) }
      if ours == base { return Result(bytes: theirs) }
    }
    let baseSide = try side(base, .base)
    let oursSide = try side(ours, .ours)
    let theirsSide = try side(theirs, .theirs)
    let nodes = MergeNodes(base: baseSide, ours: oursSide, theirs: theirsSide)
    let tree = MergeTree(nodes: nodes, base: baseSide, ours: oursSide, theirs: theirsSide)
    let order = MergeOrder(tree: tree, nodes: nodes, base: baseSide, ours: oursSide, theirs: theirsSide)
    var writer = MergeWriter(base: baseSide, ours: oursSide, theirs: theirsSide, nodes: nodes)
    writer.write(order)
    return Result(bytes: writer.output, conflicts: writer.conflicts)
  }

  private static func side(_ bytes: [UInt8], _ side: Side) throws(OutlineMergeError) -> MergeSide {
    do { return try MergeSide(bytes) } catch { throw OutlineMergeError(side: side, problem: error) }
  }
}
