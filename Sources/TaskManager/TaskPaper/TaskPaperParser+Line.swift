import Foundation

extension TaskPaperParser {
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
  static func tags(_ bytes: UnsafeBufferPointer<UInt8>, _ matches: [TagSyntax.Match]) -> [Tag] {
    var tags: [Tag] = []
    tags.reserveCapacity(matches.count)
    for match in matches { tags.append(TagSyntax.tag(bytes, match)) }
    return tags
  }

  /// Empties `array` for reuse. `removeAll(keepingCapacity:)` and `removeLast(_:)` go through
  /// `replaceSubrange`, whose generic path cost more than the rest of a short line's parse;
  /// the few elements a line holds are removed one by one.
  @inline(__always)
  static func removeAllKeepingCapacity<Element>(_ array: inout [Element]) {
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
}
