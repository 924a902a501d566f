import Foundation

extension TaskJournal.Entry {
  /// What applying an entry did.
  public enum Outcome: Equatable, Sendable {
    /// The touched items were put back; the lines to write for them, by id, so that the file
    /// gets the very text they had.
    case applied(lines: [UUID: String])
    /// The touched items already were as the entry would leave them (the change was reverted,
    /// or redone, by hand in the file): nothing changed.
    case alreadyInEffect
  }

  /// Why an entry cannot be applied: an item it touched was changed since, by another program
  /// or by hand, so applying it would throw that change away.
  public struct Conflict: Error, Equatable, Sendable, CustomStringConvertible {
    /// The entry's description.
    public var change: String
    /// Which way it was applied.
    public var direction: TaskJournal.Direction
    /// The line of the item in the way, as the entry knew it, without indentation.
    public var line: String
    /// What happened to it.
    public var reason: String

    /// `Cannot undo “done “Buy milk””: “- Buy milk” was changed since. …`
    public var description: String {
      let verb = direction == .undo ? "undo" : "redo"
      return """
        Cannot \(verb) “\(change)”: “\(line)” \(reason). Nothing was changed; the file keeps the \
        newer edit.
        """
    }
  }

  /// Puts the items this entry touched as they were before the change (`.undo`) or after it
  /// (`.redo`), in `items` (the top-level items of the outline).
  ///
  /// Every touched item must still be as the entry left it on the other side: present with
  /// the same line, or absent. Positions are looser: an item goes back next to the neighbours
  /// it had (``TaskJournal/Placement/neighbours``), though lines were added or removed around
  /// it since; without them, to its position among its parent's children as they are now, or
  /// at their end.
  ///
  /// - Throws: ``Conflict``, leaving `items` as they were, when a touched item was changed
  ///   since, or its parent is gone.
  public func apply(_ direction: TaskJournal.Direction, to items: inout [Item]) throws(Conflict) -> Outcome {
    let undoing = direction == .undo
    /// The item's line on the side it is on now, and on the side it goes to; nil for absent.
    func sides(_ change: TaskJournal.Change) -> (from: String?, to: String?) {
      switch change {
      case let .line(_, before, after): undoing ? (after, before) : (before, after)
      case let .place(_, before, after): undoing ? (after?.line, before?.line) : (before?.line, after?.line)
      }
    }
    func conflict(_ line: String, _ reason: String) -> Conflict {
      Conflict(change: description, direction: direction, line: String(line.drop { $0 == " " || $0 == "\t" }), reason: reason)
    }

    let touched = Set(changes.map(\.id))
    let (current, childrenOf: currentChildren) = Self.find(touched, in: items)

    // The items must be as the entry left them; when they all are as it would leave them,
    // nothing is left to do.
    var matchesFrom = true
    var matchesTo = true
    var mismatch: Conflict?
    for change in changes {
      let now = current[change.id]
      let (from, to) = sides(change)
      if !Self.matches(now, from) {
        matchesFrom = false
        if mismatch == nil {
          if let from {
            mismatch = conflict(from, now == nil ? "was deleted since" : "was changed since")
          } else {
            mismatch = conflict(TaskPaperPrinter.line(for: now!), "was added again since")
          }
        }
      }
      if !Self.matches(now, to) { matchesTo = false }
    }
    if !matchesFrom {
      if matchesTo { return .alreadyInEffect }
      throw mismatch!
    }
    // An item going away takes nothing with it that the entry does not know: a line added
    // under it since (by hand, say) must not vanish.
    for change in changes {
      guard case .place(let id, _, _) = change, sides(change).to == nil, let children = currentChildren[id] else { continue }
      if let stranger = children.first(where: { !touched.contains($0.id) }) {
        let added = stranger.isBlank ? "a blank line added under it since" : "a line added under it since (“\(stranger.title)”)"
        throw conflict(sides(change).from ?? "?", "has \(added)")
      }
    }

    var result = items
    var lines: [UUID: String] = [:]
    var placements: [UUID: TaskJournal.Placement] = [:]
    var moved = Set<UUID>()
    var edited: [UUID: String] = [:]
    for change in changes {
      switch change {
      case let .line(id, before, after):
        edited[id] = undoing ? before : after
        lines[id] = edited[id]
      case let .place(id, before, after):
        moved.insert(id)
        if let placement = undoing ? before : after {
          placements[id] = placement
          lines[id] = placement.line
        }
      }
    }
    if !edited.isEmpty { Self.setLines(edited, in: &result) }

    var detached: [UUID: Item] = [:]
    Self.detach(moved, from: &result, into: &detached)

    // The items that end up present, each with its place, built bottom-up among themselves,
    // then inserted under parents that were not moved.
    var childrenOf: [UUID: [(position: Int, id: UUID)]] = [:]
    var roots: [(parentID: UUID?, position: Int, id: UUID)] = []
    for change in changes {
      guard let placement = placements[change.id] else { continue }
      if let parent = placement.parentID, placements[parent] != nil {
        childrenOf[parent, default: []].append((placement.position, change.id))
      } else {
        roots.append((placement.parentID, placement.position, change.id))
      }
    }
    // Built children first, with a stack of its own rather than recursion, so a deep subtree
    // put back cannot overflow the call stack.
    func build(_ id: UUID) -> Item {
      struct Frame {
        var item: Item
        var children: [(position: Int, id: UUID)]
        var built: [(position: Int, item: Item)] = []
      }
      func frame(_ id: UUID) -> Frame {
        let placement = placements[id]!
        var item = detached[id] ?? Item(id: id, kind: .note, title: "")
        Self.setLine(placement.line, of: &item)
        item.level = placement.level
        return Frame(item: item, children: (childrenOf[id] ?? []).sorted(by: { $0.position < $1.position }))
      }
      var stack = [frame(id)]
      while true {
        let last = stack.count - 1
        if stack[last].built.count < stack[last].children.count {
          stack.append(frame(stack[last].children[stack[last].built.count].id))
          continue
        }
        var done = stack.removeLast()
        if !done.children.isEmpty { Self.insert(done.built, into: &done.item.children) }
        guard let parent = stack.indices.last else { return done.item }
        stack[parent].built.append((stack[parent].children[stack[parent].built.count].position, done.item))
      }
    }
    var pending: [UUID?: [(position: Int, item: Item)]] = [:]
    let groups = Dictionary(grouping: roots, by: \.parentID)
    let childrenOfParents = Self.children(of: Set(groups.keys.compactMap { $0 }), in: result)
    for (parentID, group) in groups {
      let siblings = parentID.map { childrenOfParents[$0] ?? [] } ?? result
      let positions = Self.positions(of: group.map { placements[$0.id]! }, ids: group.map(\.id), among: siblings)
      pending[parentID] = zip(group, positions).sorted { ($0.1, $0.0.position) < ($1.1, $1.0.position) }
        .map { ($0.1, build($0.0.id)) }
    }
    if let top = pending.removeValue(forKey: nil) {
      Self.insert(top, into: &result)
    }
    if !pending.isEmpty {
      Self.insert(&pending, into: &result)
      if let orphans = pending.first?.value, let orphan = orphans.first {
        throw conflict(placements[orphan.item.id]?.line ?? "?", "cannot go back under its parent, which is gone")
      }
    }
    items = result
    return .applied(lines: lines)
  }

  /// Where the items placed under one parent go among its children `siblings` as they are now
  /// (without those items), so that each goes back between the same lines though lines were
  /// added, removed, edited or moved around it by hand. Each item gets a slot, how many of
  /// `siblings` come before it:
  ///
  /// - right after its neighbour before it, and after as many of the blank lines that follow
  ///   that neighbour now as were between them (no more);
  /// - else, when that one is gone or was never there (it was first), right before its
  ///   neighbour after it, and before the blank lines before that one, in the same way;
  /// - never past its neighbour after it, when both are there in their order;
  /// - when it had neither (the only line there that was not blank, or the first of lines that
  ///   all went together), after the last line there that is not blank now, and after as many
  ///   blank lines as it came after;
  /// - an item recorded without neighbours right after another placed item takes that one's
  ///   slot (the first of a run of items placed together has them);
  /// - else the slot of its recorded position (neighbours gone, or an entry recorded without
  ///   them).
  ///
  /// Items in one slot keep their recorded order.
  private static func positions(of placements: [TaskJournal.Placement], ids: [UUID], among siblings: [Item]) -> [Int] {
    var index: [UUID: Int] = [:]
    index.reserveCapacity(siblings.count)
    for (offset, sibling) in siblings.enumerated() { index[sibling.id] = offset }
    let recorded = placements.map(\.position).sorted()
    /// How many of the placed items were before `position` when recorded.
    func placedBefore(_ position: Int) -> Int {
      var low = 0
      var high = recorded.count
      while low < high {
        let middle = (low + high) / 2
        if recorded[middle] < position { low = middle + 1 } else { high = middle }
      }
      return low
    }
    /// How many blank lines of `siblings` directly follow (`step` 1) or precede (`step` -1)
    /// `offset`, at most `limit`.
    func blanks(from offset: Int, step: Int, limit: Int) -> Int {
      var count = 0
      var next = offset + step
      while count < limit, siblings.indices.contains(next), siblings[next].isBlank {
        count += 1
        next += step
      }
      return count
    }
    /// The slot after `start` of `siblings` and as many of the blank lines from there as
    /// `wanted`. When they run out at the end, the blank lines it came after follow the
    /// parent's lines (a blank line belongs to the line after it): past the end, it takes them
    /// back (see `insert(_:into:)`).
    func slotAfter(_ start: Int, andBlanks wanted: Int) -> Int {
      let stepped = blanks(from: start - 1, step: 1, limit: wanted)
      return start + stepped == siblings.count ? start + max(wanted, stepped) : start + stepped
    }
    // In recorded order, so that an item whose neighbour is another placed item finds its slot.
    var slots = [Int](repeating: 0, count: placements.count)
    var slotOf: [UUID: Int] = [:]
    var slotAtRecorded: [Int: Int] = [:]
    for offset in placements.indices.sorted(by: { placements[$0].position < placements[$1].position }) {
      let placement = placements[offset]
      var slot = placement.position - placedBefore(placement.position)
      if placement.neighbours == nil, let previous = slotAtRecorded[placement.position - 1] {
        slot = previous
      } else if let neighbours = placement.neighbours {
        var lowest = 0
        var highest = Int.max
        var found = false
        // Placed items between an item and a neighbour go back between them; the rest were
        // blank lines.
        if let before = neighbours.before, let at = slotOf[before] {
          let between = placedBefore(placement.position) - placedBefore(placement.position - neighbours.beforeDistance + 1)
          slot = slotAfter(at, andBlanks: neighbours.beforeDistance - 1 - between)
          lowest = at
          found = true
        } else if let before = neighbours.before, let now = index[before] {
          let between = placedBefore(placement.position) - placedBefore(placement.position - neighbours.beforeDistance + 1)
          slot = slotAfter(now + 1, andBlanks: neighbours.beforeDistance - 1 - between)
          lowest = now + 1
          found = true
        } else if neighbours.before == nil, neighbours.after == nil {
          // No line there to go by (it was the only one that was not blank, or the first of
          // lines that all went together): after the last line there now that is not blank
          // (lines added there since come before it), and after as many blank lines as it came
          // after.
          let start = (siblings.lastIndex { !$0.isBlank } ?? -1) + 1
          slot = slotAfter(start, andBlanks: placement.position - placedBefore(placement.position))
        }
        if let after = neighbours.after, let now = index[after], now >= lowest {
          let between = placedBefore(placement.position + neighbours.afterDistance) - placedBefore(placement.position + 1)
          highest = now
          if !found { slot = now - blanks(from: now, step: -1, limit: neighbours.afterDistance - 1 - between) }
        }
        if lowest <= highest { slot = min(max(slot, lowest), highest) }
      }
      // Past the end, as a recorded position can be: the blank lines that follow the parent's
      // lines come back under it first (see `insert(_:into:)`).
      slot = max(slot, 0)
      slots[offset] = slot
      slotOf[ids[offset]] = slot
      slotAtRecorded[placement.position] = slot
    }
    // Each item's position: its slot, and the placed items before it in slot order.
    let order = placements.indices.sorted { (slots[$0], placements[$0].position) < (slots[$1], placements[$1].position) }
    var result = [Int](repeating: 0, count: placements.count)
    for (rank, offset) in order.enumerated() { result[offset] = slots[offset] + rank }
    return result
  }

  /// The children of each item of `ids` found in `items`, by id, in one walk of the tree.
  private static func children(of ids: Set<UUID>, in items: [Item]) -> [UUID: [Item]] {
    var found: [UUID: [Item]] = [:]
    var walk = OutlineWalk(items)
    while found.count < ids.count, walk.next() {
      if ids.contains(walk.item.id) { found[walk.item.id] = walk.item.children }
    }
    return found
  }

  /// Sets the line of each item with an id in `lines`, wherever it is.
  private static func setLines(_ lines: [UUID: String], in items: inout [Item]) {
    var remaining = lines.count
    Item.visitInPlace(&items) { item in
      guard remaining > 0 else { return false }
      if let line = lines[item.id] {
        setLine(line, of: &item)
        remaining -= 1
      }
      return true
    }
  }

  /// Whether an item as it is now matches a line (or both are absent).
  private static func matches(_ item: Item?, _ line: String?) -> Bool {
    switch (item, line) {
    case (nil, nil): return true
    case let (item?, line?):
      let read = Self.read(line)
      return item.kind == read.kind && item.title == read.title && item.tags == read.tags
    default: return false
    }
  }

  /// The kind, title and tags `line` (a TaskPaper line, perhaps indented) reads as.
  static func read(_ line: String) -> Item {
    line.withUTF8Bytes { bytes in
      var matches: [TagSyntax.Match] = []
      let parsed = TaskPaperParser.parseLine(bytes, 0, bytes.count, asTask: false, matches: &matches)
      return TaskPaperParser.makeItem(bytes, parsed, matches, id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
    }
  }

  private static func setLine(_ line: String, of item: inout Item) {
    let read = read(line)
    item.kind = read.kind
    item.title = read.title
    item.tags = read.tags
  }

  /// The items with `ids`, wherever they are, without their children, and their children.
  private static func find(_ ids: Set<UUID>, in items: [Item]) -> ([UUID: Item], childrenOf: [UUID: [Item]]) {
    var found: [UUID: Item] = [:]
    var children: [UUID: [Item]] = [:]
    var walk = OutlineWalk(items)
    while found.count < ids.count, walk.next() {
      guard ids.contains(walk.item.id) else { continue }
      var bare = walk.item
      bare.children = []
      found[bare.id] = bare
      children[bare.id] = walk.item.children
    }
    return (found, children)
  }

  /// Takes the items with `ids` out of the tree; each keeps its children that are not in `ids`.
  /// Each array of siblings is rebuilt at most once, so taking out many items is linear.
  private static func detach(_ ids: Set<UUID>, from items: inout [Item], into detached: inout [UUID: Item]) {
    // Each array of siblings once its items' children are done, as they are taken out first.
    Item.visitInPlace(&items, { _ in true }) { level in
      var any = false
      for item in level where ids.contains(item.id) {
        detached[item.id] = item
        any = true
      }
      if any { level.removeAll { ids.contains($0.id) } }
    }
  }

  /// Inserts `inserted` (in increasing order of position) into `items`, as inserting each in
  /// turn at its position (or at the end) would, in one pass.
  private static func insert(_ inserted: [(position: Int, item: Item)], into items: inout [Item]) {
    var merged: [Item] = []
    merged.reserveCapacity(items.count + inserted.count)
    var next = 0
    for (position, item) in inserted {
      while merged.count < position, next < items.count {
        merged.append(items[next])
        next += 1
      }
      merged.append(item)
    }
    merged.append(contentsOf: items[next...])
    items = merged
  }

  /// Inserts the pending items under their parents, removing from `pending` each parent found.
  ///
  /// An item going back to a position beyond its parent's children first takes back the blank
  /// lines that directly follow the parent's lines: blank lines that were above it among those
  /// children and that its removal left outside, since a blank line belongs to the line after
  /// it. So undoing a removal or a move puts the line back after them, where it was.
  private static func insert(_ pending: inout [UUID?: [(position: Int, item: Item)]], into items: inout [Item]) {
    for (parentID, children) in pending {
      guard let parentID else { continue }
      adoptBlanks(into: parentID, positions: children.map(\.position), in: &items)
    }
    insertUnderParents(&pending, into: &items)
  }

  private static func insertUnderParents(_ pending: inout [UUID?: [(position: Int, item: Item)]], into items: inout [Item]) {
    Item.visitInPlace(&items) { item in
      guard !pending.isEmpty else { return false }
      if let children = pending.removeValue(forKey: item.id) {
        insert(children, into: &item.children)
      }
      return true
    }
  }

  /// Moves into the children of the item `id` the blank lines that directly follow its lines in
  /// the document, as many as inserting at `positions` (increasing) lacks children before them:
  /// those after it among its siblings, then, while it is the last of them, those after its
  /// parent among the parent's siblings, and so on up.
  private static func adoptBlanks(into id: UUID, positions: [Int], in items: inout [Item]) {
    guard let path = Item.path(to: id, in: items) else { return }
    Item.withLevels(along: path, in: &items) { levels in
      let deepest = levels.count - 1
      let item = path[deepest]
      var wanted = (positions.enumerated().map { $0.element - $0.offset }.max() ?? 0) - levels[deepest][item].children.count
      var depth = deepest
      while true {
        let index = path[depth]
        var taken: [Item] = []
        while wanted > 0, index + 1 < levels[depth].count, levels[depth][index + 1].isBlank {
          taken.append(levels[depth].remove(at: index + 1))
          wanted -= 1
        }
        if !taken.isEmpty { levels[deepest][item].children.append(contentsOf: taken) }
        // Blank lines are still wanted from after the parent only when this is the last child.
        guard depth > 0, wanted > 0, index == levels[depth].count - 1 else { return }
        depth -= 1
      }
    }
  }
}
