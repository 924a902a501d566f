import Foundation

/// Where in an outline an item goes: `taskman add --under`, `--project`, `move --before`…
///
/// ```swift
/// try outline.insert(task, at: .project("Errands"), newProjectID: uuid())  // created if missing
/// try outline.move(id, to: .after(otherID), newProjectID: uuid())
/// ```
public enum OutlinePosition: Hashable, Sendable {
  /// The end of the top level.
  case top
  /// The start of the top level: right before its first item that is not a blank line, at that
  /// item's level (a top-level line indented by hand keeps the lines after it where they are);
  /// the end of the top level when it has only blank lines.
  case first
  /// The end of the item's children.
  case inside(UUID)
  /// The end of the children of the project with this title (ignoring case and a trailing
  /// `:`), at any depth; a new top-level project when there is none.
  case project(String)
  /// Right before the item, under the same parent.
  case before(UUID)
  /// Right after the item (and everything under it), under the same parent.
  case after(UUID)
}

/// Why an item cannot go where it was asked to.
public enum OutlineError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No item has this id.
  case noSuchItem(UUID)
  /// An item cannot go inside itself or one of its own descendants; carries its title.
  case insideItself(String)
  /// An item cannot go right before or after itself; carries its title.
  case besideItself(String)
  /// The title cannot be a project's (it is empty, or has a line break).
  case invalidProjectName(String)
  /// The position names a blank line, which holds no items and marks no place: where it sits
  /// in the outline depends on the line after it.
  case blankLine
  /// The change would leave this line (as it reads before) without text or tags: a blank line,
  /// which is no item, and whose children would go to another parent.
  case wouldBeBlank(String)

  /// A sentence for people.
  public var description: String {
    switch self {
    case .noSuchItem(let id): "There is no item with the id \(id.uuidString.lowercased())."
    case .insideItself(let title): "“\(title)” cannot go inside itself or an item under it."
    case .besideItself(let title): "“\(title)” cannot go before or after itself: name another item."
    case .invalidProjectName(let name):
      OutlinePosition.projectTitle(name).isEmpty
        ? "A project needs a name."
        : "Unable to convert “\(name)” into a project: the line “\(OutlinePosition.projectTitle(name)):” would not read back as a project with that name."
    case .blankLine:
      "That id is a blank line's: a blank line holds no items and marks no place. Name a task, project or note instead."
    case .wouldBeBlank(let line):
      "“\(line)” would be left a blank line, which is no item: nothing was changed. Delete it instead, or keep a tag."
    }
  }
}

extension OutlinePosition {
  /// The title of a project named on the command line: surrounding whitespace and a trailing
  /// `:` left out (`"Errands: "` is `Errands`).
  public static func projectTitle(_ name: String) -> String {
    var title = name.trimmingCharacters(in: .whitespaces)
    if title.hasSuffix(":") { title.removeLast() }
    return title.trimmingCharacters(in: .whitespaces)
  }

  /// The title of the project named `name` on the command line, checked to read back as that
  /// project from the file: not empty, one line, not a task (`- Bar`), no tags.
  ///
  /// - Throws: ``OutlineError/invalidProjectName(_:)``.
  public static func validProjectTitle(_ name: String) throws(OutlineError) -> String {
    let title = projectTitle(name)
    guard !title.isEmpty, !title.contains(where: \.isNewline) else { throw .invalidProjectName(name) }
    let line = TaskPaperParser.parse(title + ":", makeID: { UUID() }).items
    guard line.count == 1, line[0].kind == .project, line[0].title == title, line[0].tags.isEmpty else {
      throw .invalidProjectName(name)
    }
    return title
  }

  /// The project a line typed on the command line asks for: its name, then its tags, with or
  /// without a `:` between them, checked to read back as that project from the file. The
  /// project has a new id; relative dates in its tags are not resolved yet.
  ///
  /// ```swift
  /// try OutlinePosition.project(fromLine: "Errands @home")  // `Errands: @home`
  /// try OutlinePosition.project(fromLine: "Trip: @due(2026-12-01)")  // `Trip: @due(2026-12-01)`
  /// ```
  ///
  /// - Throws: ``OutlineError/invalidProjectName(_:)`` when the name is empty, holds a tag of
  ///   its own (`Call @Bob now`), or the line would read back otherwise.
  public static func project(fromLine line: String) throws(OutlineError) -> Item {
    guard !line.contains(where: \.isNewline) else { throw .invalidProjectName(line) }
    // Read as a task's text, the line's trailing tags are set apart from its name.
    let parsed = TaskPaperParser.parse("- " + line.trimmingCharacters(in: .whitespaces), makeID: { UUID() }).items
    guard parsed.count == 1, parsed[0].kind == .task else { throw .invalidProjectName(line) }
    let title: String
    do throws(OutlineError) { title = try validProjectTitle(parsed[0].title) } catch { throw .invalidProjectName(line) }
    let project = Item(id: UUID(), kind: .project, title: title, tags: parsed[0].tags)
    let reread = TaskPaperParser.parse(TaskPaperPrinter.line(for: project), makeID: { UUID() }).items
    guard reread.count == 1, reread[0].kind == .project, reread[0].title == title, reread[0].tags == project.tags else {
      throw .invalidProjectName(line)
    }
    return project
  }
}

extension Outline {
  /// The first project titled `name` (ignoring case and a trailing `:`), at any depth.
  public func project(named name: String) -> Item? {
    let wanted = OutlinePosition.projectTitle(name).lowercased()
    var walk = OutlineWalk(items)
    while walk.next() {
      if walk.item.kind == .project, walk.item.title.lowercased() == wanted { return walk.item }
    }
    return nil
  }

  /// Adds `item` (with its children) at `position`. A project named by `.project` that does not
  /// exist is added at the end of the top level first, with the id `newProjectID`.
  ///
  /// The item's level, and its descendants', become one more than its new parent's.
  ///
  /// - Throws: ``OutlineError`` when the position names an item that is not there or a blank
  ///   line, or a project name that cannot be one.
  public mutating func insert(
    _ item: Item,
    at position: OutlinePosition,
    newProjectID: @autoclosure () -> UUID
  ) throws(OutlineError) {
    var item = item
    switch position {
    case .top:
      item.shiftLevels(by: -item.level)
      items.append(item)
    case .first:
      if let first = items.first(where: { !$0.isBlank }) {
        try insert(item, at: .before(first.id), newProjectID: newProjectID())
      } else {
        try insert(item, at: .top, newProjectID: newProjectID())
      }
    case .inside(let parentID):
      guard let parent = self.item(withID: parentID) else { throw .noSuchItem(parentID) }
      guard !parent.isBlank else { throw .blankLine }
      item.shiftLevels(by: parent.level + 1 - item.level)
      modifyItem(withID: parentID) { $0.children.append(item) }
    case .project(let name):
      let title = try OutlinePosition.validProjectTitle(name)
      if project(named: title) == nil {
        appendTopLevelProject(Item(id: newProjectID(), kind: .project, title: title), blankLineID: newProjectID())
      }
      guard let project = project(named: title) else { throw .invalidProjectName(name) }
      try insert(item, at: .inside(project.id), newProjectID: newProjectID())
    case .before(let siblingID), .after(let siblingID):
      guard let sibling = self.item(withID: siblingID) else { throw .noSuchItem(siblingID) }
      guard !sibling.isBlank else { throw .blankLine }
      item.shiftLevels(by: sibling.level - item.level)
      let offset = position == .after(siblingID) ? 1 : 0
      if let index = items.firstIndex(where: { $0.id == siblingID }) {
        items.insert(item, at: index + offset)
      } else {
        Item.insert(item, besides: siblingID, offset: offset, in: &items)
      }
    }
  }

  /// Appends a new project at the end of the top level, after a blank line when the file
  /// separates its top-level projects with blank lines (each project after the first follows
  /// one) and does not end with one already, so that the new block looks like the others.
  public mutating func appendTopLevelProject(_ project: Item, blankLineID: @autoclosure () -> UUID) {
    var project = project
    project.shiftLevels(by: -project.level)
    let following = items.indices.dropFirst().filter { items[$0].kind == .project }
    if !following.isEmpty, following.allSatisfy({ items[$0 - 1].isBlank }), items.last?.isBlank == false {
      items.append(Item(id: blankLineID(), kind: .note, title: ""))
    }
    items.append(project)
  }

  /// Moves the item with `id`, with everything under it, to `position`. A move to where the
  /// item already is leaves the outline as it was.
  ///
  /// - Throws: ``OutlineError`` when there is no such item, the position names an item that is
  ///   not there, or lies inside the item itself.
  public mutating func move(
    _ id: UUID,
    to position: OutlinePosition,
    newProjectID: @autoclosure () -> UUID
  ) throws(OutlineError) {
    guard let moving = item(withID: id) else { throw .noSuchItem(id) }
    switch position {
    case .before(id), .after(id):
      throw .besideItself(moving.title)
    case .inside(let target), .before(let target), .after(let target):
      if target == id || moving.item(withID: target) != nil { throw .insideItself(moving.title) }
    case .project(let name):
      if let project = project(named: name), project.id == id || moving.item(withID: project.id) != nil {
        throw .insideItself(moving.title)
      }
    case .top, .first:
      break
    }
    var moved = self
    moved.removeItem(withID: id)
    try moved.insert(moving, at: position, newProjectID: newProjectID())
    // A move to where the item already is (`.top` of the last top-level item, `.first` of the
    // first, `--after` its previous sibling) changes nothing, not even its level.
    if Item.sameTree(moved.items, items) { return }
    self = moved
  }
}

extension Item {
  /// Inserts `item` into the children list (at any depth) that holds the item with `siblingID`,
  /// `offset` after it; false when there is none.
  @discardableResult
  static func insert(_ item: Item, besides siblingID: UUID, offset: Int, in items: inout [Item]) -> Bool {
    guard let path = path(to: siblingID, in: items) else { return false }
    withLevels(along: path, in: &items) { levels in
      levels[levels.count - 1].insert(item, at: path[path.count - 1] + offset)
    }
    return true
  }
}
