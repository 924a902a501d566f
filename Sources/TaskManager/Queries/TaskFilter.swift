import Foundation

/// Which items of an outline to show: by kind, tags, project, text, done state and due date.
/// Every condition that is set must hold.
///
/// ```swift
/// // taskman list --tag home --not-tag waiting --project Errands --due-before 2024-11-01
/// let filter = TaskFilter(
///   tags: [.has("home"), .lacks("waiting")],
///   project: "Errands",
///   dueBefore: TaskDate.Point(day: TaskDate.Day(year: 2024, month: 11, day: 1)!)
/// )
/// for entry in filter.apply(to: outline) {
///   print(entry.project?.title ?? "", entry.item.title)
/// }
/// ```
///
/// Items are matched at every depth, each on its own line's tags, with one exception: by
/// default (``Status/notDone``) a done item hides with everything under it, so a task or note
/// under a `@done` task or project is not shown either. ``Status/done`` finds the items tagged
/// `@done` themselves, and ``Status/all`` shows everything.
public struct TaskFilter: Hashable, Sendable {
  /// Which kinds of items can match; only tasks by default.
  public var kinds: Set<Item.Kind>
  /// Tag conditions, all of which must hold.
  public var tags: [TagCondition]
  /// A project name: the item must sit inside a project whose title starts with it, at any depth
  /// above it. Case is ignored, as are surrounding whitespace and a trailing `:` (`"err"` finds
  /// `Errands`).
  public var project: String?
  /// Text the item's title, or one of its tags' names or values, must contain, ignoring case
  /// and accents (`zoe` finds `Zoë`). Empty text matches everything.
  public var searchText: String?
  /// Whether done items, not done items, or both match; not done by default.
  public var status: Status
  /// A moment the item's deadline must be before (see ``deadline(of:)``).
  public var dueBefore: TaskDate.Point?
  /// A moment the item's deadline must be after.
  public var dueAfter: TaskDate.Point?
  /// A day on which the item must be overdue: its deadline is on an earlier day.
  public var overdueAsOf: TaskDate.Day?
  /// A day on which the item must be actionable: an item whose `@start` or `@defer` date is
  /// on a later day (see ``startsAfter(_:_:)``) does not match, and hides with everything
  /// under it, as a done item does. Nil: items are shown whatever their start.
  public var actionableOn: TaskDate.Day?
  /// A TaskPaper search that must find the item (`list --where`); see ``SearchCondition``.
  public var search: SearchCondition?

  /// A TaskPaper search, with the day its dates (`[d]today`) are read from.
  ///
  /// ```swift
  /// let search = try TaskPaperSearch(parsing: "@due < [d]today")
  /// TaskFilter(kinds: Set(Item.Kind.allCases), status: .all, search: .init(search, today: today))
  /// ```
  ///
  /// The search looks at the whole outline (paths, axes), so only ``TaskFilter/apply(to:)`` and
  /// ``TaskFilter/outlineRows(of:)`` apply it; ``TaskFilter/matches(_:inProjects:)``, which sees
  /// one item, does not.
  public struct SearchCondition: Hashable, Sendable {
    /// The search.
    public var search: TaskPaperSearch
    /// The day `[d]today` is.
    public var today: TaskDate.Day

    /// Creates a condition.
    public init(_ search: TaskPaperSearch, today: TaskDate.Day) {
      self.search = search
      self.today = today
    }
  }

  /// Whether done items match.
  public enum Status: String, Hashable, Sendable, CaseIterable {
    /// Only items without a `@done` tag and not under an item with one (the default).
    case notDone
    /// Only items with a `@done` tag.
    case done
    /// Every item.
    case all
  }

  /// Creates a filter; with no arguments it matches every task that is not done.
  public init(
    kinds: Set<Item.Kind> = [.task],
    tags: [TagCondition] = [],
    project: String? = nil,
    searchText: String? = nil,
    status: Status = .notDone,
    dueBefore: TaskDate.Point? = nil,
    dueAfter: TaskDate.Point? = nil,
    overdueAsOf: TaskDate.Day? = nil,
    actionableOn: TaskDate.Day? = nil,
    search: SearchCondition? = nil
  ) {
    self.kinds = kinds
    self.tags = tags
    self.project = project
    self.searchText = searchText
    self.status = status
    self.dueBefore = dueBefore
    self.dueAfter = dueAfter
    self.overdueAsOf = overdueAsOf
    self.actionableOn = actionableOn
    self.search = search
  }

  /// The entries of `outline` that match, in document order, each with its depth, parent and
  /// nearest project.
  public func apply(to outline: Outline) -> [Outline.Entry] {
    var walk = MatchingWalk(outline, filter: self)
    var result: [Outline.Entry] = []
    while let (depth, matches) = walk.next() {
      if matches { result.append(walk.entry(atDepth: depth)) }
    }
    return result
  }

  /// Whether `item` matches, given the titles of the projects it sits in (any order).
  ///
  /// The item is judged alone: whether an item above it is done, which hides it in
  /// ``apply(to:)``, is not known here.
  public func matches(_ item: Item, inProjects projectTitles: [String] = []) -> Bool {
    let matcher = Matcher(self)
    let inside = matcher.project == nil || projectTitles.contains { matcher.isWantedProject(title: $0) }
    return matcher.matches(item, insideProject: inside)
  }

  /// The moment an item is due: the end of its first `@due` date if that is a range, else its
  /// start; `nil` without a `@due` tag or when its value is not a valid date.
  ///
  /// ```swift
  /// // "- Call @due(2024-11-24 10:00-10:30)"
  /// TaskFilter.deadline(of: item)?.description  // "2024-11-24 10:30"
  /// ```
  public static func deadline(of item: Item) -> TaskDate.Point? {
    guard let due = item.tag(named: "due"), let date = try? due.date() else { return nil }
    return date.end ?? date.start
  }

  /// Whether `item` is not yet actionable on `day`: its `@start` or `@defer` date (read as
  /// ``TaskDate`` reads `@due`; the start of a range) is on a later day. A tag whose value is
  /// not a date never hides an item.
  ///
  /// ```swift
  /// // "- Renew passport @start(2026-12-01)"
  /// TaskFilter.startsAfter(item, TaskDate.Day(year: 2026, month: 11, day: 29)!)  // true
  /// ```
  public static func startsAfter(_ item: Item, _ day: TaskDate.Day) -> Bool {
    for tag in item.tags where tag.hasName("start") || tag.hasName("defer") {
      if let date = try? tag.date(), date.start.day > day { return true }
    }
    return false
  }

  /// Where a deadline sorts: by day, and on one day a bare day after the day's times, since it is
  /// due by the end of that day (`TaskDate.Point` puts it first).
  static func deadlineOrder(_ point: TaskDate.Point) -> Int {
    point.day.daysSince1970 * 1441 + (point.time.map { $0.hour * 60 + $0.minute } ?? 1440)
  }
}

// MARK: - Tag conditions

extension TaskFilter {
  /// A condition on one tag: the item has (or, negated, lacks) a tag with this name and, when
  /// `value` is set, exactly this value.
  public struct TagCondition: Hashable, Sendable {
    /// The tag name, without `@`; compared ignoring case (`weekend` finds `@Weekend`).
    public var name: String
    /// The value the tag must have, compared exactly; `nil` for any value or none.
    public var value: String?
    /// Whether the item must *not* have such a tag.
    public var isNegated: Bool

    /// Creates a condition; see ``has(_:value:)`` and ``lacks(_:value:)`` for shorter spellings.
    public init(name: String, value: String? = nil, isNegated: Bool = false) {
      self.name = name
      self.value = value
      self.isNegated = isNegated
    }

    /// Reads a command-line argument: `NAME` or `NAME=VALUE`, with an optional `@` before the
    /// name (`@due=2024-10-31`); the value runs to the end, `=` included.
    ///
    /// ```swift
    /// TaskFilter.TagCondition(argument: "due=2024-10-31")  // name "due", value "2024-10-31"
    /// TaskFilter.TagCondition(argument: "waiting", isNegated: true)  // --not-tag waiting
    /// ```
    public init(argument: String, isNegated: Bool = false) {
      var text = Substring(argument)
      if text.hasPrefix("@") { text = text.dropFirst() }
      if let equals = text.firstIndex(of: "=") {
        self.init(name: String(text[..<equals]), value: String(text[text.index(after: equals)...]), isNegated: isNegated)
      } else {
        self.init(name: String(text), isNegated: isNegated)
      }
    }

    /// The item must have a tag `name` (with `value`, if given).
    public static func has(_ name: String, value: String? = nil) -> Self {
      Self(name: name, value: value)
    }

    /// The item must not have a tag `name` (with `value`, if given).
    public static func lacks(_ name: String, value: String? = nil) -> Self {
      Self(name: name, value: value, isNegated: true)
    }

    /// Whether `item` satisfies the condition.
    public func matches(_ item: Item) -> Bool {
      let found = item.tags.contains { $0.hasName(name) && (value == nil || $0.value == value) }
      return found != isNegated
    }
  }
}

// MARK: - Matching

/// The filter with its text conditions prepared once, rather than per item.
private struct Matcher {
  let filter: TaskFilter
  /// `filter.kinds` as flags: a set lookup per item would hash.
  let kinds: (task: Bool, project: Bool, note: Bool)
  let project: String?
  let search: CaseInsensitiveText?
  /// Whether the search text may be found only in the line as written.
  let searchSpansLine: Bool
  let dueBefore: TaskDate.Point?
  /// The ids the filter's search finds, when it has one.
  let found: Set<UUID>?

  init(_ filter: TaskFilter, outline: Outline? = nil) {
    self.filter = filter
    found = filter.search.flatMap { condition in
      outline.map { Set(condition.search.matches(in: $0, today: condition.today)) }
    }
    kinds = (filter.kinds.contains(.task), filter.kinds.contains(.project), filter.kinds.contains(.note))
    project = filter.project.map { name in
      var name = name.trimmingCharacters(in: .whitespaces)
      if name.hasSuffix(":") { name.removeLast() }
      return name.trimmingCharacters(in: .whitespaces).lowercased()
    }
    search = filter.searchText.flatMap { $0.isEmpty ? nil : CaseInsensitiveText($0) }
    searchSpansLine = filter.searchText?.contains { " @:-()\t".contains($0) } ?? false
    // Overdue on a day means due before that day began; a bare day sorts before its 00:00.
    switch (filter.dueBefore, filter.overdueAsOf.map { TaskDate.Point(day: $0) }) {
    case let (before?, overdue?): dueBefore = min(before, overdue)
    case let (before, overdue): dueBefore = before ?? overdue
    }
  }

  func isWantedProject(_ item: Item) -> Bool {
    isWantedProject(title: item.title)
  }

  func isWantedProject(title: String) -> Bool {
    guard let project else { return false }
    return title.lowercased().hasPrefix(project)
  }

  func matches(_ item: Item, insideProject: Bool) -> Bool {
    // A blank line is no item to show or act on, whatever the filter.
    if item.isBlank { return false }
    switch item.kind {
    case .task: guard kinds.task else { return false }
    case .project: guard kinds.project else { return false }
    case .note: guard kinds.note else { return false }
    }
    switch filter.status {
    case .notDone: if item.isDone { return false }
    case .done: if !item.isDone { return false }
    case .all: break
    }
    for condition in filter.tags where !condition.matches(item) { return false }
    if let day = filter.actionableOn, TaskFilter.startsAfter(item, day) { return false }
    if project != nil, !insideProject { return false }
    if let found, !found.contains(item.id) { return false }
    if let dueBefore {
      guard let deadline = TaskFilter.deadline(of: item), deadline < dueBefore else { return false }
    }
    if let dueAfter = filter.dueAfter {
      guard let deadline = TaskFilter.deadline(of: item), deadline > dueAfter else { return false }
    }
    if let search {
      guard
        search.isFound(in: item.title)
          || item.tags.contains(where: { tag in search.isFound(in: tag.name) || tag.value.map(search.isFound(in:)) == true })
          // Text spanning the title and a tag, or the line's own syntax (`- `, `@`, `:`):
          // only then is the line written out to look in.
          || (searchSpansLine && search.isFound(in: TaskPaperPrinter.line(for: item)))
      else { return false }
    }
    return true
  }
}

/// A walk of an outline in document order that says of each item whether the filter matches it,
/// and makes an entry (two item copies) only for the items asked for: the current one or the
/// items above it.
struct MatchingWalk {
  /// What the items at one depth sit in.
  private struct Level {
    var project: Item?
    /// Whether an ancestor of these items is the wanted project.
    var insideProject: Bool
  }

  private let matcher: Matcher
  private var walk: OutlineWalk
  /// The levels of the current item and the items above it, by depth (deeper ones are left
  /// over from earlier items).
  private var levels = [Level(project: nil, insideProject: false)]

  init(_ outline: Outline, filter: TaskFilter) {
    matcher = Matcher(filter, outline: outline)
    walk = OutlineWalk(outline.items)
  }

  /// Moves to the next item: its depth and whether it matches; nil after the last.
  mutating func next() -> (depth: Int, matches: Bool)? {
    guard walk.next() else { return nil }
    let depth = walk.depth
    let matches = matcher.matches(walk.item, insideProject: levels[depth].insideProject)
    if !walk.item.children.isEmpty {
      // A done item hides with everything under it unless done items are asked for too: the
      // walk does not go below it.
      if (matcher.filter.status == .notDone && walk.item.isDone)
        || matcher.filter.actionableOn.map({ TaskFilter.startsAfter(walk.item, $0) }) == true
      {
        walk.skipChildren()
      } else {
        let item = walk.item
        let isProject = item.kind == .project
        let level = Level(
          project: isProject ? item : levels[depth].project,
          insideProject: levels[depth].insideProject || (isProject && matcher.isWantedProject(item))
        )
        OutlineWalk.set(level, atDepth: depth + 1, in: &levels)
      }
    }
    return (depth, matches)
  }

  /// The entry of the item last visited at `depth`: the current item, or one of the items
  /// above it.
  func entry(atDepth depth: Int) -> Outline.Entry {
    Outline.Entry(
      item: walk.ancestor(atDepth: depth), depth: depth, parentID: depth == 0 ? nil : walk.ancestor(atDepth: depth - 1).id,
      project: levels[depth].project
    )
  }
}

/// A search string, found in a text regardless of case and accents (`zoe` finds `Zoë`, `CREME`
/// finds `crème`): both are folded as Foundation folds them with `.caseInsensitive` and
/// `.diacriticInsensitive`.
///
/// The search string is folded once. An ASCII one (the usual case) is matched byte by byte
/// without allocating, and a text is folded only when it holds non-ASCII bytes and the bytes as
/// written do not match already; other search strings compare folded strings.
private struct CaseInsensitiveText {
  let folded: String
  let asciiBytes: [UInt8]?

  init(_ text: String) {
    folded = Self.fold(text)
    asciiBytes = folded.utf8.allSatisfy { $0 < 0x80 } ? Array(folded.utf8) : nil
  }

  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  func isFound(in text: String) -> Bool {
    guard let needle = asciiBytes else {
      // A search with letters beyond ASCII, even folded, is never in ASCII text.
      if text.utf8.allSatisfy({ $0 < 0x80 }) { return false }
      return Self.fold(text).contains(folded)
    }
    // Only text with bytes beyond ASCII (accents, other letters) folds to other bytes.
    let found = text.withUTF8Bytes { Self.search(needle, in: $0) }
    return found ?? (Self.fold(text).withUTF8Bytes { Self.search(needle, in: $0) } == true)
  }

  /// Whether the bytes `needle` (ASCII, lowercase) are in `haystack`, ignoring ASCII case: true
  /// when found, false when not, nil when not but `haystack` has bytes beyond ASCII, which
  /// folding could turn into a match. One pass over the haystack either way.
  private static func search(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool? {
    // A search of accents alone folds to nothing, which is in every text.
    guard let first = needle.first else { return true }
    var seen: UInt8 = 0
    var start = 0
    while start + needle.count <= haystack.count {
      let byte = haystack[start]
      seen |= byte
      if lowercasedASCII(byte) == first {
        var offset = 1
        while offset < needle.count, lowercasedASCII(haystack[start + offset]) == needle[offset] { offset += 1 }
        if offset == needle.count { return true }
      }
      start += 1
    }
    // The last bytes, too short to start a match, may still be beyond ASCII.
    while start < haystack.count {
      seen |= haystack[start]
      start += 1
    }
    return seen < 0x80 ? false : nil
  }

  @inline(__always)
  private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }
}
