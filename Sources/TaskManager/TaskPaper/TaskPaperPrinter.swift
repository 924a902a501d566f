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
/// - A note or task with an empty title and tags prints the tags without a doubled space
///   (`@home`, `- @home`).
/// - Each item prints at its own ``Item/level``, so non-contiguous levels survive. Only when the
///   level would make the line nest elsewhere on reading it back (a child not deeper than its
///   parent, or deeper than an earlier sibling) is it moved to the nearest level that keeps the
///   tree, so hand-built outlines still read back with the same structure.
///
/// Some hand-built items have no TaskPaper text that reads back identically; they print
/// deterministically and re-read as the nearest outline:
/// - a note whose title starts with `-` (other than exactly `-`) or ends with `:` (other than
///   exactly `:`) reads back as a task or project; a project with an empty title reads as the note `:`;
/// - leading or trailing whitespace in a title is dropped (a project's title keeps trailing
///   whitespace before its colon), and a `\n` in a title or value prints as a space;
/// - a title that ends with a tag reads back with that tag as a trailing tag (same text, same tags);
/// - a tag value ending in `\` cannot be written, since `\)` is an escaped parenthesis;
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

  // MARK: - Implementation

  private static func append(_ items: [Item], to output: inout [UInt8]) {
    struct Frame {
      var items: [Item]
      var index: Int
      /// The smallest level a child may print at: one more than the parent's printed level.
      var floor: Int
      /// The largest level the next non-blank child may print at: the smallest printed level of
      /// its earlier non-blank siblings; deeper, it would read back as their child.
      var ceiling: Int
    }
    var scratch: [TagSyntax.Match] = []
    var stack = [Frame(items: items, index: 0, floor: 0, ceiling: .max)]
    while let top = stack.last {
      if top.index == top.items.count {
        stack.removeLast()
        continue
      }
      let item = top.items[top.index]
      let last = stack.count - 1
      stack[last].index += 1

      let level: Int
      if item.isBlank {
        // Blank lines never parent anything, so their own level is always safe to keep.
        level = max(item.level, 0)
      } else {
        level = min(max(item.level, top.floor), top.ceiling)
        stack[last].ceiling = level
      }
      for _ in 0..<level { output.append(ASCII.tab) }
      if !item.isBlank { appendLine(item, to: &output, scratch: &scratch) }
      output.append(ASCII.lineFeed)

      if !item.children.isEmpty {
        stack.append(Frame(items: item.children, index: 0, floor: level + 1, ceiling: .max))
      }
    }
  }

  private static func appendLine(_ item: Item, to output: inout [UInt8], scratch: inout [TagSyntax.Match]) {
    if item.kind == .task {
      output.append(ASCII.hyphen)
      output.append(ASCII.space)
    }
    for byte in item.title.utf8 {
      output.append(byte == ASCII.lineFeed ? ASCII.space : byte)
    }
    if item.kind == .project { output.append(ASCII.colon) }

    // A task's "- " or a project's ":" already precedes the first trailing tag; an empty note
    // title must not start with a space, which would read back as indentation.
    var needsSpace = !item.title.isEmpty || item.kind == .project
    forEachTrailingTag(of: item, scratch: &scratch) { tag in
      if needsSpace { output.append(ASCII.space) }
      needsSpace = true
      TagSyntax.append(tag, to: &output)
    }
  }

  /// Calls `body` with the tags that are not already written in the title, in ``Item/tags`` order.
  ///
  /// Each tag found in the title accounts for one equal entry of `tags`, so a parsed item (title
  /// tags first, then trailing ones) prints exactly its trailing tags, and a tag added by a
  /// feature prints after the title even when an equal one appears inside it.
  private static func forEachTrailingTag(
    of item: Item,
    scratch: inout [TagSyntax.Match],
    _ body: (Tag) -> Void
  ) {
    guard !item.tags.isEmpty else { return }
    guard item.title.utf8.contains(ASCII.at) else {
      item.tags.forEach(body)
      return
    }
    var inlineTags: [Tag?] = item.title.withUTF8Bytes { bytes in
      scratch.removeAll(keepingCapacity: true)
      TagSyntax.scan(bytes, from: 0, to: bytes.count, into: &scratch)
      return scratch.map { TagSyntax.tag(bytes, $0) }
    }
    for tag in item.tags {
      if let index = inlineTags.firstIndex(of: tag) {
        inlineTags[index] = nil
      } else {
        body(tag)
      }
    }
  }
}

extension Outline {
  /// The canonical TaskPaper text; the same as `TaskPaperPrinter.print(self)`.
  public var taskPaperText: String { TaskPaperPrinter.print(self) }
}
