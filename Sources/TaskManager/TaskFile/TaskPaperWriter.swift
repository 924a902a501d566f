import Foundation

/// Writes an outline back over the text it was read from, changing only the lines whose item
/// changed: every other line keeps its bytes (indentation, spacing, trailing whitespace, line
/// break), and a file without a final line break still has none.
///
/// Per item, in document order:
/// - **Text.** A text to restore given for the item (undo, redo) that reads as the item: that
///   text. Unchanged (same kind, title and tags as its line): the line's own bytes. Changed: the
///   line's text with only what changed rewritten (``TaskPaperLineRewriter``: the marker, spacing
///   and tags the user wrote stay as written). A new line, or one no such text reads back as: the
///   canonical line (``TaskPaperPrinter/line(for:)``).
/// - **Indentation.** That of the text to restore, if it fits; else the line's own, while the
///   item stays under the same parent at the same level (and the parent is written with its
///   line's own indentation); else that of the previous sibling written, else of the next
///   sibling that keeps its own,
///   else the parent's plus one step: the step the file already uses (a tab below a tab, its
///   number of spaces below spaces). Each choice reads back under the same parent.
/// - **Line break.** The line's own; a new line takes the one given for it, else the one given
///   for lines without their own, else the file's (the first one it has, `\n` in a new file):
///   undo and redo give the line breaks the file had when the change was made.
struct TaskPaperWriter {
  private let source: TaskPaperSource
  private let restoring: [UUID: String]
  /// When a new line is first seen, for the index.
  private let now: UInt32
  private var output: [UInt8] = []
  private var ids: [UUID] = []
  private var keys: [LineKey] = []
  private var created: [UInt32] = []
  /// Each written line's parent line, -1 at the top level, for the index.
  private var parents: [Int] = []
  /// The line of `source` expected next, so that an unchanged order needs no lookups.
  private var cursor = 0
  private var lineFinder = SourceLineFinder()
  private var indentSteps: (tabs: [UInt8], spaces: [UInt8], first: [UInt8])?
  /// Where the last line written starts, and where its line break does.
  private var lastLineStart: Int?
  private var lastLineBreakStart = 0
  private var scratch: [TagSyntax.Match] = []
  /// The lines of the source written with other bytes (text or indentation), by id: the line
  /// before and as written, each with its indentation.
  private var rewritten: [UUID: (before: String, after: String)] = [:]
  /// The lines the source did not have, written with indentation, by id: a new line takes its
  /// sibling's indentation, which its canonical text (what a journal entry holds) lacks.
  private var newLines: [UUID: String] = [:]

  /// Whether subtrees that no change touched are copied as runs of bytes (tests turn it off to
  /// compare with writing every line).
  private let copiesUnchangedSubtrees: Bool
  /// Whether the text ends without a line break when its last line is one of `restoring`'s.
  private let dropsFinalLineBreakAfterRestoredLine: Bool
  /// The item of the last line written.
  private var lastItemID: UUID?
  /// Whether the text ends with a line break the source did not end with (its last line is an
  /// empty one now, which needs it).
  private var addedFinalLineBreak = false
  /// The line break new lines take, and the source's last line when lines follow it, instead
  /// of the file's: the file's when the change undone or redone was made.
  private let usualLineBreak: [UInt8]?
  /// The line break of the source, when the text has none left (no line, or one without) and
  /// it was not `\n`.
  private var emptiedLineBreak: [UInt8]?
  /// The line breaks to write, by id, after lines that have none of their own in the source
  /// (new lines, and its last line when more follow) instead of the file's.
  private let lineBreaks: [UUID: [UInt8]]
  /// The line breaks other than ``defaultLineBreak`` that the text lost, by id: of lines of the
  /// source it does not have, and of the line it ends with when that line lost its own.
  private var droppedLineBreaks: [UUID: [UInt8]] = [:]
  /// How many lines of the source were written: when all were, none was dropped.
  private var linesFromSource = 0

  init(
    source: TaskPaperSource, restoring: [UUID: String], now: UInt32, copiesUnchangedSubtrees: Bool = true,
    dropsFinalLineBreakAfterRestoredLine: Bool = false, usualLineBreak: [UInt8]? = nil, lineBreaks: [UUID: [UInt8]] = [:],
    expectedLineBreak: [UInt8]? = nil
  ) {
    self.source = source
    self.restoring = restoring
    self.now = now
    self.copiesUnchangedSubtrees = copiesUnchangedSubtrees
    self.dropsFinalLineBreakAfterRestoredLine = dropsFinalLineBreakAfterRestoredLine
    // The line breaks given are those of the file when a change was made. A file whose lines
    // all end with another line break than `expectedLineBreak` (the file's when it was left as
    // it should be now) had them converted since (by dos2unix, say), and takes its own.
    var converted = false
    if let expectedLineBreak, usualLineBreak != nil || !lineBreaks.isEmpty {
      var present = Set<Int>()
      for span in source.storage.spans where span.end != span.contentEnd {
        present.insert(span.end - span.contentEnd)
        if present.count == 2 { break }
      }
      converted = present.count == 1 && !present.contains(expectedLineBreak.count)
    }
    self.usualLineBreak = converted ? nil : usualLineBreak
    self.lineBreaks = converted ? [:] : lineBreaks
  }

  /// What ``write(_:over:restoring:now:copiesUnchangedSubtrees:dropsFinalLineBreakAfterRestoredLine:usualLineBreak:lineBreaks:expectedLineBreak:)``
  /// wrote.
  struct Result {
    var bytes: [UInt8]
    var index: ItemIndex
    /// The lines of the source written with other bytes, by id: before and as written.
    var rewritten: [UUID: (before: String, after: String)]
    /// The lines the source did not have that were written indented, as written, by id.
    var newLines: [UUID: String]
    /// Whether the text ends with a line break the source did not end with, or has no line
    /// left of a source that ended without one.
    var addedFinalLineBreak: Bool
    /// The line break of the source, when the text has none left (no line, or one without)
    /// and it was not `\n`.
    var emptiedLineBreak: [UInt8]?
    /// The line breaks other than the file's usual one that the text lost, by id: of lines of
    /// the source it does not have, and of the line it ends with when that line lost its own.
    var droppedLineBreaks: [UUID: [UInt8]]
    /// The line break new lines took: the usual one given, else the source's first.
    var usualLineBreak: [UInt8]
    /// The line break of the text's first line; nil when it has none.
    var firstLineBreak: [UInt8]?
  }

  /// The text of `items` over the source, and the id index of that text; with
  /// `dropsFinalLineBreakAfterRestoredLine`, a text whose last line is one of `restoring`'s
  /// ends without a line break (an undo of a change that added one); the lines of `lineBreaks`
  /// take the line break given for them, and other new lines `usualLineBreak` (else the file's
  /// first, else `\n`), unless every line of the source ends with another line break than
  /// `expectedLineBreak`.
  static func write(
    _ items: [Item],
    over source: TaskPaperSource,
    restoring: [UUID: String] = [:],
    now: UInt32 = 0,
    copiesUnchangedSubtrees: Bool = true,
    dropsFinalLineBreakAfterRestoredLine: Bool = false,
    usualLineBreak: [UInt8]? = nil,
    lineBreaks: [UUID: [UInt8]] = [:],
    expectedLineBreak: [UInt8]? = nil
  ) -> Result {
    var writer = TaskPaperWriter(
      source: source, restoring: restoring, now: now, copiesUnchangedSubtrees: copiesUnchangedSubtrees,
      dropsFinalLineBreakAfterRestoredLine: dropsFinalLineBreakAfterRestoredLine, usualLineBreak: usualLineBreak,
      lineBreaks: lineBreaks, expectedLineBreak: expectedLineBreak
    )
    writer.output.reserveCapacity(source.storage.bytes.count + 256)
    // Room for the lines there were and a few more: grown a line at a time, the index's arrays
    // were moved to ever larger ones, twice the memory they end with.
    writer.ids.reserveCapacity(source.lineCount + 16)
    writer.keys.reserveCapacity(source.lineCount + 16)
    writer.created.reserveCapacity(source.lineCount + 16)
    writer.parents.reserveCapacity(source.lineCount + 16)
    writer.output.append(contentsOf: source.storage.bytes[..<source.storage.bodyStart])
    writer.writeTree(items)
    writer.finish()
    writer.noteDroppedLineBreaks()
    return Result(
      bytes: writer.output, index: ItemIndex(ids: writer.ids, keys: writer.keys, created: writer.created, parents: writer.parents),
      rewritten: writer.rewritten, newLines: writer.newLines, addedFinalLineBreak: writer.addedFinalLineBreak,
      emptiedLineBreak: writer.emptiedLineBreak, droppedLineBreaks: writer.droppedLineBreaks,
      usualLineBreak: Array(writer.defaultLineBreak), firstLineBreak: writer.firstLineBreak
    )
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

  /// What the items at one depth share: their parent, as written.
  private struct Frame {
    /// The items at this depth: the parent's children, or the top level.
    var items: [Item]
    var parentID: UUID?
    /// The parent's line as written, -1 at the top level.
    var parentLine: Int
    /// The parent's indentation as written.
    var parentIndentation: Indentation
    /// Whether the parent kept its line's indentation, so its children may keep theirs.
    var parentKeptIndentation: Bool
    /// The indentation of the last non-blank child written.
    var previousIndentation: Indentation?
  }

  private mutating func writeTree(_ items: [Item]) {
    var walk = OutlineWalk(items)
    // The frame of the current item and of each item above it, by depth (deeper ones are left
    // over from earlier items).
    var frames = [Frame(items: items, parentID: nil, parentLine: -1, parentIndentation: .none, parentKeptIndentation: true)]
    while walk.next() {
      let (last, index) = (walk.depth, walk.index)
      let item = walk.item
      let line = sourceLine(of: item.id)
      // A line undo or redo puts back takes the indentation it had, where it fits, even where
      // the item's line is still in place with another (a move that only re-indented it).
      let restored = restoring.isEmpty ? nil : restoredIndentation(of: item, in: frames[last], at: index)
      let keeps =
        line.map {
          keepsIndentation($0, of: item, parentID: frames[last].parentID, parentKept: frames[last].parentKeptIndentation)
            && restored.map(source.indentation(ofLine: $0).elementsEqual) != false
        }
        ?? false

      let indentation: Indentation
      if let line, keeps {
        indentation = .ofLine(line)
      } else if item.isBlank {
        indentation = blankIndentation(of: item, line: line, restored: restored, in: frames[last], at: index)
      } else if let restored {
        indentation = .bytes(restored)
      } else if !restoring.isEmpty, let line, indentationFits(source.indentation(ofLine: line).count, in: frames[last], at: index) {
        // Undo and redo keep a line's own indentation where it fits, though its parent's changed:
        // a line the change did not write anew (its bytes stayed the same) is as it was.
        indentation = .ofLine(line)
      } else if let previous = frames[last].previousIndentation {
        indentation = previous
      } else if let next = nextKeptIndentation(in: frames[last], after: index) {
        indentation = .ofLine(next)
      } else if last == 0 {
        indentation = .none
      } else {
        let parent = bytes(of: frames[last].parentIndentation)
        indentation = .bytes(Array(parent) + step(below: parent))
      }
      if !item.isBlank { frames[last].previousIndentation = indentation }

      // Where the item sits as it was read and nothing under it changed, its lines are the
      // bytes they were: copied as one run, without a look at each.
      if let line, keeps, let end = unchangedSubtreeEnd(of: item, line: line) {
        copyLines(line..<end, parentLine: frames[last].parentLine)
        walk.skipChildren()
        continue
      }

      writeLine(item, line: line, indentation: bytes(of: indentation), parentLine: frames[last].parentLine)

      if !item.children.isEmpty {
        let frame = Frame(
          items: item.children,
          parentID: item.id,
          parentLine: ids.count - 1,
          parentIndentation: indentation,
          // Written with the indentation its line had (moved elsewhere at the same level,
          // say), the item's children still read back under it with their own.
          parentKeptIndentation: keeps || line.map { bytes(of: indentation).elementsEqual(source.indentation(ofLine: $0)) } == true
        )
        OutlineWalk.set(frame, atDepth: last + 1, in: &frames)
      }
    }
  }

  /// The whitespace of a blank line that does not stay where it was: the whitespace an undo
  /// restores, else its own where it was blank already, else (a new one) its level in tabs;
  /// each only where it reads back under the same parent. A blank line goes under the deepest item before it that is less
  /// indented, so one under a parent written with other indentation (moved, say) may need other
  /// whitespace: then that of the sibling before it, else the parent's plus one step.
  private mutating func blankIndentation(
    of item: Item, line: Int?, restored: [UInt8]?, in frame: Frame, at index: Int
  ) -> Indentation {
    if let restored { return .bytes(restored) }
    if let line, source.storage.items[line].isBlank, blankFits(source.indentation(ofLine: line).count, in: frame, at: index) {
      return .ofLine(line)
    }
    // A new one (imported) is written as the printer writes it, with its own level in tabs:
    // an empty line stays empty rather than taking the indentation of the lines around it.
    if line == nil, blankFits(item.level, in: frame, at: index) {
      return .bytes(Array(repeating: ASCII.tab, count: item.level))
    }
    if let previous = frame.previousIndentation { return previous }
    guard frame.parentID != nil else { return .none }
    let parent = bytes(of: frame.parentIndentation)
    return .bytes(Array(parent) + step(below: parent))
  }

  /// The whitespace an undo restores for a blank line, where it reads back under the same parent.
  private func restoredBlankWhitespace(of item: Item, in frame: Frame, at index: Int) -> [UInt8]? {
    guard let restored = restoring[item.id], restored.utf8.allSatisfy({ ASCII.isBlank($0) || $0 == ASCII.carriageReturn })
    else { return nil }
    let whitespace = Array(restored.utf8.filter { $0 != ASCII.carriageReturn })
    return blankFits(whitespace.count, in: frame, at: index) ? whitespace : nil
  }

  /// Whether a blank line of `level` reads back as a child of the frame's parent (see
  /// ``TaskPaperParser``): no deeper than the sibling with text before it, which would take it,
  /// unless a blank line right before it holds it at its depth; and deeper than the parent,
  /// unless a later sibling with text holds it there.
  private func blankFits(_ level: Int, in frame: Frame, at index: Int) -> Bool {
    if let previous = frame.previousIndentation, level > bytes(of: previous).count,
      index == 0 || !frame.items[index - 1].isBlank
    {
      return false
    }
    guard frame.parentID != nil, level <= bytes(of: frame.parentIndentation).count else { return true }
    return frame.items[(index + 1)...].contains { !$0.isBlank }
  }

  /// Whether `item`, read from `line`, still sits where its indentation puts it.
  private func keepsIndentation(_ line: Int, of item: Item, parentID: UUID?, parentKept: Bool) -> Bool {
    // A blank line's level is its whitespace, not a place in the tree: once it holds text it
    // is indented as a new line.
    guard parentKept, source.storage.items[line].level == item.level, !source.storage.items[line].isBlank || item.isBlank
    else { return false }
    let parent = source.storage.parents[line]
    return parent < 0 ? parentID == nil : source.storage.ids[parent] == parentID
  }

  /// The line of the first sibling after `index` that keeps its indentation: a new item
  /// indented like it reads back as its sibling (the levels of kept siblings never grow in
  /// document order, so the first one bounds every later one).
  private mutating func nextKeptIndentation(in frame: Frame, after index: Int) -> Int? {
    guard frame.parentKeptIndentation else { return nil }
    for next in frame.items[(index + 1)...] where !next.isBlank {
      if let line = peekSourceLine(of: next.id), keepsIndentation(line, of: next, parentID: frame.parentID, parentKept: true) {
        return line
      }
    }
    return nil
  }

  /// The indentation a line to restore (undo) had, when it still reads back where the item is:
  /// deeper than its parent, no deeper than its previous sibling, and no shallower than the
  /// next sibling that keeps its own (for a blank line, see ``blankFits(_:in:at:)``).
  private mutating func restoredIndentation(of item: Item, in frame: Frame, at index: Int) -> [UInt8]? {
    if item.isBlank { return restoredBlankWhitespace(of: item, in: frame, at: index) }
    guard let restored = restoring[item.id] else { return nil }
    let indentation = Array(restored.utf8.prefix { ASCII.isBlank($0) })
    return indentationFits(indentation.count, in: frame, at: index) ? indentation : nil
  }

  /// Whether a line of `level` reads back as the next child of the frame's parent: deeper than
  /// the parent, no deeper than its previous sibling, and no shallower than the next sibling
  /// that keeps its own.
  private mutating func indentationFits(_ level: Int, in frame: Frame, at index: Int) -> Bool {
    let parentCount = frame.parentID == nil ? -1 : bytes(of: frame.parentIndentation).count
    guard level > parentCount else { return false }
    if let previous = frame.previousIndentation, level > bytes(of: previous).count { return false }
    if let next = nextKeptIndentation(in: frame, after: index), source.indentation(ofLine: next).count > level {
      return false
    }
    return true
  }

  // MARK: - A subtree no change touched

  /// One past the last line of `item`'s subtree when the item reads as its line and has the
  /// very children it was read with (the same array storage: see
  /// ``TaskPaperParser/Subtree``), so every line of the subtree is unchanged; else nil.
  private func unchangedSubtreeEnd(of item: Item, line: Int) -> Int? {
    guard copiesUnchangedSubtrees, line < source.storage.subtrees.count else { return nil }
    let subtree = source.storage.subtrees[line]
    let original = source.storage.items[line]
    guard subtree.end > line, original.kind == item.kind, original.title == item.title, original.tags == item.tags
    else { return nil }
    let children = item.children.isEmpty ? 0 : item.children.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    return children == subtree.children ? subtree.end : nil
  }

  /// Writes `lines` of the source as they are, as ``writeLine(_:line:indentation:parentLine:)`` would
  /// write each of them unchanged.
  private mutating func copyLines(_ lines: Range<Int>, parentLine: Int) {
    let storage = source.storage
    let first = storage.spans[lines.lowerBound]
    let last = storage.spans[lines.upperBound - 1]
    lastLineStart = output.count + (last.start - first.start)
    output.append(contentsOf: storage.bytes[(storage.bodyStart + first.start)..<(storage.bodyStart + last.end)])
    if last.contentEnd == last.end {
      // The file's last line, without a line break: it takes one while more lines follow.
      lastLineBreakStart = output.count
      output.append(contentsOf: lineBreak(after: storage.ids[lines.upperBound - 1]))
    } else {
      lastLineBreakStart = output.count - (last.end - last.contentEnd)
    }
    ids.append(contentsOf: storage.ids[lines])
    lastItemID = storage.ids[lines.upperBound - 1]
    keys.append(contentsOf: storage.keys[lines])
    created.append(contentsOf: storage.created[lines])
    // The subtree's lines keep their parents within it; its first line is under `parentLine`.
    let shift = ids.count - lines.count - lines.lowerBound
    parents.append(parentLine)
    for line in lines.dropFirst() { parents.append(storage.parents[line] + shift) }
    cursor = lines.upperBound
    linesFromSource += lines.count
  }

  // MARK: - One line

  private mutating func writeLine(_ item: Item, line: Int?, indentation: ArraySlice<UInt8>, parentLine: Int) {
    lastLineStart = output.count
    if line != nil { linesFromSource += 1 }
    output.append(contentsOf: indentation)
    let contentStart = output.count
    var key: LineKey?
    // The text to restore comes first: undo gives back the line as it was typed, not the line
    // as it is now with the tags put back (`untag` wrote the canonical line).
    if !restoring.isEmpty, writeRestored(item) {
      // Written as it was.
    } else if let line, source.storage.items[line].kind == item.kind, source.storage.items[line].title == item.title,
      source.storage.items[line].tags == item.tags
    {
      output.append(contentsOf: source.content(ofLine: line))
      key = source.storage.keys[line]
    } else if let line, !source.storage.items[line].isBlank,
      let text = TaskPaperLineRewriter.rewrite(source.content(ofLine: line), as: item, scratch: &scratch)
    {
      output.append(contentsOf: TaskPaperLineRewriter.keepingFinalCarriageReturns(of: source.content(ofLine: line), in: text, as: item, scratch: &scratch))
    } else {
      TaskPaperPrinter.appendLine(item, to: &output, scratch: &scratch)
      if let line, source.content(ofLine: line).last == ASCII.carriageReturn {
        let text = Array(output[contentStart...])
        output.replaceSubrange(
          contentStart..., with: TaskPaperLineRewriter.keepingFinalCarriageReturns(of: source.content(ofLine: line), in: text, as: item, scratch: &scratch))
      }
    }
    let contentEnd = output.count
    if let line {
      // Compared in place: this runs for every line of the file.
      let written = output[(contentStart - indentation.count)..<contentEnd]
      let (oldIndentation, oldContent) = (source.indentation(ofLine: line), source.content(ofLine: line))
      if written.count != oldIndentation.count + oldContent.count || !written.prefix(oldIndentation.count).elementsEqual(oldIndentation)
        || !written.suffix(oldContent.count).elementsEqual(oldContent)
      {
        let before = String(decoding: oldIndentation + oldContent, as: UTF8.self)
        rewritten[item.id] = (before, String(decoding: written, as: UTF8.self))
      }
    } else if !indentation.isEmpty {
      newLines[item.id] = String(decoding: output[(contentStart - indentation.count)..<contentEnd], as: UTF8.self)
    }
    if let key {
      keys.append(key)
    } else {
      keys.append(lineKey(from: contentStart, to: contentEnd, indentation: indentation.count))
    }
    ids.append(item.id)
    parents.append(parentLine)
    lastItemID = item.id
    created.append(line.map { source.storage.created[$0] } ?? now)
    lastLineBreakStart = output.count
    if let line, !source.lineBreak(ofLine: line).isEmpty {
      output.append(contentsOf: source.lineBreak(ofLine: line))
    } else {
      output.append(contentsOf: lineBreak(after: item.id))
    }
  }

  /// The line break of a line that has none of its own in the source.
  private func lineBreak(after id: UUID) -> ArraySlice<UInt8> {
    if !lineBreaks.isEmpty, let given = lineBreaks[id] { return given[...] }
    return defaultLineBreak
  }

  /// Whether the text written since `start` reads back as `item`'s kind, title and tags.
  private mutating func reads(as item: Item, from start: Int) -> Bool {
    let read: Item = output.withUnsafeBufferPointer { bytes in
      let line = TaskPaperParser.parseLine(bytes, start, bytes.count, asTask: false, matches: &scratch)
      return TaskPaperParser.makeItem(bytes, line, scratch, id: item.id)
    }
    return read.level == 0 && read.kind == item.kind && read.title == item.title && read.tags == item.tags
  }

  /// Writes the text to restore for `item` when there is one and it reads as the item.
  private mutating func writeRestored(_ item: Item) -> Bool {
    guard let restored = restoring[item.id] else { return false }
    let start = output.count
    output.append(contentsOf: restored.utf8.drop { ASCII.isBlank($0) })
    if reads(as: item, from: start) { return true }
    output.removeSubrange(start...)
    return false
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

  /// A file that ended without a line break still does, unless its last line is now an empty
  /// one, which would vanish without it (or it has no line left); so does one whose last line is
  /// a line put back by undo, or another line than before the undo, when the change undone added
  /// the line break or emptied the file (a file whose end was changed since keeps its own).
  private mutating func finish() {
    let sourceEndsWithout = source.storage.items.indices.last.map { source.lineBreak(ofLine: $0).isEmpty } ?? false
    guard let lastWritten = lastLineStart else {
      // An emptied file keeps no trace of having ended without a line break, nor of its line
      // breaks: the journal does, so that undo gives its lines back as they were.
      addedFinalLineBreak = sourceEndsWithout
      if source.lineCount > 0, !defaultLineBreak.elementsEqual([ASCII.lineFeed]) { emptiedLineBreak = Array(defaultLineBreak) }
      return
    }
    defer { noteLineBreaksIfNoneIsLeft() }
    let endsWithRestoredLine =
      dropsFinalLineBreakAfterRestoredLine && lastItemID.map { restoring[$0] != nil || $0 != source.storage.ids.last } == true
    guard sourceEndsWithout || endsWithRestoredLine else { return }
    guard lastWritten < lastLineBreakStart else {
      addedFinalLineBreak = sourceEndsWithout
      return
    }
    if let lastItemID, !output[lastLineBreakStart...].elementsEqual(defaultLineBreak) {
      droppedLineBreaks[lastItemID] = Array(output[lastLineBreakStart...])
    }
    output.removeSubrange(lastLineBreakStart...)
  }

  /// The line break of the first line written, if it has one.
  private var firstLineBreak: [UInt8]? {
    let body = output[source.storage.bodyStart...]
    guard let lineFeed = body.firstIndex(of: ASCII.lineFeed) else { return nil }
    let crlf = lineFeed > body.startIndex && output[lineFeed - 1] == ASCII.carriageReturn
    return crlf ? [ASCII.carriageReturn, ASCII.lineFeed] : [ASCII.lineFeed]
  }

  /// Notes the line breaks other than ``defaultLineBreak`` of the source's lines the text does
  /// not have. Only a file with mixed line breaks has any, so only then are the ids looked at.
  private mutating func noteDroppedLineBreaks() {
    guard linesFromSource < source.lineCount else { return }
    let spans = source.storage.spans
    let usual = defaultLineBreak.count
    guard spans.contains(where: { $0.end != $0.contentEnd && $0.end - $0.contentEnd != usual }) else { return }
    let written = Set(ids)
    for line in spans.indices where spans[line].end != spans[line].contentEnd && spans[line].end - spans[line].contentEnd != usual {
      let id = source.storage.ids[line]
      if !written.contains(id) { droppedLineBreaks[id] = Array(source.lineBreak(ofLine: line)) }
    }
  }

  /// A file left with one line and no line break keeps no trace of its line breaks either,
  /// like an emptied one.
  private mutating func noteLineBreaksIfNoneIsLeft() {
    guard !defaultLineBreak.elementsEqual([ASCII.lineFeed]), !output.contains(ASCII.lineFeed) else { return }
    emptiedLineBreak = Array(defaultLineBreak)
  }

  // MARK: - What the file already does

  /// The usual line break given; else the line break of the source's first line; else (no
  /// line, or one without a line break) `\n`.
  private var defaultLineBreak: ArraySlice<UInt8> {
    if let usualLineBreak { return usualLineBreak[...] }
    if let first = source.storage.items.indices.first, !source.lineBreak(ofLine: first).isEmpty {
      return source.lineBreak(ofLine: first)
    }
    return [ASCII.lineFeed][...]
  }

  /// One level of indentation as the file writes it, below a parent indented with
  /// `parentIndentation`: a tab below a tab, the file's step of spaces below a space, and below
  /// a top-level parent the step of the file's first indented child line (a tab in a new
  /// file).
  private mutating func step(below parentIndentation: ArraySlice<UInt8>) -> [UInt8] {
    if indentSteps == nil {
      var tabs: [UInt8]?
      var spaces: [UInt8]?
      var first: [UInt8]?
      for line in source.storage.items.indices where source.storage.parents[line] >= 0 && !source.storage.items[line].isBlank {
        let own = source.indentation(ofLine: line)
        let parent = source.indentation(ofLine: source.storage.parents[line])
        guard own.count > parent.count, own.starts(with: parent) else { continue }
        let step = Array(own.dropFirst(parent.count))
        if first == nil { first = step }
        if spaces == nil, step.allSatisfy({ $0 == ASCII.space }) { spaces = step }
        if tabs == nil, step.allSatisfy({ $0 == ASCII.tab }) { tabs = [ASCII.tab] }
        if spaces != nil && tabs != nil { break }
      }
      indentSteps = (tabs ?? [ASCII.tab], spaces ?? [ASCII.space, ASCII.space], first ?? [ASCII.tab])
    }
    guard let steps = indentSteps else { return [ASCII.tab] }
    switch parentIndentation.last {
    case ASCII.tab?: return steps.tabs
    case ASCII.space?: return steps.spaces
    default: return steps.first
    }
  }

  // MARK: - Finding an item's line

  private mutating func sourceLine(of id: UUID) -> Int? {
    let ids = source.storage.ids
    if cursor < ids.count, ids[cursor] == id {
      cursor += 1
      return cursor - 1
    }
    guard let line = peekSourceLine(of: id) else { return nil }
    cursor = line + 1
    return line
  }

  private mutating func peekSourceLine(of id: UUID) -> Int? {
    let ids = source.storage.ids
    if cursor < ids.count, ids[cursor] == id { return cursor }
    return lineFinder.line(of: id, in: source)
  }
}
