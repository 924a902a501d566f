import Foundation

/// One line of the outline `taskman list` prints: an item, and whether it matched the filter or
/// is shown only as context, because something under it matched.
public struct OutlineRow: Hashable, Sendable {
  /// The item, with its depth, parent and project.
  public var entry: Outline.Entry
  /// Whether the item is there only because an item under it matched.
  public var isContext: Bool

  /// Creates a row.
  public init(entry: Outline.Entry, isContext: Bool) {
    self.entry = entry
    self.isContext = isContext
  }
}

extension TaskFilter {
  /// The outline as `taskman list` shows it: every item that matches (blank lines never do),
  /// each with the items above it that did not match, as context, in document order.
  ///
  /// ```swift
  /// // "Home:\n\t- Water plants @weekly\n\t- Fix tap\nWork:\n\t- Report\n"
  /// TaskFilter(kinds: [.task], tags: [.has("weekly")]).outlineRows(of: outline)
  /// // Home (context), Water plants
  /// ```
  public func outlineRows(of outline: Outline) -> [OutlineRow] {
    var rows: [OutlineRow] = []
    // Room for every item at once: growing a long list step by step moved it several times.
    rows.reserveCapacity(outline.itemCount)
    var walk = MatchingWalk(outline, filter: self)
    // How many levels above the current item are already shown. A match shows every item above
    // it, so the shown ones are always the top levels.
    var shownDepth = 0
    while let (depth, matches) = walk.next() {
      guard matches else {
        shownDepth = min(shownDepth, depth)
        continue
      }
      for ancestorDepth in min(shownDepth, depth)..<depth {
        rows.append(OutlineRow(entry: walk.entry(atDepth: ancestorDepth), isContext: true))
      }
      rows.append(OutlineRow(entry: walk.entry(atDepth: depth), isContext: false))
      shownDepth = depth + 1
    }
    return rows
  }
}

/// The orders `taskman list --sort` lists in.
public enum TaskOrder: String, Hashable, Sendable, CaseIterable {
  /// By deadline, soonest first (on one day, those due at a time before those due that day
  /// without one, as `agenda` lists them); items without one last.
  case due
  /// By the title of the project they sit in, ignoring case; items outside projects first.
  case project
  /// By when `taskman` first saw them (added them, or first read them), oldest first.
  case created
  /// By title, ignoring case.
  case text

  /// `entries` in this order; ties keep document order. `firstSeen` says when an item was first
  /// seen (for ``created``); items it does not know come first, in document order.
  public func sorted(_ entries: [Outline.Entry], firstSeen: [UUID: Date] = [:]) -> [Outline.Entry] {
    let keyed = entries.enumerated().map { (offset: $0.offset, entry: $0.element) }
    func compare(_ a: (offset: Int, entry: Outline.Entry), _ b: (offset: Int, entry: Outline.Entry)) -> Bool {
      switch self {
      case .due:
        let order = { (entry: Outline.Entry) in TaskFilter.deadline(of: entry.item).map(TaskFilter.deadlineOrder) }
        switch (order(a.entry), order(b.entry)) {
        case let (x?, y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
      case .project:
        let (x, y) = (a.entry.project?.title.lowercased() ?? "", b.entry.project?.title.lowercased() ?? "")
        if x != y { return x < y }
      case .created:
        let (x, y) = (firstSeen[a.entry.item.id] ?? .distantPast, firstSeen[b.entry.item.id] ?? .distantPast)
        if x != y { return x < y }
      case .text:
        let (x, y) = (a.entry.item.title.lowercased(), b.entry.item.title.lowercased())
        if x != y { return x < y }
      }
      return a.offset < b.offset
    }
    return keyed.sorted(by: compare).map(\.entry)
  }
}
