import Foundation
import TaskManager

// Short ids: how a command finds the items the person named, and the rows it prints for them.
extension AppStore {
  /// Short ids over every item of the list, at any depth, and of the ``otherFiles`` of a set.
  func shortIDs() -> ShortIDIndex {
    guard !otherFiles.isEmpty else { return ShortIDIndex(items: state.tasks.elements) }
    return TaskFileSet.shortIDs(over: [state.tasks.elements] + otherFiles.map(\.items))
  }

  /// The item a typed id (or unique prefix) names; exit 1 when none or several do, exit 2 for
  /// a blank line's.
  func resolve(_ text: String, in index: ShortIDIndex) throws(TaskmanError) -> Item {
    let state = self.state
    // The blank lines' ids, found in one walk when a prefix has several candidates.
    var blankLines: Set<UUID>?
    let otherFiles = self.otherFiles
    let id = try index.resolve(text, describe: { state.item(withID: $0)?.title ?? TaskFileSet.item(withID: $0, in: otherFiles)?.item.title }) { id in
      if blankLines == nil { blankLines = Self.blankLineIDs(in: state.tasks.elements) }
      return blankLines?.contains(id) == false
    }
    guard let item = state.item(withID: id) else {
      if let other = TaskFileSet.item(withID: id, in: otherFiles) { throw TaskFileSet.itemInAnotherFile(text, other, notIn: file) }
      throw .nothingMatched("no item has the id '\(TextStyle.printable(text))'")
    }
    // Blank lines have ids (`export --json` shows them) but are no items to act on.
    if item.isBlank { throw .usage(OutlineError.blankLine.description) }
    return item
  }

  /// The items typed ids name, each once, in the order given; exit 1 (nothing changed) when
  /// one of them names none or several.
  func resolve(_ texts: [String]) throws(TaskmanError) -> [Item] {
    try resolve(texts, in: shortIDs())
  }

  /// Like ``resolve(_:)``, with short ids from `index` (which a command that does not add or
  /// remove items can reuse for its output).
  func resolve(_ texts: [String], in index: ShortIDIndex) throws(TaskmanError) -> [Item] {
    var seen = Set<UUID>()
    var items: [Item] = []
    for text in texts {
      let item = try resolve(text, in: index)
      if seen.insert(item.id).inserted { items.append(item) }
    }
    return items
  }

  /// The rows `list` would print for the items with `ids` that still exist.
  func rows(for ids: [UUID], index: ShortIDIndex) -> [TaskRowRenderer.Row] {
    let tasks = state.tasks.elements
    let located = ids.map { (id: $0, entry: Self.locate($0, in: tasks, project: nil)) }
    let paths = TaskRowRenderer.projectPaths(for: located.map { $0.entry?.project }, in: state.outline)
    return located.compactMap { id, entry in
      entry.map { TaskRowRenderer.Row(item: $0.item, shortID: index.shortID(for: id), project: $0.project, projectPaths: paths) }
    }
  }

  /// The ids of the blank lines of `items`, at any depth.
  private static func blankLineIDs(in items: [Item]) -> Set<UUID> {
    var found = Set<UUID>()
    var walk = OutlineWalk(items)
    while walk.next() {
      if walk.item.isBlank { found.insert(walk.item.id) }
    }
    return found
  }

  /// The item with `id` at any depth and its nearest enclosing project (`project` when no item
  /// of `items` encloses it); the walk stops at the item.
  private static func locate(_ id: UUID, in items: [Item], project: Item?) -> (item: Item, project: Item?)? {
    var walk = OutlineWalk(items)
    var projects: [Item?] = [project]  // the project enclosing the items at each depth
    while walk.next() {
      let item = walk.item, enclosing = projects[walk.depth]
      if item.id == id { return (item, enclosing) }
      if !item.children.isEmpty {
        OutlineWalk.set(item.kind == .project ? item : enclosing, atDepth: walk.depth + 1, in: &projects)
      }
    }
    return nil
  }
}
