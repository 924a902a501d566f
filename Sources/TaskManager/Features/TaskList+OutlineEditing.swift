import Composable
import Dependencies
import Foundation

extension TaskList {
  /// The confirmation shown before deleting `task`.
  public static func deleteConfirmation(for task: Item) -> AlertState<Action.Alert> {
    let count = task.descendantCount
    let title = task.title.isEmpty ? "this item" : "“\(task.title)”"
    let message: TextState =
      count == 0
      ? "Delete \(title)?"
      : "Delete \(title) and the \(count) \(count == 1 ? "item" : "items") under it?"
    return AlertState(
      title: "Are you sure?",
      message: message,
      buttons: [
        .destructive("Delete", action: .confirmDeletion(id: task.id)),
        .cancel("Cancel"),
      ]
    )
  }

  /// Why a line is no note, and what to do instead.
  public static func noteAdvice(_ text: String) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty { return "A note needs some text." }
    if text.contains(where: \.isNewline) { return "A note is one line of text." }
    switch TaskPaperParser.parse(trimmed, makeID: { UUID() }).items.first?.kind {
    case .task?:
      return "A line starting with “- ” is a task: add it with taskman add --under <id>."
    case .project?:
      return "A line ending with “:” (before any tags) is a project; end it otherwise, say with a full stop."
    default:
      return "A note is one line of text."
    }
  }

  /// Adds `imported` to `items`: an imported item with the same line as a not yet matched
  /// item among `items` is that item (its children are merged in turn); any other is inserted
  /// after the item its imported predecessor matched, else before the item its first matched
  /// successor did, else at the end. Linear in the items, so importing a large file into a
  /// large list stays fast.
  ///
  /// Blank lines are spacing, not items: the list's own are never matched (nor moved), and an
  /// imported one comes in only with new items, when the item with text after it is new (or,
  /// last among its siblings, the one before it).
  static func merge(_ imported: [Item], into items: inout [Item], parentLevel: Int) {
    struct Line: Hashable {
      var kind: Item.Kind
      var title: String
      var tags: [Tag]
      init(_ item: Item) { (kind, title, tags) = (item.kind, item.title, item.tags) }
    }
    // For each line, the unmatched items with it, the first last.
    var candidates: [Line: [Int]] = [:]
    for index in items.indices.reversed() where !items[index].isBlank {
      candidates[Line(items[index]), default: []].append(index)
    }
    let matches = imported.map { $0.isBlank ? nil : candidates[Line($0)]?.popLast() }
    // Whether each imported blank line comes in: by the nearest item with text after it, else
    // before it, whether that one is new.
    var blankComesIn = [Bool](repeating: false, count: imported.count)
    var nextWithText: Int?
    for offset in imported.indices.reversed() {
      if !imported[offset].isBlank {
        nextWithText = offset
      } else if let nextWithText {
        blankComesIn[offset] = matches[nextWithText] == nil
      }
    }
    if let lastWithText = imported.lastIndex(where: { !$0.isBlank }), matches[lastWithText] == nil {
      for offset in (lastWithText + 1)..<imported.count { blankComesIn[offset] = true }
    }

    var after: [Int: [Item]] = [:]
    var before: [Int: [Item]] = [:]
    var atEnd: [Item] = []
    var previous: Int?
    var next = matches.firstIndex { $0 != nil }
    for (offset, var item) in imported.enumerated() {
      if let index = matches[offset] {
        merge(item.children, into: &items[index].children, parentLevel: items[index].level)
        previous = index
        next = matches[(offset + 1)...].firstIndex { $0 != nil }
        continue
      }
      if item.isBlank, !blankComesIn[offset] { continue }
      item.shiftLevels(by: parentLevel + 1 - item.level)
      if let previous {
        after[previous, default: []].append(item)
      } else if let next, let successor = matches[next] {
        before[successor, default: []].append(item)
      } else {
        atEnd.append(item)
      }
    }
    guard !after.isEmpty || !before.isEmpty || !atEnd.isEmpty else { return }
    var merged: [Item] = []
    merged.reserveCapacity(items.count + imported.count)
    for index in items.indices {
      if let inserted = before[index] { merged.append(contentsOf: inserted) }
      merged.append(items[index])
      if let inserted = after[index] { merged.append(contentsOf: inserted) }
    }
    merged.append(contentsOf: atEnd)
    items = merged
  }

  /// A title for a history description: whole up to 100 characters, else its first 99 and "…", so
  /// that a huge line fills neither the terminal (`Undid: …`) nor the journal.
  static func quoted(_ title: String) -> String {
    guard title.count > 100 else { return "“\(title)”" }
    return "“\(title.prefix(99))…”"
  }

  /// Quoted titles for a history description: up to five, then how many more.
  static func listed(_ titles: [String]) -> String {
    guard titles.count > 5 else { return titles.joined(separator: ", ") }
    return titles.prefix(5).joined(separator: ", ") + " and \(titles.count - 5) more"
  }
}

extension IdentifiedArray where ID == UUID, Element == Item {
  /// Adds `item` at `position`; see ``Outline/insert(_:at:newProjectID:)``.
  mutating func insert(_ item: Item, at position: OutlinePosition, newProjectID: @autoclosure () -> UUID) throws(OutlineError) {
    var outline = Outline(items: elements)
    try outline.insert(item, at: position, newProjectID: newProjectID())
    self = IdentifiedArray(uniqueElements: outline.items)
  }

  /// Removes every tag with one of `names` from the item with `id`, unless that would leave it
  /// a blank line (a note of tags only): no item, and its children would go under another parent.
  mutating func removeTags(named names: [String], from id: UUID) throws(OutlineError) {
    var emptied: String?
    _ = modifyItem(withID: id) { item in
      let line = TaskPaperPrinter.line(for: item)
      for name in names { item.removeTags(named: name) }
      if item.isBlank { emptied = line }
    }
    // The caller's change puts the items back as they were.
    if let emptied { throw .wouldBeBlank(emptied) }
  }

  /// Moves the item with `id` to `position`; see ``Outline/move(_:to:newProjectID:)``.
  mutating func move(_ id: UUID, to position: OutlinePosition, newProjectID: @autoclosure () -> UUID) throws(OutlineError) {
    var outline = Outline(items: elements)
    try outline.move(id, to: position, newProjectID: newProjectID())
    self = IdentifiedArray(uniqueElements: outline.items)
  }

  /// Applies `body` to the item with `id` at any depth; false when there is none.
  @discardableResult
  mutating func modifyItem(withID id: UUID, _ body: (inout Item) -> Void) -> Bool {
    if contains(id: id) {
      modify(id: id, body)
      return true
    }
    for index in indices where Item.find(id, in: self[index].children) != nil {
      return modify(id: self[index].id) { $0.modifyItem(withID: id, body) } ?? false
    }
    return false
  }

  /// Removes the item with `id` at any depth, with its children.
  @discardableResult
  mutating func removeItem(withID id: UUID) -> Item? {
    if let removed = remove(id: id) { return removed }
    for index in indices where Item.find(id, in: self[index].children) != nil {
      return modify(id: self[index].id) { $0.removeItem(withID: id) } ?? nil
    }
    return nil
  }
}

extension TaskList.State {
  /// The quoted titles of the items with `ids`, for history descriptions: `“Buy milk”, “Bank”`.
  func titles(of ids: [UUID]) -> String {
    TaskList.listed(ids.map { TaskList.quoted(item(withID: $0)?.title ?? $0.uuidString) })
  }

  /// The titles of the items with `ids` that are `wanted` (the ones a change changes), or of
  /// all of them when none is.
  func titles(of ids: [UUID], preferring wanted: (Item) -> Bool) -> String {
    let found = ids.map { ($0, item(withID: $0)) }
    let preferred = found.filter { $0.1.map(wanted) == true }
    return TaskList.listed((preferred.isEmpty ? found : preferred).map { TaskList.quoted($0.1?.title ?? $0.0.uuidString) })
  }
}

extension Item {
  /// How many items are nested under this one, at any depth.
  var descendantCount: Int {
    children.reduce(children.count) { $0 + $1.descendantCount }
  }
}
