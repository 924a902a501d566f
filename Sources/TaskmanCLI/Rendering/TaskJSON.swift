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

  /// Writes ``list(_:shortIDs:)``'s document to `output` as it is made, item by item, in
  /// pieces of about 64 KiB: the same bytes as its `text`, without the whole document (or its
  /// values) in memory at once.
  static func writeList(_ entries: [Outline.Entry], shortIDs: [String], to output: TextOutput) {
    precondition(shortIDs.count == entries.count, "a short id for each entry")
    guard !entries.isEmpty else { return output.write(list([], shortIDs: []).text) }
    var chunk: [UInt8] = []
    chunk.reserveCapacity(80 * 1024)
    // `{"items": [item…]}` as JSONValue writes it: each item on its own lines at depth 2.
    chunk.append(UInt8(ascii: "{"))
    JSONValue.newline(&chunk, indent: 1)
    JSONValue.writeString("items", to: &chunk)
    chunk.append(contentsOf: ": [".utf8)
    for (index, (entry, shortID)) in zip(entries, shortIDs).enumerated() {
      if index > 0 { chunk.append(UInt8(ascii: ",")) }
      JSONValue.newline(&chunk, indent: 2)
      self.entry(for: entry) { _ in shortID }.write(to: &chunk, indent: 2)
      if chunk.count >= 64 * 1024 {
        output.write(utf8: chunk)
        chunk.removeAll(keepingCapacity: true)
      }
    }
    JSONValue.newline(&chunk, indent: 1)
    chunk.append(UInt8(ascii: "]"))
    JSONValue.newline(&chunk, indent: 0)
    chunk.append(contentsOf: "}\n".utf8)
    output.write(utf8: chunk)
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

  /// `taskman searches --json`: `{"searches": [{"name", "search", "id", "shortId"}…]}` in
  /// document order.
  static func searches(_ saved: [SavedSearch], shortID: (UUID) -> String) -> JSONValue {
    .object([
      "searches": .array(
        saved.map {
          .object([
            "name": .string($0.name), "search": .string($0.text),
            "id": .string(id($0.itemID)), "shortId": .string(shortID($0.itemID)),
          ])
        }
      )
    ])
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

  /// `taskman move --where <search> … --json`: `{"items": [item…], "createdProject": title or
  /// null}`, the moved items in document order where the move put them.
  static func moved(_ moved: [Outline.Entry], createdProject: String?, shortID: (UUID) -> String) -> JSONValue {
    .object([
      "items": .array(moved.map { entry(for: $0, shortID: shortID) }),
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
  static func id(_ id: UUID) -> String {
    // Written out here rather than `uuidString.lowercased()`, which formats with sprintf and
    // copies twice: `list --json` writes two per item.
    let digits: StaticString = "0123456789abcdef"
    var text = [UInt8](repeating: UInt8(ascii: "-"), count: 36)
    withUnsafeBytes(of: id.uuid) { bytes in
      digits.withUTF8Buffer { digits in
        var at = 0
        for (offset, byte) in bytes.enumerated() {
          if offset == 4 || offset == 6 || offset == 8 || offset == 10 { at += 1 }
          text[at] = digits[Int(byte >> 4)]
          text[at + 1] = digits[Int(byte & 0x0F)]
          at += 2
        }
      }
    }
    return String(decoding: text, as: UTF8.self)
  }

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
    func object(_ item: Item, _ children: [JSONValue]) -> JSONValue {
      guard case .object(var fields) = base(item) else { preconditionFailure() }
      if let short = shortID(item.id) { fields["shortId"] = .string(short) }
      fields["children"] = .array(children)
      return .object(fields)
    }
    // The items whose children are being made, from the root down to the item visited last:
    // an item at depth d goes under `open[d]`, and those deeper are done by then.
    var open: [(item: Item, children: [JSONValue])] = [(root, [])]
    func closeLast() {
      let (item, children) = open.removeLast()
      open[open.count - 1].children.append(object(item, children))
    }
    var walk = OutlineWalk(root.children)
    while walk.next() {
      while open.count > walk.depth + 1 { closeLast() }
      open.append((walk.item, []))
    }
    while open.count > 1 { closeLast() }
    return object(open[0].item, open[0].children)
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
