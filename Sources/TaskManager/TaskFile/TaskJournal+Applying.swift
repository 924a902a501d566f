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
    /// The line of the item in the way, as the entry knew it.
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
  /// the same line, or absent. Positions are looser: an item goes back to its position among
  /// its parent's children as they are now, or at their end.
  ///
  /// - Throws: ``Conflict``, leaving `items` as they were, when a touched item was changed
  ///   since, or its parent is gone.
  public func apply(_ direction: TaskJournal.Direction, to items: inout [Item]) throws(Conflict) -> Outcome {
    let from: (TaskJournal.Change) -> TaskJournal.Placement? = direction == .undo ? { $0.after } : { $0.before }
    let to: (TaskJournal.Change) -> TaskJournal.Placement? = direction == .undo ? { $0.before } : { $0.after }
    func conflict(_ placement: TaskJournal.Placement?, _ reason: String) -> Conflict {
      Conflict(change: description, direction: direction, line: placement?.line ?? "?", reason: reason)
    }

    let touched = Set(changes.map(\.id))
    let current = Self.find(touched, in: items)

    // The items must be as `from` says; when they all are as `to` says, nothing is left to do.
    var matchesFrom = true
    var matchesTo = true
    var mismatch: Conflict?
    for change in changes {
      let now = current[change.id]
      if !Self.matches(now, from(change)) {
        matchesFrom = false
        if mismatch == nil {
          mismatch =
            now == nil
            ? conflict(from(change), "was deleted since")
            : from(change) == nil
              ? conflict(TaskJournal.Placement(parentID: nil, position: 0, level: 0, line: TaskPaperPrinter.line(for: now!)), "was added again since")
              : conflict(from(change), "was changed since")
        }
      }
      if !Self.matches(now, to(change)) { matchesTo = false }
    }
    if !matchesFrom {
      if matchesTo { return .alreadyInEffect }
      throw mismatch!
    }

    var result = items
    var detached: [UUID: Item] = [:]
    Self.detach(touched, from: &result, into: &detached)

    // The items that end up present, each with its place, built bottom-up among themselves,
    // then inserted under parents that were not touched.
    var lines: [UUID: String] = [:]
    var childrenOf: [UUID: [(position: Int, id: UUID)]] = [:]
    var roots: [(parentID: UUID?, position: Int, id: UUID)] = []
    var placements: [UUID: TaskJournal.Placement] = [:]
    for change in changes {
      guard let placement = to(change) else { continue }
      placements[change.id] = placement
      lines[change.id] = placement.line
    }
    for change in changes {
      guard let placement = placements[change.id] else { continue }
      if let parent = placement.parentID, placements[parent] != nil {
        childrenOf[parent, default: []].append((placement.position, change.id))
      } else {
        roots.append((placement.parentID, placement.position, change.id))
      }
    }
    func build(_ id: UUID) -> Item {
      let placement = placements[id]!
      var item = detached[id] ?? Item(id: id, kind: .note, title: "")
      Self.setLine(placement.line, level: placement.level, of: &item)
      for child in (childrenOf[id] ?? []).sorted(by: { $0.position < $1.position }) {
        item.children.insert(build(child.id), at: min(child.position, item.children.count))
      }
      return item
    }
    var pending: [UUID?: [(position: Int, item: Item)]] = [:]
    for root in roots.sorted(by: { $0.position < $1.position }) {
      pending[root.parentID, default: []].append((root.position, build(root.id)))
    }
    if let top = pending.removeValue(forKey: nil) {
      for (position, item) in top { result.insert(item, at: min(position, result.count)) }
    }
    if !pending.isEmpty {
      Self.insert(&pending, into: &result)
      if let (parent, orphans) = pending.first, let orphan = orphans.first {
        throw conflict(placements[orphan.item.id], "cannot go back under its parent, which is gone (\(parent.map { $0.uuidString } ?? "?"))")
      }
    }
    items = result
    return .applied(lines: lines)
  }

  /// Whether an item as it is now matches a placement's line (or both are absent).
  private static func matches(_ item: Item?, _ placement: TaskJournal.Placement?) -> Bool {
    switch (item, placement) {
    case (nil, nil): return true
    case let (item?, placement?):
      let read = Self.read(placement.line)
      return item.kind == read.kind && item.title == read.title && item.tags == read.tags
    default: return false
    }
  }

  private static func read(_ line: String) -> Item {
    line.withUTF8Bytes { bytes in
      var matches: [TagSyntax.Match] = []
      let parsed = TaskPaperParser.parseLine(bytes, 0, bytes.count, asTask: false, matches: &matches)
      return TaskPaperParser.makeItem(bytes, parsed, matches, id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
    }
  }

  private static func setLine(_ line: String, level: Int, of item: inout Item) {
    let read = read(line)
    item.kind = read.kind
    item.title = read.title
    item.tags = read.tags
    item.level = level
  }

  /// The items with `ids`, wherever they are, without their children.
  private static func find(_ ids: Set<UUID>, in items: [Item]) -> [UUID: Item] {
    var found: [UUID: Item] = [:]
    var stack: [[Item]] = [items]
    while let level = stack.popLast(), found.count < ids.count {
      for item in level {
        if ids.contains(item.id) {
          var bare = item
          bare.children = []
          found[item.id] = bare
        }
        if !item.children.isEmpty { stack.append(item.children) }
      }
    }
    return found
  }

  /// Takes the items with `ids` out of the tree; each keeps its children that are not in `ids`.
  private static func detach(_ ids: Set<UUID>, from items: inout [Item], into detached: inout [UUID: Item]) {
    var index = items.count - 1
    while index >= 0 {
      if !items[index].children.isEmpty { detach(ids, from: &items[index].children, into: &detached) }
      if ids.contains(items[index].id) { detached[items[index].id] = items.remove(at: index) }
      index -= 1
    }
  }

  /// Inserts the pending items under their parents, removing from `pending` each parent found.
  private static func insert(_ pending: inout [UUID?: [(position: Int, item: Item)]], into items: inout [Item]) {
    for index in items.indices {
      guard !pending.isEmpty else { return }
      if let children = pending.removeValue(forKey: items[index].id) {
        for (position, child) in children {
          items[index].children.insert(child, at: min(position, items[index].children.count))
        }
      }
      if !items[index].children.isEmpty { insert(&pending, into: &items[index].children) }
    }
  }
}
