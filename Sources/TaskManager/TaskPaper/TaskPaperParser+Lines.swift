import Foundation

extension TaskPaperParser {
  /// A document read line by line, before the lines are nested into a tree: what the parser
  /// and ``TaskPaperSource`` (which keeps each line's bytes) share.
  struct Lines {
    /// One item per line, in document order, without children; ids are still to be given.
    var items: [Item]
    /// The index of each line's parent in ``items``, or -1 at the top level.
    var parents: [Int]
    /// Where each line sits in the bytes.
    var spans: [Span]
  }

  /// The bytes of one line: `start..<contentEnd` is the line (indentation included, a `\r`
  /// before the `\n` excluded), `contentEnd..<end` its line break (empty for a last line
  /// without one). The indentation is ``Item/level`` bytes long.
  struct Span {
    var start: Int
    var contentEnd: Int
    var end: Int
  }

  /// Reads every line of `bytes` and works out each line's parent.
  static func scanLines(_ bytes: UnsafeBufferPointer<UInt8>) -> Lines {
    var items: [Item] = []
    var parents: [Int] = []
    var spans: [Span] = []
    // Open non-blank items that may still receive children: (index in `items`, level).
    var stack: [(index: Int, level: Int)] = []
    // Blank lines waiting for the next non-blank line: (index, stack depth their level asks for).
    var pendingBlanks: [(index: Int, depth: Int)] = []
    var matches: [TagSyntax.Match] = []
    var tagLists = TagListCache()
    let placeholder = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    func parentIndex(atDepth depth: Int) -> Int { depth == 0 ? -1 : stack[depth - 1].index }
    func depth(below level: Int) -> Int {
      var depth = stack.count
      while depth > 0, stack[depth - 1].level >= level { depth -= 1 }
      return depth
    }
    func placePendingBlanks(notAbove floorDepth: Int) {
      guard !pendingBlanks.isEmpty else { return }
      var ceilingDepth = Int.max
      for blank in pendingBlanks {
        let depth = min(max(blank.depth, floorDepth), ceilingDepth)
        ceilingDepth = depth
        parents[blank.index] = parentIndex(atDepth: depth)
      }
      removeAllKeepingCapacity(&pendingBlanks)
    }

    let count = bytes.count
    // Room for every line at once: growing the arrays a step at a time moved them repeatedly.
    var lineCount = 1
    if let base = bytes.baseAddress {
      var next = base
      let end = base + count
      while let found = memchr(next, Int32(ASCII.lineFeed), end - next) {
        lineCount += 1
        next = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) + 1
      }
    }
    items.reserveCapacity(lineCount)
    parents.reserveCapacity(lineCount)
    spans.reserveCapacity(lineCount)
    var lineStart = 0
    while lineStart < count {
      let lineEnd =
        memchr(bytes.baseAddress! + lineStart, Int32(ASCII.lineFeed), count - lineStart)
        .map { UnsafeRawPointer($0) - UnsafeRawPointer(bytes.baseAddress!) } ?? count
      var contentEnd = lineEnd
      if lineEnd < count, contentEnd > lineStart, bytes[contentEnd - 1] == ASCII.carriageReturn {
        contentEnd -= 1
      }

      let line = parseLine(bytes, lineStart, contentEnd, asTask: false, matches: &matches)
      let index = items.count
      let lineTags = matches.isEmpty ? [] : tagLists.tags(bytes, matches, make: tags)
      items.append(makeItem(bytes, line, id: placeholder, tags: lineTags))
      spans.append(Span(start: lineStart, contentEnd: contentEnd, end: min(lineEnd + 1, count)))
      if line.kind == .note, line.title.isEmpty, matches.isEmpty {
        parents.append(-1)
        pendingBlanks.append((index, depth(below: line.level)))
      } else {
        let depth = depth(below: line.level)
        placePendingBlanks(notAbove: depth)
        parents.append(parentIndex(atDepth: depth))
        while stack.count > depth { stack.removeLast() }
        stack.append((index, line.level))
      }
      lineStart = lineEnd + 1
    }
    placePendingBlanks(notAbove: 0)
    return Lines(items: items, parents: parents, spans: spans)
  }

  /// Nests the lines into a tree, moving the items out of `lines`.
  static func assemble(_ lines: inout Lines) -> [Item] {
    // Children have larger indices than their parent, so walking backwards finishes every item
    // before it is moved into its parent. Children arrive last-first and are reversed once done.
    var roots: [Item] = []
    var index = lines.items.count - 1
    let nullID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    while index >= 0 {
      // Swapping with an allocation-free placeholder moves the item out instead of copying it.
      var item = Item(id: nullID, kind: .note, title: "")
      swap(&item, &lines.items[index])
      item.children.reverseByMoving()
      let parent = lines.parents[index]
      if parent < 0 {
        roots.append(item)
      } else {
        lines.items[parent].children.append(item)
      }
      index -= 1
    }
    roots.reverseByMoving()
    return roots
  }

  /// Where a line's subtree lies, and which array holds its children in the assembled tree: what
  /// lets ``TaskPaperWriter`` copy a subtree that no change touched as the bytes it was read from.
  struct Subtree: Sendable {
    /// One past the subtree's last line, or -1 when its lines are not one run (which the parser
    /// never makes, but nothing is assumed).
    var end: Int
    /// The address of the storage of the item's `children` in the assembled tree (0 for none).
    /// An item whose children still have that storage has the children it was read with: a
    /// change to any of them copies the array first, and the tree that holds this storage is
    /// kept alive with the addresses, so none can be reused.
    var children: UInt
  }

  /// A document nested into a tree by ``assembledWithSubtrees(_:)``, with where each line lies.
  struct Assembled {
    /// The top-level items.
    var roots: [Item]
    /// Each line's ``Subtree``.
    var subtrees: [Subtree]
    /// The address of each line's item in the tree's arrays: the tree never changes (a change
    /// to an outline copies the arrays it changes), so whoever keeps `roots` can read each
    /// line's item there rather than keep a copy of every item.
    var items: [UInt]
  }

  /// Nests the lines into a tree, moving the items out of `lines` (which is left without
  /// items), and says where each line's subtree and item lie in it.
  static func assembledWithSubtrees(_ lines: inout Lines) -> Assembled {
    let count = lines.items.count
    var children = [[Item]](repeating: [], count: count)
    // Made at their final size: grown an item at a time, they were moved repeatedly and kept up
    // to twice the room they need; and no array moves once an item's address is taken.
    var childCounts = [Int](repeating: 0, count: count)
    var rootCount = 0
    for parent in lines.parents {
      if parent < 0 { rootCount += 1 } else { childCounts[parent] += 1 }
    }
    var roots: [Item] = []
    roots.reserveCapacity(rootCount)
    // Lines in each subtree, and one past the last line of each (descendants come later).
    var sizes = [Int](repeating: 1, count: count)
    var subtrees = [Subtree](repeating: Subtree(end: 0, children: 0), count: count)
    for index in 0..<count { subtrees[index].end = index + 1 }
    let nullID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var index = count - 1
    while index >= 0 {
      // Swapping with an allocation-free placeholder moves the item out instead of copying it.
      var item = Item(id: nullID, kind: .note, title: "")
      swap(&item, &lines.items[index])
      if !children[index].isEmpty {
        // Reversed in place and moved into the item: `reversed()` would copy every child.
        children[index].reverseByMoving()
        swap(&item.children, &children[index])
        subtrees[index].children = item.children.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
      }
      let end = subtrees[index].end
      if end != index + sizes[index] { subtrees[index].end = -1 }
      let parent = lines.parents[index]
      if parent < 0 {
        roots.append(consume item)
      } else {
        if children[parent].isEmpty { children[parent].reserveCapacity(childCounts[parent]) }
        children[parent].append(consume item)
        sizes[parent] += sizes[index]
        if end < 0 || subtrees[parent].end < 0 {
          subtrees[parent].end = -1
        } else {
          subtrees[parent].end = max(subtrees[parent].end, end)
        }
      }
      index -= 1
    }
    roots.reverseByMoving()
    // Only placeholders are left: their memory is the addresses' to take.
    lines.items = []
    // Siblings lie in document order: each line is its parent's next child.
    let rootsStart = roots.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    let stride = UInt(MemoryLayout<Item>.stride)
    var items = [UInt](repeating: 0, count: count)
    var nextRoot: UInt = 0
    for index in 0..<count { childCounts[index] = 0 }
    for line in 0..<count {
      let parent = lines.parents[line]
      if parent < 0 {
        items[line] = rootsStart + nextRoot * stride
        nextRoot += 1
      } else {
        items[line] = subtrees[parent].children + UInt(childCounts[parent]) * stride
        childCounts[parent] += 1
      }
    }
    return Assembled(roots: roots, subtrees: subtrees, items: items)
  }
}

extension Array {
  /// Reverses the elements by moving them, where `reverse()` copies and destroys each one it
  /// swaps (a retain and a release per field of an item).
  fileprivate mutating func reverseByMoving() {
    withUnsafeMutableBufferPointer { buffer in
      guard var low = buffer.baseAddress, buffer.count > 1 else { return }
      var high = low + (buffer.count - 1)
      while low < high {
        let lowElement = low.move()
        low.moveInitialize(from: high, count: 1)
        high.initialize(to: lowElement)
        low += 1
        high -= 1
      }
    }
  }
}
