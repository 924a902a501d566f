import Foundation

extension TaskPaperWriter {
  /// One past the last line of `item`'s subtree when the item reads as its line and has the
  /// very children it was read with (the same array storage: see
  /// ``TaskPaperParser/Subtree``), so every line of the subtree is unchanged; else nil.
  func unchangedSubtreeEnd(of item: Item, line: Int) -> Int? {
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
  mutating func copyLines(_ lines: Range<Int>, parentLine: Int) {
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

  mutating func writeLine(_ item: Item, line: Int?, indentation: ArraySlice<UInt8>, parentLine: Int) {
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
  func lineBreak(after id: UUID) -> ArraySlice<UInt8> {
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
}
