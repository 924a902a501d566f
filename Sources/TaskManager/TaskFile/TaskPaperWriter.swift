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
  let source: TaskPaperSource
  let restoring: [UUID: String]
  /// When a new line is first seen, for the index.
  let now: UInt32
  var output: [UInt8] = []
  var ids: [UUID] = []
  var keys: [LineKey] = []
  var created: [UInt32] = []
  /// Each written line's parent line, -1 at the top level, for the index.
  var parents: [Int] = []
  /// The line of `source` expected next, so that an unchanged order needs no lookups.
  var cursor = 0
  var lineFinder = SourceLineFinder()
  var indentSteps: (tabs: [UInt8], spaces: [UInt8], first: [UInt8])?
  /// Where the last line written starts, and where its line break does.
  var lastLineStart: Int?
  var lastLineBreakStart = 0
  var scratch: [TagSyntax.Match] = []
  /// The lines of the source written with other bytes (text or indentation), by id: the line
  /// before and as written, each with its indentation.
  var rewritten: [UUID: (before: String, after: String)] = [:]
  /// The lines the source did not have, written with indentation, by id: a new line takes its
  /// sibling's indentation, which its canonical text (what a journal entry holds) lacks.
  var newLines: [UUID: String] = [:]

  /// Whether subtrees that no change touched are copied as runs of bytes (tests turn it off to
  /// compare with writing every line).
  let copiesUnchangedSubtrees: Bool
  /// Whether the text ends without a line break when its last line is one of `restoring`'s.
  let dropsFinalLineBreakAfterRestoredLine: Bool
  /// The item of the last line written.
  var lastItemID: UUID?
  /// Whether the text ends with a line break the source did not end with (its last line is an
  /// empty one now, which needs it).
  var addedFinalLineBreak = false
  /// The line break new lines take, and the source's last line when lines follow it, instead
  /// of the file's: the file's when the change undone or redone was made.
  let usualLineBreak: [UInt8]?
  /// The line break of the source, when the text has none left (no line, or one without) and
  /// it was not `\n`.
  var emptiedLineBreak: [UInt8]?
  /// The line breaks to write, by id, after lines that have none of their own in the source
  /// (new lines, and its last line when more follow) instead of the file's.
  let lineBreaks: [UUID: [UInt8]]
  /// The line breaks other than ``defaultLineBreak`` that the text lost, by id: of lines of the
  /// source it does not have, and of the line it ends with when that line lost its own.
  var droppedLineBreaks: [UUID: [UInt8]] = [:]
  /// How many lines of the source were written: when all were, none was dropped.
  var linesFromSource = 0

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
}
