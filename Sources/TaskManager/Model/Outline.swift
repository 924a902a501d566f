import Foundation

/// A whole TaskPaper document: its top-level items, each with its nested children.
///
/// ```swift
/// var outline = TaskPaperParser.parse(text, makeID: { uuid() })
/// for entry in outline.entries() where entry.item.kind == .task && !entry.item.isDone {
///   print(entry.project?.title ?? "Inbox", entry.item.title)
/// }
/// outline.modifyItem(withID: id) { $0.setTag(Tag(name: "done")) }
/// let text = TaskPaperPrinter.print(outline)
/// ```
public struct Outline: Hashable, Sendable, Codable {
  /// The top-level items (level 0 or the outermost indentation), in document order.
  public var items: [Item]

  /// Creates an outline from its top-level items.
  public init(items: [Item] = []) {
    self.items = items
  }

  /// One item met while walking an outline, with where it sits.
  public struct Entry: Hashable, Sendable {
    /// The item itself, children included (copying it does not copy the subtree).
    public var item: Item
    /// How many ancestors the item has: 0 for a top-level item. Unlike `item.level`, this
    /// counts tree depth, not indentation.
    public var depth: Int
    /// The id of the item's parent, or `nil` at the top level.
    public var parentID: UUID?
    /// The nearest enclosing project (an ancestor, never the item itself), if any.
    public var project: Item?

    /// Creates an entry; the walking functions make these, tests may too.
    public init(item: Item, depth: Int, parentID: UUID?, project: Item?) {
      self.item = item
      self.depth = depth
      self.parentID = parentID
      self.project = project
    }
  }
}

// MARK: - Walking

extension Outline {
  /// Visits every item in document order (a parent before its children), with its depth, parent
  /// and enclosing project. Iterative, so deep outlines cannot overflow the stack.
  public func forEachEntry(_ body: (Entry) throws -> Void) rethrows {
    var walk = OutlineWalk(items)
    // The nearest project above the items at each depth.
    var projects: [Item?] = [nil]
    while walk.next() {
      let depth = walk.depth
      let entry = Entry(
        item: walk.item,
        depth: depth,
        parentID: depth == 0 ? nil : walk.ancestor(atDepth: depth - 1).id,
        project: projects[depth]
      )
      try body(entry)
      if !entry.item.children.isEmpty {
        OutlineWalk.set(entry.item.kind == .project ? entry.item : entry.project, atDepth: depth + 1, in: &projects)
      }
    }
  }

  /// Every item in document order with its depth, parent and enclosing project: the flat list a
  /// task list shows.
  ///
  /// ```swift
  /// // "Work:\n\t- Call Bob\n"
  /// outline.entries().map { ($0.depth, $0.item.title, $0.project?.title) }
  /// // [(0, "Work", nil), (1, "Call Bob", "Work")]
  /// ```
  public func entries() -> [Entry] {
    var result: [Entry] = []
    forEachEntry { result.append($0) }
    return result
  }

  /// The number of items at every depth that are not blank lines: the items a person counts.
  public var itemCountWithoutBlankLines: Int {
    count { !$0.isBlank }
  }

  /// The number of items at every depth, blank lines included.
  public var itemCount: Int {
    count { _ in true }
  }

  /// The number of items at every depth for which `isCounted` is true; no item is copied.
  private func count(where isCounted: (Item) -> Bool) -> Int {
    var count = 0
    var walk = OutlineWalk(items)
    while walk.next() {
      if isCounted(walk.item) { count += 1 }
    }
    return count
  }

  /// The tags of every item, in document order (repeats included).
  public var allTags: [Tag] {
    var result: [Tag] = []
    forEachEntry { result.append(contentsOf: $0.item.tags) }
    return result
  }

  /// The distinct tag names used anywhere in the outline, in order of first use.
  ///
  /// ```swift
  /// // "- a @due(2024-10-31) @home\n- b @home\n"
  /// outline.allTagNames  // ["due", "home"]
  /// ```
  public var allTagNames: [String] {
    var seen = Set<String>()
    var result: [String] = []
    forEachEntry { entry in
      for tag in entry.item.tags where seen.insert(tag.name).inserted {
        result.append(tag.name)
      }
    }
    return result
  }
}

// MARK: - Finding and editing by id

extension Outline {
  /// The item with `id` at any depth.
  public func item(withID id: UUID) -> Item? {
    Item.find(id, in: items)
  }

  /// The walking entry (depth, parent, project) of the item with `id`.
  public func entry(withID id: UUID) -> Entry? {
    var walk = OutlineWalk(items)
    while walk.next() {
      guard walk.item.id == id else { continue }
      let depth = walk.depth
      let project = (0..<depth).reversed().lazy.map(walk.ancestor(atDepth:)).first { $0.kind == .project }
      return Entry(item: walk.item, depth: depth, parentID: depth == 0 ? nil : walk.ancestor(atDepth: depth - 1).id, project: project)
    }
    return nil
  }

  /// Applies `body` in place to the item with `id`, at any depth.
  ///
  /// Returns `false`, without calling `body`, when there is no such item.
  ///
  /// ```swift
  /// outline.modifyItem(withID: id) { $0.title = "Call Bob back" }
  /// ```
  @discardableResult
  public mutating func modifyItem(withID id: UUID, _ body: (inout Item) throws -> Void) rethrows -> Bool {
    try Item.modify(id, in: &items, body)
  }

  /// Removes the item with `id`, at any depth, together with its children, and returns it.
  @discardableResult
  public mutating func removeItem(withID id: UUID) -> Item? {
    Item.remove(id, from: &items)
  }
}
