import Foundation

extension TaskJournal.Entry {
  /// The children of each item of `ids` found in `items`, by id, in one walk of the tree.
  static func children(of ids: Set<UUID>, in items: [Item]) -> [UUID: [Item]] {
    var found: [UUID: [Item]] = [:]
    var walk = OutlineWalk(items)
    while found.count < ids.count, walk.next() {
      if ids.contains(walk.item.id) { found[walk.item.id] = walk.item.children }
    }
    return found
  }

  /// The items with `ids`, wherever they are, without their children, and their children.
  static func find(_ ids: Set<UUID>, in items: [Item]) -> ([UUID: Item], childrenOf: [UUID: [Item]]) {
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
  static func detach(_ ids: Set<UUID>, from items: inout [Item], into detached: inout [UUID: Item]) {
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
  static func insert(_ inserted: [(position: Int, item: Item)], into items: inout [Item]) {
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
  static func insert(_ pending: inout [UUID?: [(position: Int, item: Item)]], into items: inout [Item]) {
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
