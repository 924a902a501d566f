/// The items of a merge, each with its line in the common ancestor (base), ours and theirs:
/// the file carries no ids, so each side's lines are matched to the ancestor's by
/// ``LineMatcher``, as the journal matches lines after edits made outside taskman.
///
/// Node numbers: `0..<baseCount` are the ancestor's lines; `baseCount + l` is line `l` of ours
/// when ours added it, and `baseCount + oursCount + l` line `l` of theirs when theirs added it.
/// A line both sides added with the same text, under the same parent and after the same
/// previous sibling (the same change made twice) is one node: ours' number.
struct MergeNodes {
  let baseCount: Int
  let oursCount: Int
  /// Each node's line in base, ours and theirs; -1 where that version does not have it.
  var baseLine: [Int]
  var oursLine: [Int]
  var theirsLine: [Int]
  /// Each line's node, in ours and in theirs.
  var oursNode: [Int]
  var theirsNode: [Int]

  var count: Int { baseLine.count }

  init(base: MergeSide, ours: MergeSide, theirs: MergeSide) {
    baseCount = base.lineCount
    oursCount = ours.lineCount
    let count = base.lineCount + ours.lineCount + theirs.lineCount
    baseLine = [Int](repeating: -1, count: count)
    oursLine = baseLine
    theirsLine = baseLine
    for line in 0..<base.lineCount { baseLine[line] = line }

    let oursMatch = LineMatcher.match(old: base.keys, new: ours.keys, oldParents: base.parents, newParents: ours.parents)
    let theirsMatch = LineMatcher.match(old: base.keys, new: theirs.keys, oldParents: base.parents, newParents: theirs.parents)
    OutlineWork.count(ours.lineCount + theirs.lineCount)

    oursNode = [Int](repeating: -1, count: ours.lineCount)
    for line in 0..<ours.lineCount {
      let node = oursMatch[line] >= 0 ? oursMatch[line] : base.lineCount + line
      oursNode[line] = node
      oursLine[node] = line
    }

    // The lines ours added, by text, parent and previous sibling: a key no two lines of one
    // side share, since a line is the previous sibling of one line at most.
    var added: [AddedKey: Int] = [:]
    for line in 0..<ours.lineCount where oursMatch[line] < 0 {
      added[Self.key(of: line, in: ours, nodes: oursNode)] = line
    }
    theirsNode = [Int](repeating: -1, count: theirs.lineCount)
    // In document order: a line's parent and previous sibling have their nodes already.
    for line in 0..<theirs.lineCount {
      var node = theirsMatch[line]
      if node < 0 {
        node = base.lineCount + ours.lineCount + line
        if !added.isEmpty, let same = added[Self.key(of: line, in: theirs, nodes: theirsNode)],
          ours.content(same) == theirs.content(line)
        {
          node = base.lineCount + same
        }
      }
      theirsNode[line] = node
      theirsLine[node] = line
    }
    OutlineWork.count(ours.lineCount + theirs.lineCount)
  }

  private struct AddedKey: Hashable {
    var content: UInt64
    var parent: Int
    var previous: Int
  }

  private static func key(of line: Int, in side: MergeSide, nodes: [Int]) -> AddedKey {
    let parent = side.parents[line]
    let previous = side.previousSiblings[line]
    return AddedKey(content: side.contentHashes[line], parent: parent < 0 ? -1 : nodes[parent], previous: previous < 0 ? -1 : nodes[previous])
  }

  /// Whether `node` is a line both sides added alike.
  func isAddedByBoth(_ node: Int) -> Bool {
    node >= baseCount && oursLine[node] >= 0 && theirsLine[node] >= 0
  }

  /// The node of the parent of `node` in ours (-1 at the top level), or nil when ours lacks it.
  func oursParent(of node: Int, in ours: MergeSide) -> Int? {
    let line = oursLine[node]
    guard line >= 0 else { return nil }
    let parent = ours.parents[line]
    return parent < 0 ? -1 : oursNode[parent]
  }

  /// The node of the parent of `node` in theirs (-1 at the top level), or nil when theirs lacks it.
  func theirsParent(of node: Int, in theirs: MergeSide) -> Int? {
    let line = theirsLine[node]
    guard line >= 0 else { return nil }
    let parent = theirs.parents[line]
    return parent < 0 ? -1 : theirsNode[parent]
  }

  /// The node of the parent of `node` in base (-1 at the top level), or nil when base lacks it.
  func baseParent(of node: Int, in base: MergeSide) -> Int? {
    guard node < baseCount else { return nil }
    let parent = base.parents[node]
    return parent
  }
}
