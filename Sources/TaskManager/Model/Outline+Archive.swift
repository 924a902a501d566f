import Foundation

extension Outline {
  /// The title of the project archived items go to: a top-level `Archive:`, as the TaskPaper
  /// app's "Archive @done Items" keeps them.
  public static let archiveTitle = "Archive"

  /// The top-level `Archive:` project (its title in any case), if there is one.
  public var archiveProject: Item? {
    items.first { $0.kind == .project && $0.title.lowercased() == Self.archiveTitle.lowercased() }
  }

  /// The done items outside the `Archive:` project that ``archiveDone(among:newProjectID:)``
  /// moves, in document order, each with the path of the projects it sits in (`Work / Reports`,
  /// nil in none). An item under a done item moves with it, and is not listed. With `ids`, only
  /// the done items among them (`archive --where`): one under a done item that is not among
  /// them is listed on its own.
  public func doneItemsToArchive(among ids: Set<UUID>? = nil) -> [(item: Item, projectPath: String?)] {
    let archiveID = archiveProject?.id
    var result: [(item: Item, projectPath: String?)] = []
    // The path of the projects enclosing the items at each depth. One walk that skips what is
    // under the archive and under each done item found: archiving a thousand done items among
    // ten thousand is one change, and this walk is a fifth of it.
    var paths: [String?] = [nil]
    var walk = OutlineWalk(items)
    while walk.next() {
      let item = walk.item, depth = walk.depth, path = paths[depth]
      if item.id == archiveID {
        walk.skipChildren()
      } else if item.isDone, ids?.contains(item.id) ?? true {
        walk.skipChildren()
        result.append((item, path))
      } else if !item.children.isEmpty {
        let inner = item.kind == .project ? (path.map { "\($0) / \(item.title)" } ?? item.title) : path
        OutlineWalk.set(inner, atDepth: depth + 1, in: &paths)
      }
    }
    return result
  }

  /// Moves every done item outside the `Archive:` project, with everything under it, to the
  /// start of that project (added at the end of the file, with the id `newProjectID`, when
  /// missing), in document order, each tagged `@project(<path>)` with the projects it came from
  /// joined by ` / ` unless it has a `@project` tag already, as the TaskPaper app archives.
  /// Done items already in the archive stay where they are. With `ids`, only the done items
  /// among them move (see ``doneItemsToArchive(among:)``). Returns the ids of the items moved;
  /// with none, the outline is left as it was.
  @discardableResult
  public mutating func archiveDone(among ids: Set<UUID>? = nil, newProjectID: () -> UUID) -> [UUID] {
    let archived = doneItemsToArchive(among: ids)
    guard !archived.isEmpty else { return [] }
    // One walk takes them all out: one per item would walk the outline once for each.
    let ids = Set(archived.map(\.item.id))
    Item.visitInPlace(&items, { _ in true }, leavingLevel: { siblings in siblings.removeAll { ids.contains($0.id) } })
    if archiveProject == nil {
      appendTopLevelProject(Item(id: newProjectID(), kind: .project, title: Self.archiveTitle), blankLineID: newProjectID())
    }
    guard let archive = archiveProject else { return [] }
    let moved = archived.map { entry in
      var item = entry.item
      if let path = entry.projectPath, !item.hasTag(named: "project") { item.setTag(Tag(name: "project", value: path)) }
      item.shiftLevels(by: archive.level + 1 - item.level)
      return item
    }
    modifyItem(withID: archive.id) { $0.children.insert(contentsOf: moved, at: 0) }
    return moved.map(\.id)
  }
}
