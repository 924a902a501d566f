import Foundation
import TaskManager

/// The live values completion offers, from a task list's items: ids with titles, tag names,
/// project names. Each is worked out only when a word asks for it.
struct CompletionValues {
  /// The list's top-level items (their children within).
  var items: [Item]

  /// The items whose id starts with `prefix` (lowercase hex; dashes and capitals are
  /// ignored, as ids are resolved), in outline order, blank lines left out: each as its short
  /// id (longer when `prefix` is: the shell keeps only words starting with what was typed),
  /// with its title.
  func ids(startingWith prefix: String) -> [CompletionCandidate] {
    let typed = String(prefix.lowercased().filter { $0 != "-" })
    // `--` after `--` is a word, not a prefix of every id.
    guard typed.allSatisfy(\.isHexDigit), !typed.isEmpty || prefix.isEmpty else { return [] }
    var matching: [Item] = []
    var walk = OutlineWalk(items)
    while walk.next() {
      let item = walk.item
      guard !item.isBlank else { continue }
      if typed.isEmpty || ShortIDIndex.hex(ShortIDIndex.number(item.id), digits: typed.count) == typed {
        matching.append(item)
      }
    }
    guard !matching.isEmpty else { return [] }
    let shortIDs = ShortIDIndex(items: items).shortIDs(for: matching.map(\.id))
    return zip(matching, shortIDs).map { item, shortID in
      let value =
        shortID.count >= typed.count ? shortID : ShortIDIndex.hex(ShortIDIndex.number(item.id), digits: min(32, typed.count))
      return CompletionCandidate(value: value, description: Self.describe(item))
    }
  }

  /// Every tag name in its most common spelling (as `taskman tags` shows them), with how
  /// many items carry it; each with an `@` in front when `withAt`.
  func tags(withAt: Bool) -> [CompletionCandidate] {
    Outline(items: items).tagCounts().map { count in
      CompletionCandidate(
        value: (withAt ? "@" : "") + count.name,
        description: count.count == 1 ? "1 item" : "\(count.count) items"
      )
    }
  }

  /// Every project's name, once per name (ignoring case), in outline order.
  func projects() -> [CompletionCandidate] {
    var seen = Set<String>()
    var candidates: [CompletionCandidate] = []
    var walk = OutlineWalk(items)
    while walk.next() {
      let item = walk.item
      guard item.kind == .project, !item.title.isEmpty, seen.insert(item.title.lowercased()).inserted else { continue }
      candidates.append(CompletionCandidate(value: TextStyle.printable(item.title), description: "project"))
    }
    return candidates
  }

  /// Every saved search's name, with its search, in outline order.
  func savedSearches() -> [CompletionCandidate] {
    SavedSearch.all(in: Outline(items: items)).map {
      CompletionCandidate(value: TextStyle.printable($0.name), description: TextStyle.printable($0.text))
    }
  }

  /// An item's title as one line, as lists show it, for an id's description.
  private static func describe(_ item: Item) -> String {
    let title = TextStyle.printable(item.title)
    let text =
      switch item.kind {
      case .project: title + ":"
      case .task: item.isDone ? title + " (done)" : title
      case .note: title
      }
    // Counting characters walks the text: only a title with more than 70 bytes can be too long.
    return text.utf8.count > 70 && text.count > 70 ? String(text.prefix(69)) + "…" : text
  }
}
