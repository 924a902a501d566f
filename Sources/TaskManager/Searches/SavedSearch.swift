import Foundation

/// A search kept in the file, as the TaskPaper app keeps them: an item tagged
/// `@search(<search>)`, named by its text.
///
/// ```swift
/// // "Searches:\n\t- Overdue @search(@due < [d]today and not @done)\n"
/// SavedSearch.all(in: outline).map(\.name)  // ["Overdue"]
/// ```
public struct SavedSearch: Hashable, Sendable {
  /// The item's text without its tags (and a task's marker or a project's colon).
  public var name: String
  /// The search as written in the tag.
  public var text: String
  /// The item that keeps it.
  public var itemID: Item.ID

  /// Creates a saved search.
  public init(name: String, text: String, itemID: Item.ID) {
    self.name = name
    self.text = text
    self.itemID = itemID
  }

  /// Every saved search in `outline`, in document order: each item with a `@search` tag that
  /// has a value (its first one).
  public static func all(in outline: Outline) -> [SavedSearch] {
    var result: [SavedSearch] = []
    var walk = OutlineWalk(outline.items)
    while walk.next() {
      guard let text = walk.item.tag(named: "search")?.value else { continue }
      let item = walk.item
      result.append(SavedSearch(name: Self.name(of: item), text: text, itemID: item.id))
    }
    return result
  }

  /// The saved search called `name`, ignoring case and surrounding spaces; the first of several.
  public static func named(_ name: String, in outline: Outline) -> SavedSearch? {
    let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
    return all(in: outline).first { $0.name.lowercased() == wanted }
  }

  /// The item's title without the tags written inside it.
  private static func name(of item: Item) -> String {
    var title = item.title
    for tag in item.tags {
      if let range = title.range(of: tag.description) { title.removeSubrange(range) }
    }
    return title.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
