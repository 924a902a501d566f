import Foundation

/// One line of a TaskPaper outline together with the lines nested under it.
///
/// ```swift
/// let task = Item(
///   id: id, kind: .task, title: "Buy milk",
///   tags: [Tag(name: "due", value: "2024-10-31")], level: 1
/// )
/// // prints as "\t- Buy milk @due(2024-10-31)"
/// ```
///
/// `title` is the text the user wrote without indentation, the task marker, a project's colon
/// and the *trailing* tags. A tag written inside the text (`Call @bob about it`) stays in the
/// title and is also listed in `tags`, so nothing is lost and printing does not repeat it.
/// For a parsed item `tags` therefore lists the tags inside the title first, then the trailing
/// ones, all in the order they were written.
public struct Item: Identifiable, Hashable, Sendable, Codable {
  /// What a line is, decided by its text: see ``TaskPaperParser`` for the exact rules.
  public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
    /// A line starting with `-`, e.g. `- Buy milk`.
    case task
    /// A line ending with `:` once trailing tags are set aside, e.g. `Errands: @home`.
    case project
    /// Any other line, blank lines included.
    case note
  }

  /// A stable identity, injected by whoever creates the item (the parser takes a generator), so
  /// features can refer to an item across edits and tests stay deterministic.
  public var id: UUID
  /// Whether the line is a task, a project or a note.
  public var kind: Kind
  /// The text without indentation, marker, project colon and trailing tags (see the type's notes).
  public var title: String
  /// Every tag of the line, in the order written: tags inside the title first, then trailing ones.
  public var tags: [Tag]
  /// The indentation depth as parsed: one level per leading tab or space.
  ///
  /// Levels need not be contiguous (`Project:` at 0 with a task at 3 is fine). The printer writes
  /// this many tabs, so the level survives a round trip; it only adjusts a level that would make
  /// the printed line nest under a different parent than in this tree.
  public var level: Int
  /// The items nested under this one, in document order.
  public var children: [Item]

  /// Creates an item; `level` should be greater than the parent's level when the item is nested.
  public init(
    id: UUID,
    kind: Kind,
    title: String,
    tags: [Tag] = [],
    level: Int = 0,
    children: [Item] = []
  ) {
    self.id = id
    self.kind = kind
    self.title = title
    self.tags = tags
    self.level = level
    self.children = children
  }
}

// MARK: - Derived state

extension Item {
  /// Whether the item carries a `@done` tag (with or without a value such as a date), spelled
  /// in any case (`@Done`).
  ///
  /// ```swift
  /// // "- Pay rent @done(2024-10-31)"
  /// item.isDone  // true
  /// ```
  public var isDone: Bool { hasTag(named: "done") }

  /// Whether this is a blank line: a note with an empty title and no tags.
  ///
  /// Blank lines never take children in TaskPaper, so the parser never nests anything under them.
  public var isBlank: Bool { kind == .note && title.isEmpty && tags.isEmpty }

  /// The first tag called `name`, ignoring case (see ``Tag/hasName(_:)``), if any.
  ///
  /// ```swift
  /// // "- Renew passport @DUE(2024-10-31)"
  /// item.tag(named: "due")?.value  // "2024-10-31"
  /// ```
  public func tag(named name: String) -> Tag? {
    tags.first { $0.hasName(name) }
  }

  /// Every tag called `name` ignoring case, in order (a line may repeat a tag).
  public func tags(named name: String) -> [Tag] {
    tags.filter { $0.hasName(name) }
  }

  /// Whether some tag is called `name`, ignoring case.
  public func hasTag(named name: String) -> Bool {
    tags.contains { $0.hasName(name) }
  }

  /// The tags of this item and of all its descendants, in document order.
  public var allTags: [Tag] {
    var result: [Tag] = []
    forEachInSubtree { result.append(contentsOf: $0.tags) }
    return result
  }

  /// Visits this item and then its descendants in document order, without recursion so deep
  /// outlines cannot overflow the stack.
  func forEachInSubtree(_ body: (Item) throws -> Void) rethrows {
    try body(self)
    var walk = OutlineWalk(children)
    while walk.next() { try body(walk.item) }
  }
}

// MARK: - Moving

extension Item {
  /// Moves the item's level and its non-blank descendants' levels by `delta`, when it moves to
  /// another depth; blank lines keep theirs, which is their own indentation rather than a
  /// place in the tree. A level never goes below 0.
  ///
  /// ```swift
  /// var project = outline.items[0]  // level 0, its tasks at 1
  /// project.shiftLevels(by: 1)  // level 1, its tasks at 2
  /// ```
  public mutating func shiftLevels(by delta: Int) {
    guard delta != 0 else { return }
    if !isBlank { level = max(0, level + delta) }
    Item.visitInPlace(&children) { item in
      if !item.isBlank { item.level = max(0, item.level + delta) }
      return true
    }
  }
}

// MARK: - Walking in place

extension Item {
  /// Calls `body` on each item of `items` and under them, in document order (a parent before
  /// its children, which `body` may change), in place and without recursion, so that deep
  /// outlines cannot overflow the stack. `body` returns `false` to stop the walk.
  /// `leavingLevel` is called on each array of siblings once all of it was visited (its items'
  /// children included), where it may change that array; not once the walk is stopped.
  ///
  /// Each array of siblings is taken out of its parent while its items are visited and put
  /// back afterwards, so an array held by nothing else is changed without being copied.
  static func visitInPlace(
    _ items: inout [Item],
    _ body: (inout Item) throws -> Bool,
    leavingLevel: (inout [Item]) -> Void = { _ in }
  ) rethrows {
    var stack: [(items: [Item], index: Int)] = [([], 0)]
    swap(&stack[0].items, &items)
    var stopped = false
    var visited = 0
    defer { OutlineWork.count(visited) }
    // Takes the last array off the stack and puts it back into its parent (or `items`); true
    // when that was `items`.
    func leaveLevel() -> Bool {
      var level = stack.removeLast().items
      if !stopped { leavingLevel(&level) }
      guard let parent = stack.indices.last else {
        swap(&items, &level)
        return true
      }
      swap(&stack[parent].items[stack[parent].index - 1].children, &level)
      return false
    }
    do {
      while true {
        let last = stack.count - 1
        let index = stack[last].index
        guard !stopped, index < stack[last].items.count else {
          if leaveLevel() { return }
          continue
        }
        stack[last].index = index + 1
        visited += 1
        if try !body(&stack[last].items[index]) {
          stopped = true
          continue
        }
        if !stack[last].items[index].children.isEmpty {
          var children: [Item] = []
          swap(&children, &stack[last].items[index].children)
          stack.append((children, 0))
        }
      }
    } catch {
      stopped = true
      while !leaveLevel() {}
      throw error
    }
  }

  /// The indices that lead to the item with `id` in `items`: its index among the top-level
  /// items, then among its parent's children, and so on; `nil` when it is not there. Walks
  /// the tree without recursion and without changing it.
  static func path(to id: UUID, in items: [Item]) -> [Int]? {
    if items.isEmpty { return nil }
    var visited = 0
    defer { OutlineWork.count(visited) }
    var walk = OutlineWalk(items)
    while walk.next() {
      visited += 1
      if walk.item.id == id { return walk.path }
    }
    return nil
  }

  /// Calls `body` with the arrays of siblings along `path` (see ``path(to:in:)``): `levels[0]`
  /// is `items`, `levels[k]` the children of `levels[k - 1][path[k - 1]]`, down to the array
  /// that holds the item `path` leads to. `body` may change them, but not remove or move the
  /// items on the path above the last level. Linear in the length of the path: only the arrays
  /// on it are copied, and only those shared with another value.
  static func withLevels<Result>(
    along path: [Int], in items: inout [Item], _ body: (inout [[Item]]) throws -> Result
  ) rethrows -> Result {
    OutlineWork.count(path.count)
    var levels: [[Item]] = [[]]
    levels.reserveCapacity(path.count)
    swap(&levels[0], &items)
    for depth in path.indices.dropLast() {
      var children: [Item] = []
      swap(&children, &levels[depth][path[depth]].children)
      levels.append(children)
    }
    defer {
      for depth in path.indices.dropLast().reversed() {
        var children = levels.removeLast()
        swap(&levels[depth][path[depth]].children, &children)
      }
      swap(&items, &levels[0])
    }
    return try body(&levels)
  }
}

// MARK: - Finding and editing by id

extension Item {
  /// The item with `id`: this item itself or any descendant.
  public func item(withID id: UUID) -> Item? {
    if self.id == id { return self }
    return Item.find(id, in: children)
  }

  /// Applies `body` in place to the item with `id` (this item or a descendant).
  ///
  /// Returns `false`, without calling `body`, when there is no such item.
  ///
  /// ```swift
  /// project.modifyItem(withID: taskID) { $0.setTag(Tag(name: "done")) }
  /// ```
  @discardableResult
  public mutating func modifyItem(withID id: UUID, _ body: (inout Item) throws -> Void) rethrows -> Bool {
    if self.id == id {
      try body(&self)
      return true
    }
    return try Item.modify(id, in: &children, body)
  }

  /// Removes the descendant with `id`, together with its children, and returns it.
  ///
  /// An item cannot remove itself; remove it from its parent or ``Outline`` instead.
  @discardableResult
  public mutating func removeItem(withID id: UUID) -> Item? {
    Item.remove(id, from: &children)
  }

  static func find(_ id: UUID, in items: [Item]) -> Item? {
    guard let path = path(to: id, in: items) else { return nil }
    var level = items
    for index in path.dropLast() { level = level[index].children }
    return level[path[path.count - 1]]
  }

  // Finds the path first, then changes the arrays along it only, in place: no copy of the rest
  // of the tree, and no recursion however deep the item is.
  static func modify(_ id: UUID, in items: inout [Item], _ body: (inout Item) throws -> Void) rethrows -> Bool {
    guard let path = path(to: id, in: items) else { return false }
    try withLevels(along: path, in: &items) { levels in
      try body(&levels[levels.count - 1][path[path.count - 1]])
    }
    return true
  }

  static func remove(_ id: UUID, from items: inout [Item]) -> Item? {
    guard let path = path(to: id, in: items) else { return nil }
    return withLevels(along: path, in: &items) { levels in
      levels[levels.count - 1].remove(at: path[path.count - 1])
    }
  }
  /// Whether two lists of items hold the same items in the same places, whatever their levels;
  /// with `comparingLines`, with the same kinds, titles and tags too.
  static func sameTree(_ a: [Item], _ b: [Item], comparingLines: Bool = false) -> Bool {
    // Two lists hold the same trees when their items come in the same order at the same depths.
    var left = OutlineWalk(a)
    var right = OutlineWalk(b)
    while left.next() {
      guard right.next(), left.depth == right.depth else { return false }
      let (x, y) = (left.item, right.item)
      guard x.id == y.id else { return false }
      if comparingLines, x.kind != y.kind || x.title != y.title || x.tags != y.tags { return false }
    }
    return !right.next()
  }
}

// MARK: - Equality and hashing

extension Item {
  /// Whether two items have the same id, kind, title, tags and level, and their children are
  /// equal in the same way. Compared without recursion, so deep outlines cannot overflow the
  /// stack; children arrays that share their storage are equal without being walked.
  public static func == (lhs: Item, rhs: Item) -> Bool {
    guard lhs.sameLine(as: rhs) else { return false }
    var compared = 1
    defer { OutlineWork.count(compared) }
    if sameStorage(lhs.children, rhs.children) { return true }
    // Two trees are equal when their items are, in the same order at the same depths.
    var left = OutlineWalk(lhs.children)
    var right = OutlineWalk(rhs.children)
    while left.next() {
      guard right.next(), left.depth == right.depth else { return false }
      compared += 1
      guard left.item.sameLine(as: right.item) else { return false }
      if sameStorage(left.item.children, right.item.children) {
        left.skipChildren()
        right.skipChildren()
      }
    }
    return !right.next()
  }

  /// Whether two arrays are one: the same storage, so the same items.
  private static func sameStorage(_ a: [Item], _ b: [Item]) -> Bool {
    a.count == b.count && a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
  }

  /// Hashes the item and everything under it, without recursion.
  public func hash(into hasher: inout Hasher) {
    hashLine(into: &hasher)
    hasher.combine(children.count)
    var walk = OutlineWalk(children)
    while walk.next() {
      walk.item.hashLine(into: &hasher)
      hasher.combine(walk.item.children.count)
    }
  }

  private func sameLine(as other: Item) -> Bool {
    id == other.id && kind == other.kind && level == other.level && title == other.title && tags == other.tags
  }

  private func hashLine(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(kind)
    hasher.combine(title)
    hasher.combine(tags)
    hasher.combine(level)
  }
}
