import Foundation

extension TaskPaperWriter {
  /// A file that ended without a line break still does, unless its last line is now an empty
  /// one, which would vanish without it (or it has no line left); so does one whose last line is
  /// a line put back by undo, or another line than before the undo, when the change undone added
  /// the line break or emptied the file (a file whose end was changed since keeps its own).
  mutating func finish() {
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
  var firstLineBreak: [UInt8]? {
    let body = output[source.storage.bodyStart...]
    guard let lineFeed = body.firstIndex(of: ASCII.lineFeed) else { return nil }
    let crlf = lineFeed > body.startIndex && output[lineFeed - 1] == ASCII.carriageReturn
    return crlf ? [ASCII.carriageReturn, ASCII.lineFeed] : [ASCII.lineFeed]
  }

  /// Notes the line breaks other than ``defaultLineBreak`` of the source's lines the text does
  /// not have. Only a file with mixed line breaks has any, so only then are the ids looked at.
  mutating func noteDroppedLineBreaks() {
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

  /// The usual line break given; else the line break of the source's first line; else (no
  /// line, or one without a line break) `\n`.
  var defaultLineBreak: ArraySlice<UInt8> {
    if let usualLineBreak { return usualLineBreak[...] }
    if let first = source.storage.items.indices.first, !source.lineBreak(ofLine: first).isEmpty {
      return source.lineBreak(ofLine: first)
    }
    return [ASCII.lineFeed][...]
  }
}
