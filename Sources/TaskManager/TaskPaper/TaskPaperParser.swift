import Foundation

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

  private static func isLineBreak(_ byte: UInt8) -> Bool {
    byte == ASCII.lineFeed || byte == ASCII.carriageReturn
  }

  private static func isWhitespaceOrLineBreak(_ byte: UInt8) -> Bool {
    ASCII.isBlank(byte) || isLineBreak(byte)
  }
}

extension Outline {
  /// Parses TaskPaper text; the same as ``TaskPaperParser/parse(_:makeID:)``.
  public init(taskPaper text: String, makeID: () -> UUID) {
    self = TaskPaperParser.parse(text, makeID: makeID)
  }
}
