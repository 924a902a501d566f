import Foundation

/// An error from parsing a single tag or a single task, worded for the user.
///
/// ```swift
/// do { _ = try TaskPaperParser.parseTag("@a @b") }
/// catch { print(error) }  // Unable to convert @a @b into a tag.
/// ```
public enum TaskPaperError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// The text holds no tag, several tags, or more than a tag and surrounding whitespace.
  case invalidTag(String)
  /// The text is empty, whitespace only, or spans more than one line.
  case invalidTask(String)

  /// The text that could not be converted, exactly as given.
  public var text: String {
    switch self {
    case .invalidTag(let text), .invalidTask(let text): text
    }
  }

  /// `Unable to convert <TEXT> into a tag.` or `Unable to convert <TEXT> into a task.`
  public var description: String {
    switch self {
    case .invalidTag(let text): "Unable to convert \(text) into a tag."
    case .invalidTask(let text): "Unable to convert \(text) into a task."
    }
  }

  /// The same as ``description``, so `localizedDescription` shows the user-facing sentence.
  public var errorDescription: String? { description }
}

/// Reads TaskPaper text into an ``Outline``. Parsing a document never fails: any line is at
/// least a note.
///
/// The rules, per line (one line is one item; `\r\n` reads as `\n`):
/// - **Level**: every leading tab or space is one level (`"  Project:"` is level 2).
/// - **Task**: the text starts with `- ` (or `-` and a tab), or with `-` directly followed by a
///   letter (`-Task`); the title follows after the whitespace. As the TaskPaper app reads it, a `-`
///   followed by a digit, another `-` or punctuation begins a note (`-5 degrees`, `---`,
///   `-- Ben`). A task whose title ends with `:` stays a task. A line that is exactly `-` is a
///   note, while `- ` (dash and whitespace) is a task with an empty title: that is how such a
///   task prints.
/// - **Project**: not a task, and the text ends with `:` once trailing tags are set aside
///   (`Project: @tag`). As the TaskPaper app reads it, whitespace after the colon or after the
///   last tag makes the line a note (`Garden:   `), a stray `\r` does not. `:` alone is a note.
/// - **Note**: everything else, including blank lines (empty or whitespace only).
/// - **Tags**: `@name` or `@name(value)` at the start of the title or after a tab or space.
///   Names are letters, combining marks, digits, `_`, `-` and `.`. A value runs to the first `)`
///   not written `\)`, may hold spaces and `@` but no unescaped `(`, and reads `\(` `\)` as
///   parentheses; without such a closing `)` the tag has no value and the `(` is text
///   (`@due(2020 @done(2026-11-28)` has the one tag `@done`). `@tag()` is `@tag`.
/// - **Title**: the text after indentation and marker, without the trailing tags (the run of
///   whitespace-separated tags that ends the line), trailing whitespace (a stray `\r` counts),
///   and a project's colon. A tag inside the text stays in the title *and* is listed in
///   ``Item/tags``, so a parsed item's tags are the title's tags followed by the trailing ones.
/// - **Nesting**: a line's parent is the nearest preceding non-blank line with a smaller level;
///   levels need not be contiguous. Blank lines never take children: an empty line is level 0, a
///   whitespace-only line keeps its level. So that the outline keeps document order, a blank
///   line is never placed outside the parent of the next non-blank line, nor deeper than a blank
///   line right before it (an empty line between two tasks of a project stays in the project).
///
/// ```swift
/// var next: UInt64 = 0
/// let outline = TaskPaperParser.parse("Work:\n\t- Call Bob @due(2024-10-31)\n") {
///   next += 1
///   return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(next)))
/// }
/// outline.items[0].children[0].title  // "Call Bob"
/// ```
///
/// Works on UTF-8 bytes without regular expressions or Foundation scanning, so large documents
/// (100,000 tasks) parse quickly.
public enum TaskPaperParser {
  /// Parses a whole document. `makeID` is called once per line, in document order.
  public static func parse(_ text: String, makeID: () -> UUID) -> Outline {
    text.withUTF8Bytes { bytes in parseDocument(bytes, makeID: makeID) }
  }

  /// Parses exactly one tag, optionally surrounded by whitespace: `"@due(2024-10-31)"`.
  ///
  /// ```swift
  /// try TaskPaperParser.parseTag(" @due(2024-10-31) ")  // Tag(name: "due", value: "2024-10-31")
  /// try TaskPaperParser.parseTag("due")  // throws: Unable to convert due into a tag.
  /// ```
  ///
  /// - Throws: ``TaskPaperError/invalidTag(_:)`` when the text holds no tag, several tags, other
  ///   text, or a value with a line break.
  public static func parseTag(_ text: String) throws(TaskPaperError) -> Tag {
    let tag: Tag? = text.withUTF8Bytes { bytes in
      var start = 0
      var end = bytes.count
      while start < end, isWhitespaceOrLineBreak(bytes[start]) { start += 1 }
      while end > start, isWhitespaceOrLineBreak(bytes[end - 1]) { end -= 1 }
      var matches: [TagSyntax.Match] = []
      TagSyntax.scan(bytes, from: start, to: end, into: &matches)
      guard matches.count == 1, let match = matches.first, match.start == start, match.end == end else {
        return nil
      }
      if let value = match.value, bytes[value].contains(where: isLineBreak) { return nil }
      return TagSyntax.tag(bytes, match)
    }
    guard let tag else { throw .invalidTag(text) }
    return tag
  }

  /// Parses one line as a task, whether or not it starts with the `-` marker.
  ///
  /// The title and tags follow the document rules, except that the result is always a task (a
  /// trailing `:` stays in the title). Leading whitespace sets ``Item/level`` as in a document.
  ///
  /// ```swift
  /// try TaskPaperParser.parseTask("Buy milk @today", makeID: { id }).title  // "Buy milk"
  /// try TaskPaperParser.parseTask("- Plan trip:", makeID: { id }).title  // "Plan trip:"
  /// ```
  ///
  /// - Throws: ``TaskPaperError/invalidTask(_:)`` for empty or whitespace-only text, a marker
  ///   with no title (`- @today`), or text with a line break (`\n` or `\r`).
  public static func parseTask(_ text: String, makeID: () -> UUID) throws(TaskPaperError) -> Item {
    let item: Item? = text.withUTF8Bytes { bytes in
      guard !bytes.contains(where: isLineBreak), bytes.contains(where: { !ASCII.isBlank($0) }) else {
        return nil
      }
      var matches: [TagSyntax.Match] = []
      let line = parseLine(bytes, 0, bytes.count, asTask: true, matches: &matches)
      return makeItem(bytes, line, matches, id: makeID())
    }
    // A marker alone (`-`, `- `, `- @today`) is no task: there would be nothing to read.
    guard let item, item.title.contains(where: { $0 != " " && $0 != "\t" }) else { throw .invalidTask(text) }
    return item
  }

  // MARK: - Document

  private static func parseDocument(_ bytes: UnsafeBufferPointer<UInt8>, makeID: () -> UUID) -> Outline {
    var lines = scanLines(bytes)
    for index in lines.items.indices { lines.items[index].id = makeID() }
    return Outline(items: assemble(&lines))
  }

  /// A document read line by line, before the lines are nested into a tree: what the parser
  /// and ``TaskPaperSource`` (which keeps each line's bytes) share.
  struct Lines {
    /// One item per line, in document order, without children; ids are still to be given.
    var items: [Item]
    /// The index of each line's parent in ``items``, or -1 at the top level.
    var parents: [Int]
    /// Where each line sits in the bytes.
    var spans: [Span]
  }

  /// The bytes of one line: `start..<contentEnd` is the line (indentation included, a `\r`
  /// before the `\n` excluded), `contentEnd..<end` its line break (empty for a last line
  /// without one). The indentation is ``Item/level`` bytes long.
  struct Span {
    var start: Int
    var contentEnd: Int
    var end: Int
  }

  /// Reads every line of `bytes` and works out each line's parent.
  static func scanLines(_ bytes: UnsafeBufferPointer<UInt8>) -> Lines {
    var items: [Item] = []
    var parents: [Int] = []
    var spans: [Span] = []
    // Open non-blank items that may still receive children: (index in `items`, level).
    var stack: [(index: Int, level: Int)] = []
    // Blank lines waiting for the next non-blank line: (index, stack depth their level asks for).
    var pendingBlanks: [(index: Int, depth: Int)] = []
    var matches: [TagSyntax.Match] = []
    var tagLists = TagListCache()
    let placeholder = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    func parentIndex(atDepth depth: Int) -> Int { depth == 0 ? -1 : stack[depth - 1].index }
    func depth(below level: Int) -> Int {
      var depth = stack.count
      while depth > 0, stack[depth - 1].level >= level { depth -= 1 }
      return depth
    }
    func placePendingBlanks(notAbove floorDepth: Int) {
      guard !pendingBlanks.isEmpty else { return }
      var ceilingDepth = Int.max
      for blank in pendingBlanks {
        let depth = min(max(blank.depth, floorDepth), ceilingDepth)
        ceilingDepth = depth
        parents[blank.index] = parentIndex(atDepth: depth)
      }
      removeAllKeepingCapacity(&pendingBlanks)
    }

    let count = bytes.count
    // Room for every line at once: growing the arrays a step at a time moved them repeatedly.
    var lineCount = 1
    if let base = bytes.baseAddress {
      var next = base
      let end = base + count
      while let found = memchr(next, Int32(ASCII.lineFeed), end - next) {
        lineCount += 1
        next = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) + 1
      }
    }
    items.reserveCapacity(lineCount)
    parents.reserveCapacity(lineCount)
    spans.reserveCapacity(lineCount)
    var lineStart = 0
    while lineStart < count {
      let lineEnd =
        memchr(bytes.baseAddress! + lineStart, Int32(ASCII.lineFeed), count - lineStart)
        .map { UnsafeRawPointer($0) - UnsafeRawPointer(bytes.baseAddress!) } ?? count
      var contentEnd = lineEnd
      if lineEnd < count, contentEnd > lineStart, bytes[contentEnd - 1] == ASCII.carriageReturn {
        contentEnd -= 1
      }

      let line = parseLine(bytes, lineStart, contentEnd, asTask: false, matches: &matches)
      let index = items.count
      let lineTags = matches.isEmpty ? [] : tagLists.tags(bytes, matches, make: tags)
      items.append(makeItem(bytes, line, id: placeholder, tags: lineTags))
      spans.append(Span(start: lineStart, contentEnd: contentEnd, end: min(lineEnd + 1, count)))
      if line.kind == .note, line.title.isEmpty, matches.isEmpty {
        parents.append(-1)
        pendingBlanks.append((index, depth(below: line.level)))
      } else {
        let depth = depth(below: line.level)
        placePendingBlanks(notAbove: depth)
        parents.append(parentIndex(atDepth: depth))
        while stack.count > depth { stack.removeLast() }
        stack.append((index, line.level))
      }
      lineStart = lineEnd + 1
    }
    placePendingBlanks(notAbove: 0)
    return Lines(items: items, parents: parents, spans: spans)
  }

  /// Nests the lines into a tree, moving the items out of `lines`.
  static func assemble(_ lines: inout Lines) -> [Item] {
    // Children have larger indices than their parent, so walking backwards finishes every item
    // before it is moved into its parent. Children arrive last-first and are reversed once done.
    var roots: [Item] = []
    var index = lines.items.count - 1
    let nullID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    while index >= 0 {
      // Swapping with an allocation-free placeholder moves the item out instead of copying it.
      var item = Item(id: nullID, kind: .note, title: "")
      swap(&item, &lines.items[index])
      item.children.reverseByMoving()
      let parent = lines.parents[index]
      if parent < 0 {
        roots.append(item)
      } else {
        lines.items[parent].children.append(item)
      }
      index -= 1
    }
    roots.reverseByMoving()
    return roots
  }

  /// Where a line's subtree lies, and which array holds its children in the assembled tree: what
  /// lets ``TaskPaperWriter`` copy a subtree that no change touched as the bytes it was read from.
  struct Subtree: Sendable {
    /// One past the subtree's last line, or -1 when its lines are not one run (which the parser
    /// never makes, but nothing is assumed).
    var end: Int
    /// The address of the storage of the item's `children` in the assembled tree (0 for none).
    /// An item whose children still have that storage has the children it was read with: a
    /// change to any of them copies the array first, and the tree that holds this storage is
    /// kept alive with the addresses, so none can be reused.
    var children: UInt
  }

  /// A document nested into a tree by ``assembledWithSubtrees(_:)``, with where each line lies.
  struct Assembled {
    /// The top-level items.
    var roots: [Item]
    /// Each line's ``Subtree``.
    var subtrees: [Subtree]
    /// The address of each line's item in the tree's arrays: the tree never changes (a change
    /// to an outline copies the arrays it changes), so whoever keeps `roots` can read each
    /// line's item there rather than keep a copy of every item.
    var items: [UInt]
  }

  /// Nests the lines into a tree, moving the items out of `lines` (which is left without
  /// items), and says where each line's subtree and item lie in it.
  static func assembledWithSubtrees(_ lines: inout Lines) -> Assembled {
    let count = lines.items.count
    var children = [[Item]](repeating: [], count: count)
    // Made at their final size: grown an item at a time, they were moved repeatedly and kept up
    // to twice the room they need; and no array moves once an item's address is taken.
    var childCounts = [Int](repeating: 0, count: count)
    var rootCount = 0
    for parent in lines.parents {
      if parent < 0 { rootCount += 1 } else { childCounts[parent] += 1 }
    }
    var roots: [Item] = []
    roots.reserveCapacity(rootCount)
    // Lines in each subtree, and one past the last line of each (descendants come later).
    var sizes = [Int](repeating: 1, count: count)
    var subtrees = [Subtree](repeating: Subtree(end: 0, children: 0), count: count)
    for index in 0..<count { subtrees[index].end = index + 1 }
    let nullID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var index = count - 1
    while index >= 0 {
      // Swapping with an allocation-free placeholder moves the item out instead of copying it.
      var item = Item(id: nullID, kind: .note, title: "")
      swap(&item, &lines.items[index])
      if !children[index].isEmpty {
        // Reversed in place and moved into the item: `reversed()` would copy every child.
        children[index].reverseByMoving()
        swap(&item.children, &children[index])
        subtrees[index].children = item.children.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
      }
      let end = subtrees[index].end
      if end != index + sizes[index] { subtrees[index].end = -1 }
      let parent = lines.parents[index]
      if parent < 0 {
        roots.append(consume item)
      } else {
        if children[parent].isEmpty { children[parent].reserveCapacity(childCounts[parent]) }
        children[parent].append(consume item)
        sizes[parent] += sizes[index]
        if end < 0 || subtrees[parent].end < 0 {
          subtrees[parent].end = -1
        } else {
          subtrees[parent].end = max(subtrees[parent].end, end)
        }
      }
      index -= 1
    }
    roots.reverseByMoving()
    // Only placeholders are left: their memory is the addresses' to take.
    lines.items = []
    // Siblings lie in document order: each line is its parent's next child.
    let rootsStart = roots.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    let stride = UInt(MemoryLayout<Item>.stride)
    var items = [UInt](repeating: 0, count: count)
    var nextRoot: UInt = 0
    for index in 0..<count { childCounts[index] = 0 }
    for line in 0..<count {
      let parent = lines.parents[line]
      if parent < 0 {
        items[line] = rootsStart + nextRoot * stride
        nextRoot += 1
      } else {
        items[line] = subtrees[parent].children + UInt(childCounts[parent]) * stride
        childCounts[parent] += 1
      }
    }
    return Assembled(roots: roots, subtrees: subtrees, items: items)
  }

  // MARK: - Line

  struct Line {
    var kind: Item.Kind
    var level: Int
    var title: Range<Int>
  }

  /// Splits one line (without its line break) into kind, level and title; fills `matches` with
  /// every tag on the line.
  static func parseLine(
    _ bytes: UnsafeBufferPointer<UInt8>,
    _ lineStart: Int,
    _ lineEnd: Int,
    asTask: Bool,
    matches: inout [TagSyntax.Match]
  ) -> Line {
    var contentStart = lineStart
    while contentStart < lineEnd, ASCII.isBlank(bytes[contentStart]) { contentStart += 1 }
    let level = contentStart - lineStart

    var kind: Item.Kind = asTask ? .task : .note
    var titleStart = contentStart
    if contentStart < lineEnd, bytes[contentStart] == ASCII.hyphen,
      opensWithTaskMarker(bytes, at: contentStart, end: lineEnd) || (asTask && lineEnd - contentStart == 1)
    {
      kind = .task
      titleStart = contentStart + 1
      while titleStart < lineEnd, ASCII.isBlank(bytes[titleStart]) { titleStart += 1 }
    }

    removeAllKeepingCapacity(&matches)
    TagSyntax.scan(bytes, from: titleStart, to: lineEnd, into: &matches)

    // Peel trailing tags off the end: each one must end exactly where the remaining text ends.
    var bodyEnd = trimmedEnd(bytes, titleStart, lineEnd)
    // The app breaks lines at a lone `\r` too, so only spaces and tabs end a line in whitespace.
    var textEnd = lineEnd
    while textEnd > bodyEnd, bytes[textEnd - 1] == ASCII.carriageReturn { textEnd -= 1 }
    let endsInWhitespace = textEnd != bodyEnd
    var trailing = matches.count
    while trailing > 0, matches[trailing - 1].end == bodyEnd {
      trailing -= 1
      bodyEnd = trimmedEnd(bytes, titleStart, matches[trailing].start)
    }

    var titleEnd = bodyEnd
    if kind == .note, !endsInWhitespace, bodyEnd - titleStart > 1, bytes[bodyEnd - 1] == ASCII.colon {
      kind = .project
      titleEnd -= 1
    }
    return Line(kind: kind, level: level, title: titleStart..<titleEnd)
  }

  static func makeItem(
    _ bytes: UnsafeBufferPointer<UInt8>,
    _ line: Line,
    _ matches: [TagSyntax.Match],
    id: UUID
  ) -> Item {
    makeItem(bytes, line, id: id, tags: matches.isEmpty ? [] : tags(bytes, matches))
  }

  /// The item of `line`, with its tags already made.
  static func makeItem(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Line, id: UUID, tags: [Tag]) -> Item {
    Item(
      id: id,
      kind: line.kind,
      title: line.title.isEmpty ? "" : TagSyntax.string(bytes, line.title),
      tags: tags,
      level: line.level
    )
  }

  /// The tags of `matches`. Not `map`: its new array comes from the standard library's
  /// unspecialized code, which looks up the storage's type at run time for every line.
  private static func tags(_ bytes: UnsafeBufferPointer<UInt8>, _ matches: [TagSyntax.Match]) -> [Tag] {
    var tags: [Tag] = []
    tags.reserveCapacity(matches.count)
    for match in matches { tags.append(TagSyntax.tag(bytes, match)) }
    return tags
  }

  /// Empties `array` for reuse. `removeAll(keepingCapacity:)` and `removeLast(_:)` go through
  /// `replaceSubrange`, whose generic path cost more than the rest of a short line's parse;
  /// the few elements a line holds are removed one by one.
  @inline(__always)
  private static func removeAllKeepingCapacity<Element>(_ array: inout [Element]) {
    while !array.isEmpty { array.removeLast() }
  }

  /// Whether the text at `start` opens with the task marker, as the TaskPaper app reads it: `-`
  /// followed by a space or tab (`- Task`) or directly by a letter (`-Task`). A `-` followed by a
  /// digit, another `-` or punctuation opens a note (`-5 degrees`, `---`, `-- Ben`), and so does
  /// a `-` alone.
  static func opensWithTaskMarker(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, end: Int) -> Bool {
    guard start + 1 < end, bytes[start] == ASCII.hyphen else { return false }
    let next = bytes[start + 1]
    // A stray `\r` counts as whitespace, as it does at the end of a title.
    if next < 0x80 { return ASCII.isTrailingSpace(next) || (next | 0x20 >= 0x61 && next | 0x20 <= 0x7A) }
    return UTF8Scalar.decode(bytes, at: start + 1, end: end)?.properties.isAlphabetic == true
  }

  @inline(__always)
  private static func trimmedEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
    var end = end
    while end > start, ASCII.isTrailingSpace(bytes[end - 1]) { end -= 1 }
    return end
  }

  private static func isLineBreak(_ byte: UInt8) -> Bool {
    byte == ASCII.lineFeed || byte == ASCII.carriageReturn
  }

  private static func isWhitespaceOrLineBreak(_ byte: UInt8) -> Bool {
    ASCII.isBlank(byte) || isLineBreak(byte)
  }
}

extension Array {
  /// Reverses the elements by moving them, where `reverse()` copies and destroys each one it
  /// swaps (a retain and a release per field of an item).
  fileprivate mutating func reverseByMoving() {
    withUnsafeMutableBufferPointer { buffer in
      guard var low = buffer.baseAddress, buffer.count > 1 else { return }
      var high = low + (buffer.count - 1)
      while low < high {
        let lowElement = low.move()
        low.moveInitialize(from: high, count: 1)
        high.initialize(to: lowElement)
        low += 1
        high -= 1
      }
    }
  }
}

extension Outline {
  /// Parses TaskPaper text; the same as ``TaskPaperParser/parse(_:makeID:)``.
  public init(taskPaper text: String, makeID: () -> UUID) {
    self = TaskPaperParser.parse(text, makeID: makeID)
  }
}
