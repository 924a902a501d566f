import Foundation

/// One of the three versions a merge reads (the common ancestor, ours or theirs), split into
/// lines the way ``TaskFile`` reads a task file: each line's item, parent line and bytes, and
/// the keys ``LineMatcher`` matches lines by.
struct MergeSide {
  /// The whole file.
  let bytes: [UInt8]
  /// Where the text starts: after a UTF-8 byte order mark, if the file has one.
  let bodyStart: Int
  /// Each line's item (without children), as the parser reads it.
  let items: [Item]
  /// Each line's parent line, or -1 at the top level.
  let parents: [Int]
  /// Each line's bytes, relative to ``bodyStart``.
  let spans: [TaskPaperParser.Span]
  /// Each line's key for matching: its content hash is that of the line's text combined with
  /// its parent's key, so that `- Call mom` under `Home:` and under `Work:` are told apart
  /// (its title hash, by which a moved line is still found, is the line's alone).
  let keys: [LineKey]
  /// The hash of each line's text alone (indentation and trailing whitespace left out).
  let contentHashes: [UInt64]
  /// Each line's previous sibling (the line before it under the same parent), or -1.
  let previousSiblings: [Int]
  /// The top-level lines, then each line's children, in document order: the children of line
  /// `l` are `children[childStarts[l + 1]..<childStarts[l + 2]]`, the top level's
  /// `children[childStarts[0]..<childStarts[1]]`.
  let children: [Int]
  let childStarts: [Int]

  var lineCount: Int { items.count }

  /// Reads `bytes`.
  ///
  /// - Throws: ``TaskDocumentError`` when the bytes are not UTF-8 or the lines end with lone
  ///   carriage returns, as ``TaskFile`` refuses them.
  init(_ bytes: [UInt8]) throws(TaskDocumentError) {
    self.bytes = bytes
    let parsed: Result<(Int, TaskPaperParser.Lines, [LineKey], [UInt64]), TaskDocumentError> = bytes.withUnsafeBufferPointer { whole in
      let bodyStart = whole.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      let body = UnsafeBufferPointer(rebasing: whole[bodyStart...])
      if let problem = TaskFile.firstInvalidUTF8(body) { return .failure(problem) }
      if TaskFile.hasClassicLineBreaks(body) { return .failure(TaskDocumentError(line: 1, problem: .classicLineBreaks)) }
      let lines = TaskPaperParser.scanLines(body)
      var keys: [LineKey] = []
      var hashes: [UInt64] = []
      keys.reserveCapacity(lines.items.count)
      hashes.reserveCapacity(lines.items.count)
      for line in lines.items.indices {
        var key = LineKey(body, start: lines.spans[line].start, end: lines.spans[line].contentEnd, item: lines.items[line])
        hashes.append(key.content)
        let parent = lines.parents[line]
        if parent >= 0 { key.content = LineHash.mix(key.content ^ (keys[parent].content &* 0x9E37_79B9_7F4A_7C15)) }
        keys.append(key)
      }
      return .success((bodyStart, lines, keys, hashes))
    }
    let (bodyStart, lines, keys, hashes) = try parsed.get()
    self.bodyStart = bodyStart
    items = lines.items
    parents = lines.parents
    spans = lines.spans
    self.keys = keys
    contentHashes = hashes
    OutlineWork.count(lines.items.count)

    // Children by a counting sort on the parent: each list stays in document order.
    let count = lines.items.count
    var starts = [Int](repeating: 0, count: count + 2)
    for parent in lines.parents { starts[parent + 2] += 1 }
    for index in 1..<starts.count { starts[index] += starts[index - 1] }
    var next = starts
    var children = [Int](repeating: 0, count: count)
    var previous = [Int](repeating: -1, count: count)
    var last = [Int](repeating: -1, count: count + 1)
    for line in 0..<count {
      let parent = lines.parents[line]
      children[next[parent + 1]] = line
      next[parent + 1] += 1
      previous[line] = last[parent + 1]
      last[parent + 1] = line
    }
    self.children = children
    childStarts = starts
    previousSiblings = previous
  }

  /// The lines under `parent` (-1: the top level), in document order.
  func children(of parent: Int) -> ArraySlice<Int> {
    children[childStarts[parent + 1]..<childStarts[parent + 2]]
  }

  /// The line's text without indentation and line break, exactly as in the file.
  func content(_ line: Int) -> ArraySlice<UInt8> {
    let span = spans[line]
    let start = bodyStart + span.start + items[line].level
    return bytes[min(start, bodyStart + span.contentEnd)..<(bodyStart + span.contentEnd)]
  }

  /// The line's indentation, exactly as in the file.
  func indentation(_ line: Int) -> ArraySlice<UInt8> {
    let start = bodyStart + spans[line].start
    return bytes[start..<min(start + items[line].level, bodyStart + spans[line].contentEnd)]
  }

  /// The line's line break: `\n`, `\r\n`, or nothing for a last line without one.
  func lineBreak(_ line: Int) -> ArraySlice<UInt8> {
    bytes[(bodyStart + spans[line].contentEnd)..<(bodyStart + spans[line].end)]
  }

  /// The byte order mark the file starts with, if any.
  var byteOrderMark: ArraySlice<UInt8> { bytes[..<bodyStart] }

  /// The line break of the first line that has one; nil when no line has.
  var usualLineBreak: ArraySlice<UInt8>? {
    guard let first = spans.indices.first, spans[first].end != spans[first].contentEnd else { return nil }
    return lineBreak(first)
  }

  /// Whether the last line ends without a line break.
  var endsWithoutLineBreak: Bool {
    guard let last = spans.indices.last else { return false }
    return spans[last].end == spans[last].contentEnd
  }
}
