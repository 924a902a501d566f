import Foundation

/// Writes an ``Outline`` as canonical TaskPaper text.
///
/// Canonical means: one tab per level, `- ` before a task's title, `:` after a project's title,
/// one space before each trailing tag, `(` and `)` in tag values escaped as `\(` `\)`, and `\n`
/// after every line (so a non-empty document ends with a line break).
///
/// Guarantees, for every text `t`: `print(parse(print(parse(t)))) == print(parse(t))`
/// (idempotence), `parse(print(parse(t)))` equals `parse(t)` when both use the same id generator,
/// and a text that already is canonical prints back byte for byte.
///
/// How the less obvious items print:
/// - A tag written inside the title is already in the text, so it is not repeated: the printer
///   re-reads the title's tags and writes only the remaining ``Item/tags`` after it.
/// - A whitespace-only or empty line (a blank note) prints as its level of tabs.
/// - A task with an empty title prints as `- ` (dash, space); a lone `-` is a note and prints as
///   `-`; a note `:` prints as `:`. All three read back as they were.
/// - A note whose text would end with `:` once its trailing tags are set aside (`Garden:`,
///   `Plan: @later`) prints with a space at the end of its line, which keeps it a note (`Garden: `),
///   as the TaskPaper app reads such a line.
/// - A note or task with an empty title and tags prints the tags without a doubled space
///   (`@home`, `- @home`).
/// - Each item prints at its own ``Item/level``, so non-contiguous levels survive. Only when the
///   level would make the line nest elsewhere on reading it back (a child not deeper than its
///   parent, or deeper than an earlier sibling) is it moved to the nearest level that keeps the
///   tree, so hand-built outlines still read back with the same structure.
///
/// Some hand-built items have no TaskPaper text that reads back identically. They print as the
/// canonical text of the nearest outline, so that for every outline `o` (parsed or built by
/// hand) `print(parse(print(o))) == print(o)`:
/// - a note or project whose title starts with `-` (other than the tagless note `-`) prints as the
///   task that such a line reads as (`- x`, `- x:`); a project with an empty title prints `:`,
///   which reads back as a note;
/// - whitespace before a title, and after a task's or note's title, is not printed (a project
///   keeps whitespace before its colon); a `\n` in a title or value prints as a space;
/// - a title that ends with a tag, or holds an unclosed `@tag(` that a trailing tag's `)` would
///   close, prints as the line it reads back as (a title-final tag becomes a trailing tag);
/// - a tag value ending in `\` gets a space appended, since `\)` would be an escaped parenthesis;
/// - a tag name that is not ``Tag/isValidName(_:)`` prints as is and reads back as other text;
/// - children of a blank note read back as children of the note's parent.
public enum TaskPaperPrinter {
  /// The TaskPaper text of a whole outline.
  ///
  /// ```swift
  /// TaskPaperPrinter.print(outline)  // "Work:\n\t- Call Bob @due(2024-10-31)\n"
  /// ```
  public static func print(_ outline: Outline) -> String {
    var output: [UInt8] = []
    append(outline.items, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// The TaskPaper text of one item and its descendants, as if it were the only top-level item.
  public static func print(_ item: Item) -> String {
    var output: [UInt8] = []
    append([item], to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// The text of one item's own line, without indentation, line break or children.
  ///
  /// ```swift
  /// TaskPaperPrinter.line(for: task)  // "- Call Bob @due(2024-10-31)"
  /// ```
  public static func line(for item: Item) -> String {
    var output: [UInt8] = []
    var scratch: [TagSyntax.Match] = []
    appendLine(item, to: &output, scratch: &scratch)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends the text of one item's own line (as ``line(for:)``) to `output` as UTF-8: for
  /// printing many lines without a string per line.
  ///
  /// ```swift
  /// var output: [UInt8] = []
  /// TaskPaperPrinter.appendLine(for: task, to: &output)  // "- Call Bob @due(2024-10-31)"
  /// ```
  public static func appendLine(for item: Item, to output: inout [UInt8]) {
    var scratch: [TagSyntax.Match] = []
    appendLine(item, to: &output, scratch: &scratch)
  }

  // MARK: - Implementation

  private static func append(_ items: [Item], to output: inout [UInt8]) {
    /// The printed levels allowed at one depth.
    struct Bounds {
      /// The smallest level a child may print at: one more than the parent's printed level.
      var floor: Int
      /// The largest level the next non-blank child may print at: the smallest printed level of
      /// its earlier non-blank siblings; deeper, it would read back as their child.
      var ceiling: Int
    }
    var scratch: [TagSyntax.Match] = []
    var walk = OutlineWalk(items)
    var bounds = [Bounds(floor: 0, ceiling: .max)]
    while walk.next() {
      let depth = walk.depth
      let item = walk.item

      let level: Int
      if item.isBlank {
        // Blank lines never parent anything, so their own level is always safe to keep.
        level = max(item.level, 0)
      } else {
        level = min(max(item.level, bounds[depth].floor), bounds[depth].ceiling)
        bounds[depth].ceiling = level
      }
      for _ in 0..<level { output.append(ASCII.tab) }
      if !item.isBlank { appendLine(item, to: &output, scratch: &scratch) }
      output.append(ASCII.lineFeed)

      if !item.children.isEmpty {
        OutlineWalk.set(Bounds(floor: level + 1, ceiling: .max), atDepth: depth + 1, in: &bounds)
      }
    }
  }

  /// Appends the canonical text of `item`'s own line (no indentation, line break or children);
  /// ``TaskDocument`` writes its lines with it, so both formats print a line the same way.
  static func appendLine(_ item: Item, to output: inout [UInt8], scratch: inout [TagSyntax.Match]) {
    let lineStart = output.count
    if appendCandidateLine(item, to: &output, scratch: &scratch) {
      settle(lineFrom: lineStart, of: item, in: &output, scratch: &scratch)
    }
    // A note whose text ends with `:` once its trailing tags are set aside stays a note, as in
    // the TaskPaper app, only with whitespace at the end of the line (`Garden: `).
    if item.kind == .note, output[lineStart...].contains(ASCII.colon) {
      let kind = output.withUnsafeBufferPointer { bytes in
        TaskPaperParser.parseLine(bytes, lineStart, bytes.count, asTask: false, matches: &scratch).kind
      }
      if kind == .project { output.append(ASCII.space) }
    }
  }

  /// The title interacts with the tags printed after it (it ends with a tag, or opens a value
  /// that a trailing tag's `)` would close). Items read by the parser never do, but hand-built
  /// ones can; the line printed is then what it reads back as, printed again until printing
  /// what it reads as gives the same line (once or twice), so that printing is idempotent.
  private static func settle(lineFrom lineStart: Int, of item: Item, in output: inout [UInt8], scratch: inout [TagSyntax.Match]) {
    for _ in 0..<4 {
      let reread: Item = output.withUnsafeBufferPointer { bytes in
        let line = TaskPaperParser.parseLine(bytes, lineStart, bytes.count, asTask: false, matches: &scratch)
        return TaskPaperParser.makeItem(bytes, line, scratch, id: item.id)
      }
      let previous = Array(output[lineStart...])
      output.removeSubrange(lineStart...)
      _ = appendCandidateLine(reread, to: &output, scratch: &scratch)
      if output[lineStart...].elementsEqual(previous) { return }
    }
  }

  /// Writes the line as the item says, which is canonical for every item the parser produces.
  ///
  /// Returns whether the line might read back differently (see ``appendTrailingTags``).
  private static func appendCandidateLine(
    _ item: Item,
    to output: inout [UInt8],
    scratch: inout [TagSyntax.Match]
  ) -> Bool {
    item.title.withUTF8Bytes { title in
      // Whitespace around a title cannot survive a round trip (it would read as indentation or
      // be trimmed), so it is not printed; a project keeps whitespace before its colon.
      var start = 0
      var end = title.count
      while start < end, isBlankOrLineFeed(title[start]) { start += 1 }
      if item.kind != .project {
        while end > start, isBlankOrLineFeed(title[end - 1]) || title[end - 1] == ASCII.carriageReturn { end -= 1 }
      }

      var isTask = item.kind == .task
      if !isTask, start < end, title[start] == ASCII.hyphen,
        TaskPaperParser.opensWithTaskMarker(title, at: start, end: end)
          || (end - start == 1 && item.kind == .note && !item.tags.isEmpty)
      {
        // A line opening with the task marker (or a `-` that the next tag would follow with a
        // space) reads back as a task, so print it as that task prints; otherwise printing
        // would not be idempotent. `-5 degrees` and `---` stay notes.
        isTask = true
        start += 1
        while start < end, isBlankOrLineFeed(title[start]) { start += 1 }
      }

      if isTask {
        output.append(ASCII.hyphen)
        output.append(ASCII.space)
      }
      let titleStart = output.count
      output.append(contentsOf: UnsafeBufferPointer(rebasing: title[start..<end]))
      let printedTitle = titleStart..<output.count
      // A title is one line; a line break inside would start a new item.
      for index in printedTitle where output[index] == ASCII.lineFeed { output[index] = ASCII.space }
      let hasColon = item.kind == .project
      if hasColon { output.append(ASCII.colon) }

      // A task's "- " or a project's ":" already precedes the first trailing tag; an empty note
      // title must not start with a space, which would read back as indentation.
      return appendTrailingTags(
        of: item,
        printedTitle: printedTitle,
        titleIsLast: !hasColon,
        needsSpace: !printedTitle.isEmpty || hasColon,
        to: &output,
        scratch: &scratch
      )
    }
  }

  /// Appends the tags that the printed title does not already contain, in ``Item/tags`` order.
  ///
  /// Each tag read from the printed title accounts for one equal entry of `tags`, so a parsed
  /// item (title tags first, then trailing ones) prints exactly its trailing tags, and a tag a
  /// feature added prints after the title even when an equal one appears inside it.
  ///
  /// Returns whether the line might read back with a different title: when the title ends
  /// with a tag (unless a project's colon follows), or when a tag in the title has an unclosed
  /// `(` and a `)` follows in a trailing tag's value.
  private static func appendTrailingTags(
    of item: Item,
    printedTitle: Range<Int>,
    titleIsLast: Bool,
    needsSpace: Bool,
    to output: inout [UInt8],
    scratch: inout [TagSyntax.Match]
  ) -> Bool {
    // How many of each tag the title holds and no entry of `tags` accounted for yet (by
    // count, so that a line of thousands of equal tags is not quadratic).
    var inlineTags: [Tag: Int] = [:]
    var endsWithTag = false
    var hasUnclosedValue = false
    let titleHasAt = output[printedTitle].contains(ASCII.at)
    if titleHasAt {
      inlineTags = output.withUnsafeBufferPointer { bytes in
        scratch.removeAll(keepingCapacity: true)
        TagSyntax.scanTitle(
          bytes, from: printedTitle.lowerBound, to: printedTitle.upperBound, followedByColon: !titleIsLast, into: &scratch
        )
        endsWithTag = titleIsLast && scratch.last?.end == printedTitle.upperBound
        hasUnclosedValue = scratch.contains { match in
          match.value == nil && match.end < printedTitle.upperBound && bytes[match.end] == ASCII.openParenthesis
        }
        var counts: [Tag: Int] = [:]
        for match in scratch { counts[TagSyntax.tag(bytes, match), default: 0] += 1 }
        return counts
      }
      OutlineWork.count(scratch.count + item.tags.count)
    }
    var needsSpace = needsSpace
    var printsValue = false
    for tag in item.tags {
      if !inlineTags.isEmpty, let count = inlineTags[tag] {
        inlineTags[tag] = count > 1 ? count - 1 : nil
        continue
      }
      if needsSpace { output.append(ASCII.space) }
      needsSpace = true
      TagSyntax.append(tag, to: &output)
      if tag.value != nil { printsValue = true }
    }
    // With a tag in the title, what reads as a tag also depends on what follows it (a tag ends
    // at whitespace or the end of the line), which a hand-built title can arrange in ways these
    // checks cannot all foresee: read it back to be sure.
    // A title with an `@` in it may hold text that reads as a tag, or not, depending on what
    // follows (a tag ends at whitespace or the end of the line): read such a line back.
    return endsWithTag || (hasUnclosedValue && printsValue) || titleHasAt
  }

  @inline(__always)
  private static func isBlankOrLineFeed(_ byte: UInt8) -> Bool {
    ASCII.isBlank(byte) || byte == ASCII.lineFeed
  }
}

extension Outline {
  /// The canonical TaskPaper text; the same as `TaskPaperPrinter.print(self)`.
  public var taskPaperText: String { TaskPaperPrinter.print(self) }
}
