/// The order of each kept item's children in a merge.
///
/// The items neither side moved keep the ancestor's order (both sides agree on it). Every item
/// a side added or moved goes right after its anchor: the sibling before it in that side, left
/// out the siblings that side neither kept in place nor placed itself (those the other side
/// moved away). So a run of lines a side added stays together, between the same neighbours.
/// Where both sides put a run after the same anchor, the run whose first line's text sorts
/// first goes first, so that the result does not depend on which side is ours.
struct MergeOrder {
  /// The children of each node (index `node + 1`; index 0 for the top level), in order.
  private(set) var children: [[Int]]

  init(tree: MergeTree, nodes: MergeNodes, base: MergeSide, ours: MergeSide, theirs: MergeSide) {
    let count = nodes.count
    // Anchors: `node` for "after node", `count + 1 + parent` for "first under parent".
    var oursRuns = [Int](repeating: -1, count: 2 * count + 1)
    var theirsRuns = oursRuns
    func start(_ parent: Int) -> Int { count + 1 + parent }

    Self.link(side: ours, sideNodes: nodes.oursNode, tree: tree, placer: .ours, into: &oursRuns, start: start) { _ in false }
    Self.link(side: theirs, sideNodes: nodes.theirsNode, tree: tree, placer: .theirs, into: &theirsRuns, start: start) {
      nodes.isAddedByBoth($0)
    }

    func text(of node: Int, placer: MergeTree.Placer) -> ArraySlice<UInt8> {
      placer == .theirs ? theirs.content(nodes.theirsLine[node]) : ours.content(nodes.oursLine[node])
    }
    var emitted = [Bool](repeating: false, count: count)
    var children = [[Int]](repeating: [], count: count + 1)
    var stack: [Int] = []
    // After `anchor`: the runs anchored there, depth first (a run's line, then what is
    // anchored after it).
    func emitRuns(after anchor: Int, into list: inout [Int]) {
      stack.append(anchor)
      var isAnchor = true
      while let next = stack.popLast() {
        OutlineWork.count(1)
        if !isAnchor {
          list.append(next)
          emitted[next] = true
        }
        isAnchor = false
        let (first, second) = (oursRuns[next], theirsRuns[next])
        if first >= 0, second >= 0 {
          let theirsFirst = text(of: second, placer: .theirs).lexicographicallyPrecedes(text(of: first, placer: .ours))
          stack.append(theirsFirst ? first : second)
          stack.append(theirsFirst ? second : first)
        } else if first >= 0 {
          stack.append(first)
        } else if second >= 0 {
          stack.append(second)
        }
      }
    }
    for parent in -1..<count where parent < 0 || tree.kept[parent] {
      var list: [Int] = []
      emitRuns(after: start(parent), into: &list)
      if parent < nodes.baseCount {
        for child in base.children(of: parent) where tree.kept[child] && tree.placer[child] == .base && tree.parent[child] == parent {
          list.append(child)
          emitted[child] = true
          emitRuns(after: child, into: &list)
        }
      }
      children[parent + 1] = list
    }
    // Items no side placed under their parent (see ``MergeTree``) go last.
    for node in 0..<count where tree.kept[node] && !emitted[node] {
      children[tree.parent[node] + 1].append(node)
    }
    self.children = children
  }

  /// Links the items `side` added or moved (its ``MergeTree/Placer``) to their anchors: each
  /// to the nearest sibling before it in `side` that is kept there in place, or placed by
  /// `side`, or (`isAnchor`) another item it may follow.
  private static func link(
    side: MergeSide, sideNodes: [Int], tree: MergeTree, placer: MergeTree.Placer, into runs: inout [Int],
    start: (Int) -> Int, isAnchor: (Int) -> Bool
  ) {
    for parentLine in -1..<side.lineCount {
      let parent = parentLine < 0 ? -1 : sideNodes[parentLine]
      guard parent < 0 || tree.kept[parent] else { continue }
      var anchor = start(parent)
      for child in side.children(of: parentLine) {
        let node = sideNodes[child]
        guard tree.kept[node], tree.parent[node] == parent else { continue }
        if tree.placer[node] == placer {
          runs[anchor] = node
          anchor = node
        } else if tree.placer[node] == .base || isAnchor(node) {
          anchor = node
        }
      }
      OutlineWork.count(1)
    }
  }
}
