import Foundation
import TaskManager

/// The `--json` shapes of the commands that print items, documented with examples in
/// Documentation/taskman-json.md. Fields are only ever added, never renamed or removed.
enum TaskJSON {
  /// `taskman list --json`: `{"items": [item…]}`, each item with its `project` and `parentId`.
  static func list(_ entries: [Outline.Entry], shortIDs: [String]) -> JSONValue {
    precondition(shortIDs.count == entries.count, "a short id for each entry")
    return .object(["items": .array(zip(entries, shortIDs).map { entry, shortID in self.entry(for: entry) { _ in shortID } })])
  }

  /// `taskman show <id> --json`: `{"item": item}` with `children` (recursively) and `text`, the
  /// item and its descendants as TaskPaper.
  static func show(_ entry: Outline.Entry, shortID: (UUID) -> String) -> JSONValue {
    guard case .object(var fields) = self.entry(for: entry, shortID: shortID) else { preconditionFailure() }
    fields["children"] = .array(entry.item.children.map { tree($0, shortID: shortID) })
    fields["text"] = .string(ItemText.taskPaper(entry.item))
    return .object(["item": .object(fields)])
  }

  /// `taskman tags --json`: `{"tags": [{"name", "count"}…]}` sorted by name.
  static func tags(_ counts: [(name: String, count: Int)]) -> JSONValue {
    let sorted = counts.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    return .object(["tags": .array(sorted.map { .object(["name": .string($0.name), "count": .int($0.count)]) })])
  }

  /// `taskman export --json`: `{"items": [tree…]}`, the whole outline in document order.
  static func export(_ outline: Outline) -> JSONValue {
    .object(["items": .array(outline.items.map { tree($0, shortID: { _ in nil }) })])
  }

  /// `taskman projects --json`: `{"projects": [{…, "depth", "openTasks", "doneTasks"}…]}` in
  /// document order.
  static func projects(_ summaries: [ProjectSummary], shortID: (UUID) -> String) -> JSONValue {
    .object([
      "projects": .array(
        summaries.map { summary in
          guard case .object(var fields) = entry(for: summary.entry, shortID: shortID) else { preconditionFailure() }
          fields["openTasks"] = .int(summary.openTasks)
          fields["doneTasks"] = .int(summary.doneTasks)
          return .object(fields)
        }
      )
    ])
  }

  /// `taskman agenda --json`: `{"overdue": […], "today": […], "upcoming": […]}`, each item with
  /// its `due` deadline.
  static func agenda(_ agenda: Agenda, shortID: (UUID) -> String) -> JSONValue {
    func items(_ entries: [Outline.Entry]) -> JSONValue {
      .array(
        entries.map { entry in
          guard case .object(var fields) = self.entry(for: entry, shortID: shortID) else { preconditionFailure() }
          fields["due"] = TaskFilter.deadline(of: entry.item).map { .string($0.description) } ?? .null
          return .object(fields)
        }
      )
    }
    return .object(["overdue": items(agenda.overdue), "today": items(agenda.today), "upcoming": items(agenda.upcoming)])
  }

  /// `taskman move <id> … --json`: `{"item": item, "createdProject": title or null}`, the item
  /// where the move put it (its `project`, `parentId` and `depth`), and the project the move
  /// created, if any.
  static func moved(_ moved: Outline.Entry, createdProject: String?, shortID: (UUID) -> String) -> JSONValue {
    .object([
      "item": entry(for: moved, shortID: shortID),
      "createdProject": createdProject.map(JSONValue.string) ?? .null,
    ])
  }

  /// `taskman doctor --json`: `{"file": {…}, "bookkeeping": [text…], "findings": [{…}…]}`.
  static func doctor(_ checkup: TaskFileCheckup, path: String, bookkeeping: [String], shortID: (UUID) -> String) -> JSONValue {
    .object([
      "file": .object([
        "path": .string(path),
        "lines": .int(checkup.lineCount),
        "blankLines": .int(checkup.blankLines),
        "lineEndings": .string(checkup.lineEndings.rawValue),
        "endsWithLineBreak": .bool(checkup.endsWithLineBreak),
        "mixedIndentation": .bool(checkup.indentsWithTabsAndSpaces),
      ]),
      "bookkeeping": .array(bookkeeping.map(JSONValue.string)),
      "findings": .array(
        checkup.findings.map { finding in
          var fields: [String: JSONValue] = [
            "line": .int(finding.line),
            "id": .string(id(finding.id)),
            "shortId": .string(shortID(finding.id)),
            "kind": .string(finding.kind.rawValue),
            "message": .string(finding.message),
          ]
          if let tagName = finding.tagName { fields["tag"] = .string(tagName) }
          return .object(fields)
        }
      ),
    ])
  }

  /// The lowercase, dashed form of an id: `3f2a9c1b-0d4e-4c5f-9a7b-1c2d3e4f5a6b`.
  static func id(_ id: UUID) -> String { id.uuidString.lowercased() }

  // MARK: - Pieces

  private static func entry(for entry: Outline.Entry, shortID: (UUID) -> String) -> JSONValue {
    guard case .object(var fields) = base(entry.item) else { preconditionFailure() }
    fields["shortId"] = .string(shortID(entry.item.id))
    fields["project"] = entry.project.map { .string($0.title) } ?? .null
    fields["parentId"] = entry.parentID.map { .string(id($0)) } ?? .null
    fields["depth"] = .int(entry.depth)
    return .object(fields)
  }

  /// The item and everything under it, built without recursion (an outline may nest thousands
  /// of levels deep).
  private static func tree(_ root: Item, shortID: (UUID) -> String?) -> JSONValue {
    var stack: [(item: Item, next: Int, children: [JSONValue])] = [(root, 0, [])]
    while true {
      let last = stack.count - 1
      if stack[last].next < stack[last].item.children.count {
        let child = stack[last].item.children[stack[last].next]
        stack[last].next += 1
        stack.append((child, 0, []))
        continue
      }
      let (item, _, children) = stack.removeLast()
      guard case .object(var fields) = base(item) else { preconditionFailure() }
      if let short = shortID(item.id) { fields["shortId"] = .string(short) }
      fields["children"] = .array(children)
      if stack.isEmpty { return .object(fields) }
      stack[stack.count - 1].children.append(.object(fields))
    }
  }

  private static func base(_ item: Item) -> JSONValue {
    .object([
      "id": .string(id(item.id)),
      "kind": .string(item.kind.rawValue),
      "title": .string(item.title),
      "tags": .array(item.tags.map { .object(["name": .string($0.name), "value": $0.value.map(JSONValue.string) ?? .null]) }),
      "done": .bool(item.isDone),
    ])
  }
}
