import Foundation

/// Writes an outline back over the text it was read from, changing only the lines whose item
/// changed: every other line keeps its bytes (indentation, spacing, trailing whitespace, line
/// break), and a file without a final line break still has none.
///
/// Per item, in document order:
/// - **Text.** Unchanged (same kind, title and tags as its line): the line's own bytes. Only
///   tags added at the end (`done`, `tag`): the line's text with the new tags appended. A text
///   to restore given for the item (undo) that reads as the item: that text. Otherwise the
///   canonical line (``TaskPaperPrinter/line(for:)``).
/// - **Indentation.** The line's own, while the item stays under the same parent at the same
///   level (and the parent kept its own). Otherwise that of the previous sibling written, else
///   of the next sibling that keeps its own, else the parent's plus one step: the step the file
///   already uses (a tab, or its number of spaces). Each choice reads back under the same
///   parent.
/// - **Line break.** The line's own; a new line takes the file's (the first one it has, `\n`
///   in a new file).
struct TaskPaperWriter {
  private let source: TaskPaperSource
  private let restoring: [UUID: String]
  private var output: [UInt8] = []
  private var ids: [UUID] = []
  private var keys: [LineKey] = []
  /// The line of `source` expected next, so that an unchanged order needs no lookups.
  private var cursor = 0
  private var lineOfID: [UUID: Int]?
  private var indentStep: [UInt8]?
  private var scratch: [TagSyntax.Match] = []

  init(source: TaskPaperSource, restoring: [UUID: String]) {
    self.source = source
    self.restoring = restoring
  }

  /// The text of `items` over the source, and the id index of that text.
  static func write(
    _ items: [Item],
    over source: TaskPaperSource,
    restoring: [UUID: String] = [:]
  ) -> (bytes: [UInt8], index: ItemIndex) {
    var writer = TaskPaperWriter(source: source, restoring: restoring)
    writer.output.reserveCapacity(source.storage.bytes.count + 256)
    writer.output.append(contentsOf: source.storage.bytes[..<source.storage.bodyStart])
    writer.writeTree(items)
    writer.finish()
    return (writer.output, ItemIndex(ids: writer.ids, keys: writer.keys))
  }

  // MARK: - The tree

  /// A line's indentation: that of a line of the source (no copy), or bytes of its own.
  private enum Indentation {
    case ofLine(Int)
    case bytes([UInt8])

    static let none = Indentation.bytes([])
  }

  private func bytes(of indentation: Indentation) -> ArraySlice<UInt8> {
    switch indentation {
    case .ofLine(let line): source.indentation(ofLine: line)
    case .bytes(let bytes): bytes[...]
    }
  }

  private struct Frame {
    var items: [Item]
    var index: Int
    var parentID: UUID?
    /// The parent's indentation as written.
    var parentIndentation: Indentation
    /// Whether the parent kept its line's indentation, so its children may keep theirs.
    var parentKeptIndentation: Bool
    /// The indentation of the last non-blank child written.
    var previousIndentation: Indentation?
  }

  private mutating func writeTree(_ items: [Item]) {
    var stack = [
      Frame(items: items, index: 0, parentID: nil, parentIndentation: .none, parentKeptIndentation: true)
    ]
    while !stack.isEmpty {
      let last = stack.count - 1
      let index = stack[last].index
      guard index < stack[last].items.count else {
        stack.removeLast()
        continue
      }
      stack[last].index = index + 1
      let item = stack[last].items[index]
      let line = sourceLine(of: item.id)
      let keeps =
        line.map { keepsIndentation($0, of: item, parentID: stack[last].parentID, parentKept: stack[last].parentKeptIndentation) }
        ?? false

      let indentation: Indentation
      if let line, keeps {
        indentation = .ofLine(line)
      } else if item.isBlank {
        indentation = .none
      } else if let previous = stack[last].previousIndentation {
        indentation = previous
      } else if let next = nextKeptIndentation(in: stack[last], after: index) {
        indentation = .ofLine(next)
      } else if last == 0 {
        indentation = .none
      } else {
        indentation = .bytes(Array(bytes(of: stack[last].parentIndentation)) + step())
      }
      if !item.isBlank { stack[last].previousIndentation = indentation }

      writeLine(item, line: line, indentation: bytes(of: indentation))

      if !item.children.isEmpty {
        stack.append(
          Frame(
            items: item.children,
            index: 0,
            parentID: item.id,
            parentIndentation: indentation,
            parentKeptIndentation: keeps
          )
        )
      }
    }
  }

  /// Whether `item`, read from `line`, still sits where its indentation puts it.
  private func keepsIndentation(_ line: Int, of item: Item, parentID: UUID?, parentKept: Bool) -> Bool {
    guard parentKept, source.storage.items[line].level == item.level else { return false }
    let parent = source.storage.parents[line]
    return parent < 0 ? parentID == nil : source.storage.items[parent].id == parentID
  }

  /// The line of the first non-blank sibling after `index`, if it keeps its indentation: a new
  /// first child indented like it reads back as its sibling.
  private mutating func nextKeptIndentation(in frame: Frame, after index: Int) -> Int? {
    guard frame.parentKeptIndentation else { return nil }
    for next in frame.items[(index + 1)...] where !next.isBlank {
      guard let line = peekSourceLine(of: next.id),
        keepsIndentation(line, of: next, parentID: frame.parentID, parentKept: true)
      else { return nil }
      return line
    }
    return nil
  }

  // MARK: - One line

  private mutating func writeLine(_ item: Item, line: Int?, indentation: ArraySlice<UInt8>) {
    output.append(contentsOf: indentation)
    let contentStart = output.count
    var key: LineKey?
    if let line, source.storage.items[line].kind == item.kind, source.storage.items[line].title == item.title,
      source.storage.items[line].tags == item.tags
    {
      output.append(contentsOf: source.content(ofLine: line))
      key = source.storage.keys[line]
    } else if !(line.map { appendTags(of: item, to: $0) } ?? false) {
      writeRestoredOrCanonical(item)
    }
    let contentEnd = output.count
    if let key {
      keys.append(key)
    } else {
      keys.append(lineKey(from: contentStart, to: contentEnd, indentation: indentation.count))
    }
    ids.append(item.id)
    if let line, !source.lineBreak(ofLine: line).isEmpty {
      output.append(contentsOf: source.lineBreak(ofLine: line))
    } else {
      output.append(contentsOf: defaultLineBreak)
    }
  }

  /// Writes the line's own text, without its trailing whitespace, then the tags `item` has
  /// beyond the line's: how `done` or `tag` changes a line without rewriting what the user
  /// typed. Returns false, having written nothing, when the item differs from its line in any
  /// other way, or the result would not read back as the item.
  private mutating func appendTags(of item: Item, to line: Int) -> Bool {
    let original = source.storage.items[line]
    guard original.kind == item.kind, original.title == item.title, !original.isBlank,
      item.tags.count > original.tags.count, item.tags.starts(with: original.tags)
    else { return false }
    let start = output.count
    let content = source.content(ofLine: line)
    var end = content.endIndex
    while end > content.startIndex, ASCII.isTrailingSpace(content[end - 1]) { end -= 1 }
    output.append(contentsOf: content[..<end])
    for tag in item.tags[original.tags.count...] {
      if output.count > start { output.append(ASCII.space) }
      TagSyntax.append(tag, to: &output)
    }
    if reads(as: item, from: start) { return true }
    output.removeSubrange(start...)
    return false
  }

  /// Whether the text written since `start` reads back as `item`'s kind, title and tags.
  private mutating func reads(as item: Item, from start: Int) -> Bool {
    let read: Item = output.withUnsafeBufferPointer { bytes in
      let line = TaskPaperParser.parseLine(bytes, start, bytes.count, asTask: false, matches: &scratch)
      return TaskPaperParser.makeItem(bytes, line, scratch, id: item.id)
    }
    return read.level == 0 && read.kind == item.kind && read.title == item.title && read.tags == item.tags
  }

  private mutating func writeRestoredOrCanonical(_ item: Item) {
    if let restored = restoring[item.id] {
      let start = output.count
      output.append(contentsOf: restored.utf8)
      if reads(as: item, from: start) { return }
      output.removeSubrange(start...)
    }
    TaskPaperPrinter.appendLine(item, to: &output, scratch: &scratch)
  }

  /// The key of the line just written, as reading the file back will compute it.
  private mutating func lineKey(from start: Int, to end: Int, indentation: Int) -> LineKey {
    output.withUnsafeBufferPointer { bytes in
      let line = TaskPaperParser.parseLine(bytes, start - indentation, end, asTask: false, matches: &scratch)
      let item = TaskPaperParser.makeItem(bytes, line, scratch, id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
      return LineKey(bytes, start: start - indentation, end: end, item: item)
    }
  }

  // MARK: - The end of the text

  /// A file that ended without a line break still does.
  private mutating func finish() {
    guard let lastLine = source.storage.items.indices.last, source.lineBreak(ofLine: lastLine).isEmpty,
      !ids.isEmpty
    else { return }
    if output.last == ASCII.lineFeed {
      output.removeLast()
      if output.last == ASCII.carriageReturn { output.removeLast() }
    }
  }

  // MARK: - What the file already does

  /// The line break of the source's first line, or `\n`.
  private var defaultLineBreak: ArraySlice<UInt8> {
    if let first = source.storage.items.indices.first, !source.lineBreak(ofLine: first).isEmpty {
      return source.lineBreak(ofLine: first)
    }
    return [ASCII.lineFeed][...]
  }

  /// One level of indentation as the file writes it: what a child line adds to its parent's
  /// indentation, at the first such line; a tab otherwise.
  private mutating func step() -> [UInt8] {
    if let indentStep { return indentStep }
    var found: [UInt8] = [ASCII.tab]
    for line in source.storage.items.indices where source.storage.parents[line] >= 0 && !source.storage.items[line].isBlank {
      let own = source.indentation(ofLine: line)
      let parent = source.indentation(ofLine: source.storage.parents[line])
      if own.count > parent.count, own.starts(with: parent) {
        found = Array(own.dropFirst(parent.count))
        break
      }
    }
    indentStep = found
    return found
  }

  // MARK: - Finding an item's line

  private mutating func sourceLine(of id: UUID) -> Int? {
    let items = source.storage.items
    if cursor < items.count, items[cursor].id == id {
      cursor += 1
      return cursor - 1
    }
    guard let line = peekSourceLine(of: id) else { return nil }
    cursor = line + 1
    return line
  }

  private mutating func peekSourceLine(of id: UUID) -> Int? {
    let items = source.storage.items
    if cursor < items.count, items[cursor].id == id { return cursor }
    if lineOfID == nil {
      var table: [UUID: Int] = [:]
      table.reserveCapacity(items.count)
      for line in items.indices { table[items[line].id] = line }
      lineOfID = table
    }
    return lineOfID?[id]
  }
}
