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
}
