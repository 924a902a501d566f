/// Which items a merge keeps and under which parent: the outline's structure, before the order
/// of siblings (``MergeOrder``) and the text of each line (``MergeLine``).
///
/// - An item both sides have is kept; one neither has is not. One that a side deleted is kept
///   only when the other side changed its text (a delete against an edit keeps the edit), or
///   when an item kept is under it (it is kept with the text the other side has).
/// - An item's parent is the one both sides agree on, else the one of the side that moved it
///   (gave it another parent than the ancestor's); when both moved it to different parents,
///   ours'. A move on one side that would put an item inside itself with the other side's
///   moves (one side moved `A:` into `B:`, the other `B:` into `A:`) is undone: the item
///   takes ours' parent, or the top level.
struct MergeTree {
  /// Who decides where an item stands among its siblings.
  enum Placer: UInt8 {
    /// Not kept, or a parent no side gave it: it goes last among its siblings.
    case none
    /// Neither side moved it: it stays in the ancestor's order.
    case base
    /// Ours added or moved it: it goes after the sibling it follows in ours.
    case ours
    /// Theirs added or moved it: it goes after the sibling it follows in theirs.
    case theirs
  }

  var kept: [Bool]
  /// Each kept node's parent node, -1 at the top level.
  var parent: [Int]
  var placer: [Placer]

  init(nodes: MergeNodes, base: MergeSide, ours: MergeSide, theirs: MergeSide) {
    let count = nodes.count
    kept = [Bool](repeating: false, count: count)
    parent = [Int](repeating: -1, count: count)
    placer = [Placer](repeating: .none, count: count)

    for node in 0..<count {
      let (o, t) = (nodes.oursLine[node], nodes.theirsLine[node])
      if node < nodes.baseCount {
        if o >= 0, t >= 0 {
          kept[node] = true
        } else if o >= 0 {
          kept[node] = ours.content(o) != base.content(node)
        } else if t >= 0 {
          kept[node] = theirs.content(t) != base.content(node)
        }
      } else {
        kept[node] = o >= 0 || t >= 0
      }
      parent[node] = Self.parent(of: node, nodes: nodes, base: base, ours: ours, theirs: theirs)
    }
    OutlineWork.count(count)
    // An item kept under one that was deleted keeps it, and so on up.
    for node in 0..<count where kept[node] {
      var ancestor = parent[node]
      while ancestor >= 0, !kept[ancestor] {
        OutlineWork.count(1)
        kept[ancestor] = true
        ancestor = parent[ancestor]
      }
    }
    breakCycles(nodes: nodes, ours: ours)
    decidePlacers(nodes: nodes, base: base, ours: ours, theirs: theirs)
  }

  /// The parent the sides agree on, else the one the side that moved the item gave it (ours'
  /// when both did).
  private static func parent(of node: Int, nodes: MergeNodes, base: MergeSide, ours: MergeSide, theirs: MergeSide) -> Int {
    let inOurs = nodes.oursParent(of: node, in: ours)
    let inTheirs = nodes.theirsParent(of: node, in: theirs)
    let inBase = nodes.baseParent(of: node, in: base)
    switch (inOurs, inTheirs) {
    case let (o?, t?): return o == t || t == inBase ? o : o == inBase ? t : o
    case let (o?, nil): return o
    case let (nil, t?): return t
    case (nil, nil): return inBase ?? -1
    }
  }

  /// Makes the kept nodes' parents a tree: a node found on a cycle takes ours' parent, or the
  /// top level when that is on the cycle too (or ours does not have it).
  private mutating func breakCycles(nodes: MergeNodes, ours: MergeSide) {
    // 0: not seen, 1: on the path being walked, 2: known to reach the top level.
    var state = [UInt8](repeating: 0, count: kept.count)
    var path: [Int] = []
    for start in kept.indices where kept[start] && state[start] == 0 {
      var node = start
      while true {
        OutlineWork.count(1)
        if node < 0 || state[node] == 2 { break }
        if state[node] == 1 {
          // A cycle through `node`: it takes ours' parent if that leads out of the path.
          let fromOurs = nodes.oursParent(of: node, in: ours) ?? -1
          parent[node] = fromOurs >= 0 && state[fromOurs] != 1 && kept[fromOurs] ? fromOurs : -1
          node = parent[node]
          continue
        }
        state[node] = 1
        path.append(node)
        node = parent[node]
      }
      for visited in path { state[visited] = 2 }
      path.removeAll(keepingCapacity: true)
    }
  }

  /// Each kept node's ``Placer``: the side that moved or added it under its parent, else the
  /// ancestor's order.
  private mutating func decidePlacers(nodes: MergeNodes, base: MergeSide, ours: MergeSide, theirs: MergeSide) {
    let oursStable = Self.stableLines(side: ours, sideNodes: nodes.oursNode, base: base, baseCount: nodes.baseCount)
    let theirsStable = Self.stableLines(side: theirs, sideNodes: nodes.theirsNode, base: base, baseCount: nodes.baseCount)
    for node in kept.indices where kept[node] {
      let merged = parent[node]
      let inOurs = nodes.oursParent(of: node, in: ours)
      let inTheirs = nodes.theirsParent(of: node, in: theirs)
      let inBase = nodes.baseParent(of: node, in: base)
      let movedInOurs = inOurs != nil && (inOurs != inBase || !oursStable[nodes.oursLine[node]])
      let movedInTheirs = inTheirs != nil && (inTheirs != inBase || !theirsStable[nodes.theirsLine[node]])
      if inOurs == merged, movedInOurs {
        placer[node] = .ours
      } else if inTheirs == merged, movedInTheirs {
        placer[node] = .theirs
      } else if inBase == merged {
        placer[node] = .base
      } else if inOurs == merged {
        placer[node] = .ours
      } else if inTheirs == merged {
        placer[node] = .theirs
      }
    }
    OutlineWork.count(kept.count)
  }

  /// For each line of `side`, whether it is an ancestor's line that kept its parent and its
  /// place among the siblings that did too: the longest run of them in the ancestor's order
  /// (a longest increasing subsequence, found in n log n). The others were moved by the side.
  static func stableLines(side: MergeSide, sideNodes: [Int], base: MergeSide, baseCount: Int) -> [Bool] {
    var stable = [Bool](repeating: false, count: side.lineCount)
    var sequence: [Int] = []
    var tails: [Int] = []
    var previous: [Int] = []
    for parentLine in -1..<side.lineCount {
      let parentNode = parentLine < 0 ? -1 : sideNodes[parentLine]
      sequence.removeAll(keepingCapacity: true)
      for child in side.children(of: parentLine) {
        let node = sideNodes[child]
        if node < baseCount, base.parents[node] == parentNode { sequence.append(child) }
      }
      guard !sequence.isEmpty else { continue }
      // Patience sorting: `tails[k]` is the index in `sequence` ending the best run of k + 1.
      tails.removeAll(keepingCapacity: true)
      previous.removeAll(keepingCapacity: true)
      for (index, line) in sequence.enumerated() {
        let value = sideNodes[line]
        var low = 0
        var high = tails.count
        while low < high {
          OutlineWork.count(1)
          let middle = (low + high) / 2
          if sideNodes[sequence[tails[middle]]] < value { low = middle + 1 } else { high = middle }
        }
        previous.append(low > 0 ? tails[low - 1] : -1)
        if low == tails.count { tails.append(index) } else { tails[low] = index }
      }
      var index = tails.last ?? -1
      while index >= 0 {
        stable[sequence[index]] = true
        index = previous[index]
      }
    }
    return stable
  }
}
