import Foundation

extension TaskJournal.Entry {
  /// The entry for the change from the items `before` to the items `after` (top-level items,
  /// each with its children): every item added, removed, moved or whose line changed.
  ///
  /// Items are compared by id. Subtrees that are the same value on both sides (the usual case:
  /// a change copies only the path to what it touched) are skipped without being walked, so
  /// recording a `done` costs about the length of that path, not the size of the list.
  ///
  /// A removed line that `source` still holds unchanged is recorded with its exact text, so
  /// that undoing the change puts back the bytes the user wrote.
  public init(_ description: String, from before: [Item], to after: [Item], source: TaskPaperSource = .empty) {
    self = Self.recording(description, from: before, to: after, source: source).entry
  }

  /// The entry for the change from `before` to `after` (see
  /// ``init(_:from:to:source:)``), with the items of its changes as they are after it, by id:
  /// what checks the lines the change writes without walking the whole list.
  ///
  /// `moved` names the items the change moved, where the change knows them (`move`): among
  /// siblings whose order changed, more than one set of items can explain it (`A B C` to
  /// `A C B` is `B` moved after `C`, or `C` before `B`), and the entry then says that the items
  /// named moved, so that undo and redo move them and no other.
  public static func recording(
    _ description: String, from before: [Item], to after: [Item], source: TaskPaperSource = .empty, moved: Set<UUID> = []
  ) -> (entry: Self, itemsAfter: [UUID: Item]) {
    var recorder = Recorder(source: source, moved: moved)
    recorder.compare(before, after, parentID: nil)
    let changes = recorder.changes()
    return (Self(description: description, changes: changes), recorder.itemsAfter)
  }

  /// Whether the entry changes nothing.
  public var isEmpty: Bool { changes.isEmpty }

  /// The entry with the lines as the change wrote them (``TaskFile/Written/rewrittenLines``):
  /// each line after the change is the one written, and a line the change did not touch but
  /// that was written anew (re-indented under an item that moved) is recorded too, so that undo
  /// and redo give back exactly the bytes before and after.
  ///
  /// `newLines` are the lines added, as written (``TaskFile/Written/newLines``): a new line
  /// takes the indentation of the sibling before it, so that redo writes it there again.
  public func recordingLines(asWritten rewritten: [UUID: TaskJournal.Change.Lines], newLines: [UUID: String] = [:]) -> Self {
    guard !rewritten.isEmpty || !newLines.isEmpty else { return self }
    var entry = self
    var recorded = Set<UUID>()
    for index in entry.changes.indices {
      let change = entry.changes[index]
      recorded.insert(change.id)
      if case .place(let id, nil, var after?) = change, let line = newLines[id] {
        after.line = line
        entry.changes[index] = .place(id: id, before: nil, after: after)
        continue
      }
      guard let lines = rewritten[change.id] else { continue }
      switch change {
      case .line(let id, let before, _):
        entry.changes[index] = .line(id: id, before: before, after: lines.after)
      case .place(let id, let before, var after?):
        after.line = lines.after
        entry.changes[index] = .place(id: id, before: before, after: after)
      case .place:
        break
      }
    }
    // Sorted so that one change always encodes the same way; undo applies line changes by id.
    for (id, lines) in rewritten.sorted(by: { $0.key.precedesInTextOrder($1.key) }) where !recorded.contains(id) {
      entry.changes.append(.line(id: id, before: lines.before, after: lines.after))
    }
    return entry
  }
}

private struct Recorder {
  let source: TaskPaperSource
  /// The items the change says it moved: among several ways to explain a new order of
  /// siblings, the one where they moved.
  let moved: Set<UUID>
  private var lineFinder = SourceLineFinder()
  private var scratch: [TagSyntax.Match] = []
  /// Items whose line or place among the same parent's children changed, in the order met.
  private var changed: [TaskJournal.Change] = []
  /// Subtrees no longer under their parent, and subtrees newly under one.
  private var removedRoots: [(placement: Place, item: Item)] = []
  private var insertedRoots: [(placement: Place, item: Item)] = []
  /// Each item met on the side after the change where a change was recorded, by id.
  private(set) var itemsAfter: [UUID: Item] = [:]

  struct Place {
    var parentID: UUID?
    var position: Int
    /// For the first of a run of siblings the change places (see
    /// ``TaskJournal/Placement/neighbours``): the others follow it, and those under it go with it.
    var neighbours: TaskJournal.Placement.Neighbours? = nil
  }

  init(source: TaskPaperSource, moved: Set<UUID> = []) {
    self.source = source
    self.moved = moved
  }

  /// The arrays of siblings being compared, one per depth, and what is left to do among them.
  private struct Level {
    var before: [Item]
    var after: [Item]
    var parentID: UUID?
    /// The pairs of items with the same id, in the order of `after`, and what each needs.
    var steps: [Step]
    var next = 0
  }

  private struct Step {
    enum Kind { case children, line, moved }
    var before: Int
    var after: Int
    var kind: Kind
  }

  /// Compares the items, depth first in document order (the order changes are recorded in),
  /// with a stack of its own rather than recursion, so deep outlines cannot overflow the call
  /// stack; an item's children are compared right after the item.
  mutating func compare(_ before: [Item], _ after: [Item], parentID: UUID?) {
    var stack: [Level] = []
    var compared = 0
    defer { OutlineWork.count(compared) }
    if let level = enter(before, after, parentID: parentID) { stack.append(level) }
    while !stack.isEmpty {
      let last = stack.count - 1
      guard stack[last].next < stack[last].steps.count else {
        stack.removeLast()
        continue
      }
      let step = stack[last].steps[stack[last].next]
      stack[last].next += 1
      compared += 1
      let parentID = stack[last].parentID
      let old = stack[last].before[step.before]
      let new = stack[last].after[step.after]
      switch step.kind {
      case .children:
        break
      case .line:
        record(old, Place(parentID: parentID, position: step.before), new, Place(parentID: parentID, position: step.after))
      case .moved:
        itemsAfter[new.id] = new
        changed.append(
          .place(
            id: old.id,
            before: placement(of: old, Place(parentID: parentID, position: step.before, neighbours: .of(step.before, among: stack[last].before))),
            after: placement(of: new, Place(parentID: parentID, position: step.after, neighbours: .of(step.after, among: stack[last].after)))
          )
        )
      }
      if let level = enter(old.children, new.children, parentID: old.id) { stack.append(level) }
    }
  }

  /// Starts comparing two arrays of siblings: records the items removed and inserted among
  /// them, and returns the pairs left to compare, or `nil` when there is nothing to do.
  private mutating func enter(_ before: [Item], _ after: [Item], parentID: UUID?) -> Level? {
    OutlineWork.count(max(before.count, after.count))
    if before.count == after.count {
      let same = before.withUnsafeBufferPointer { b in after.withUnsafeBufferPointer { a in b.baseAddress == a.baseAddress } }
      if same { return nil }
      if before.indices.allSatisfy({ before[$0].id == after[$0].id }) {
        // An item whose line is the same and whose children are the very same array is
        // unchanged; one whose children are another array is compared below.
        var steps: [Step] = []
        for index in before.indices {
          if differsInLine(before[index], after[index]) {
            steps.append(Step(before: index, after: index, kind: .line))
          } else if !Self.sameStorage(before[index].children, after[index].children) {
            steps.append(Step(before: index, after: index, kind: .children))
          }
        }
        return steps.isEmpty ? nil : Level(before: before, after: after, parentID: parentID, steps: steps)
      }
    }

    var beforePositions: [UUID: Int] = [:]
    beforePositions.reserveCapacity(before.count)
    for (position, item) in before.enumerated() { beforePositions[item.id] = position }
    var afterIDs = Set<UUID>(minimumCapacity: after.count)
    for item in after { afterIDs.insert(item.id) }

    // The neighbours of the first of a run of items placed together: the others follow it.
    for (position, item) in before.enumerated() where !afterIDs.contains(item.id) {
      let follows = position > 0 && !afterIDs.contains(before[position - 1].id)
      let neighbours = follows ? nil : TaskJournal.Placement.Neighbours.of(position, among: before) { !afterIDs.contains(before[$0].id) }
      removedRoots.append((Place(parentID: parentID, position: position, neighbours: neighbours), item))
    }
    // Items on both sides: those outside the longest run that kept its order moved.
    var common: [(after: Int, before: Int)] = []
    for (position, item) in after.enumerated() {
      if let old = beforePositions[item.id] {
        common.append((position, old))
      } else {
        let follows = position > 0 && beforePositions[after[position - 1].id] == nil
        let neighbours = follows ? nil : TaskJournal.Placement.Neighbours.of(position, among: after) { beforePositions[after[$0].id] == nil }
        insertedRoots.append((Place(parentID: parentID, position: position, neighbours: neighbours), item))
      }
    }
    var stayed = longestIncreasingRun(common.map(\.before))
    // When the items named moved are the ones out of order, and no more of them than the
    // longest run leaves out, they are the ones recorded as moved.
    if !moved.isEmpty, common.count - stayed.count > 0 {
      let others = common.indices.filter { !moved.contains(before[common[$0].before].id) }
      if others.count == stayed.count, zip(others, others.dropFirst()).allSatisfy({ common[$0].before < common[$1].before }) {
        stayed = Set(others)
      }
    }
    var steps: [Step] = []
    steps.reserveCapacity(common.count)
    for (offset, pair) in common.enumerated() {
      let kind: Step.Kind =
        !stayed.contains(offset) ? .moved : differsInLine(before[pair.before], after[pair.after]) ? .line : .children
      steps.append(Step(before: pair.before, after: pair.after, kind: kind))
    }
    return steps.isEmpty ? nil : Level(before: before, after: after, parentID: parentID, steps: steps)
  }

  private static func sameStorage(_ a: [Item], _ b: [Item]) -> Bool {
    a.count == b.count && a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
  }


  /// The recorded changes: items whose line or position changed, then the subtrees removed and
  /// inserted, expanded item by item (an item in both is one that moved to another parent).
  mutating func changes() -> [TaskJournal.Change] {
    var removed: [UUID: TaskJournal.Placement] = [:]
    var removedOrder: [UUID] = []
    for root in removedRoots {
      expand(root.item, at: root.placement) { item, placement in
        removed[item.id] = placement
        removedOrder.append(item.id)
      }
    }
    var inserted: [UUID: TaskJournal.Placement] = [:]
    var insertedOrder: [UUID] = []
    var itemsInserted: [UUID: Item] = [:]
    for root in insertedRoots {
      expand(root.item, at: root.placement) { item, placement in
        inserted[item.id] = placement
        insertedOrder.append(item.id)
        itemsInserted[item.id] = item
      }
    }
    itemsAfter.merge(itemsInserted) { _, inserted in inserted }
    var result = changed
    for id in removedOrder {
      let after = inserted[id]
      // Under the same parent at the same position with the same line: it did not move (its
      // parent did), whatever its neighbours.
      if let after, let before = removed[id], after.parentID == before.parentID, after.position == before.position,
        after.level == before.level, after.line == before.line
      {
        continue
      }
      result.append(.place(id: id, before: removed[id], after: after))
    }
    for id in insertedOrder where removed[id] == nil {
      result.append(.place(id: id, before: nil, after: inserted[id]))
    }
    return result
  }

  /// An item that stayed among its siblings and whose line (or level) changed. Its line after
  /// the change is recorded as the file will have it: with the line's indentation, and only what
  /// changed rewritten (``TaskPaperLineRewriter``, as ``TaskPaperWriter`` writes it).
  private mutating func record(_ old: Item, _ oldPlace: Place, _ new: Item, _ newPlace: Place) {
    itemsAfter[new.id] = new
    if old.level == new.level {
      let before = line(of: old)
      let indentation = String(before.prefix { $0 == " " || $0 == "\t" })
      var after = indentation + TaskPaperPrinter.line(for: new)
      if !old.isBlank, let text = TaskPaperLineRewriter.rewrite(Array(before.utf8.dropFirst(indentation.utf8.count))[...], as: new, scratch: &scratch) {
        after = indentation + String(decoding: text, as: UTF8.self)
      }
      changed.append(.line(id: old.id, before: before, after: after))
    } else {
      changed.append(.place(id: old.id, before: placement(of: old, oldPlace), after: placement(of: new, newPlace)))
    }
  }

  /// Calls `body` for `item` and every item under it, each with its placement.
  private mutating func expand(_ item: Item, at place: Place, _ body: (Item, TaskJournal.Placement) -> Void) {
    body(item, placement(of: item, place))
    var walk = OutlineWalk(item.children)
    while walk.next() {
      let parentID = walk.depth == 0 ? item.id : walk.ancestor(atDepth: walk.depth - 1).id
      body(walk.item, placement(of: walk.item, Place(parentID: parentID, position: walk.index)))
    }
  }

  private func differsInLine(_ a: Item, _ b: Item) -> Bool {
    a.kind != b.kind || a.title != b.title || a.tags != b.tags || a.level != b.level
  }

  /// The item's placement, with the text its line has in the source (indentation included)
  /// when the source still reads as the item, else its canonical line.
  private mutating func placement(of item: Item, _ place: Place) -> TaskJournal.Placement {
    TaskJournal.Placement(
      parentID: place.parentID, position: place.position, level: item.level, line: line(of: item), neighbours: place.neighbours
    )
  }

  private mutating func line(of item: Item) -> String {
    if source.lineCount > 0 {
      if let line = lineFinder.line(of: item.id, in: source) {
        let original = source.storage.items[line]
        if original.kind == item.kind, original.title == item.title, original.tags == item.tags {
          return String(decoding: source.indentation(ofLine: line) + source.content(ofLine: line), as: UTF8.self)
        }
      }
    }
    return TaskPaperPrinter.line(for: item)
  }
}

/// The offsets of a longest strictly increasing subsequence of `values` (patience sorting,
/// O(n log n)).
func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
  guard !values.isEmpty else { return [] }
  // tails[k]: the offset of the smallest last value of an increasing run of length k + 1.
  var tails: [Int] = []
  var previous = [Int](repeating: -1, count: values.count)
  for offset in values.indices {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if values[tails[middle]] < values[offset] { low = middle + 1 } else { high = middle }
    }
    if low > 0 { previous[offset] = tails[low - 1] }
    if low == tails.count { tails.append(offset) } else { tails[low] = offset }
  }
  var result = Set<Int>(minimumCapacity: tails.count)
  var offset = tails.last ?? -1
  while offset >= 0 {
    result.insert(offset)
    offset = previous[offset]
  }
  return result
}
