import Foundation

/// Reads a ``TaskDocument`` from its bytes, line by line, failing on the first line that is not
/// what the encoder writes; see `Documentation/TaskmanTasksV1.md`.
struct TaskDocumentDecoder {
  let bytes: UnsafeBufferPointer<UInt8>
  private var lineNumber = 0
  var matches: [TagSyntax.Match] = []

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  mutating func decode() throws(TaskDocumentError) -> Outline {
    // Checking ids for repeats as each line is read (a dictionary of 100,000 ids) costs more
    // than sorting them once at the end. A document with a repeat, or any other error, is read
    // again the strict way, so the error names the same first offending line either way.
    let start = self
    var ids: [UInt128] = []
    ids.reserveCapacity(bytes.count / 64)
    if let outline = try? decodeItems(ids: &ids), !Self.containsRepeat(&ids) { return outline }
    self = start
    var unused: [UInt128]? = nil
    return try decodeItems(ids: &unused)
  }

  /// Whether `ids` holds a value twice; sorts it. A counting sort on the top bits first:
  /// random ids spread evenly, so most buckets hold one or two.
  private static func containsRepeat(_ ids: inout [UInt128]) -> Bool {
    guard ids.count > 64 else {
      ids.sort()
      return zip(ids, ids.dropFirst()).contains { $0 == $1 }
    }
    // About one bucket per id, at most 65,536, so a small list does not pay for a big table.
    let bits = min(16, Int.bitWidth - ids.count.leadingZeroBitCount - 1)
    let bucketCount = 1 << bits
    var starts = [Int](repeating: 0, count: bucketCount + 1)
    for id in ids { starts[Int(id >> (128 - UInt128(bits))) + 1] += 1 }
    for bucket in 0..<bucketCount { starts[bucket + 1] += starts[bucket] }
    var next = starts
    var sorted = [UInt128](repeating: 0, count: ids.count)
    for id in ids {
      let bucket = Int(id >> (128 - UInt128(bits)))
      sorted[next[bucket]] = id
      next[bucket] += 1
    }
    ids = []
    for bucket in 0..<bucketCount where starts[bucket + 1] - starts[bucket] > 1 {
      let range = starts[bucket]..<starts[bucket + 1]
      sorted[range].sort()
      for index in range.dropFirst() where sorted[index - 1] == sorted[index] { return true }
    }
    return false
  }

  /// The items, collecting their ids into `ids`, or (when `ids` is nil) checking each id
  /// against the earlier ones as it is read.
  private mutating func decodeItems<IDs: IDCollecting>(ids: inout IDs) throws(TaskDocumentError) -> Outline {
    guard !bytes.isEmpty else { throw TaskDocumentError(line: 1, problem: .empty) }
    var lineStart = 0
    var (lineEnd, contentEnd) = line(from: lineStart)
    lineNumber = 1
    try checkHeader(lineStart..<contentEnd)
    lineStart = lineEnd + 1

    // The children being collected at each depth: `levels[d]` holds the items at depth `d` since
    // the last item at a smaller depth; deeper lists are moved into their parent when closed.
    var levels: [[Item]] = [[]]
    var firstLines: [IDKey: Int] = [:]
    if !IDs.collects { firstLines.reserveCapacity(bytes.count / 64) }
    while lineStart < bytes.count {
      lineNumber += 1
      (lineEnd, contentEnd) = line(from: lineStart)
      if isHistoryMarker(lineStart..<contentEnd) { break }
      let (item, depth) = try decodeItem(lineStart..<contentEnd)

      if IDs.collects {
        ids.collect(item.id)
      } else if let firstLine = firstLines.updateValue(lineNumber, forKey: IDKey(item.id)) {
        throw error(.duplicateID(item.id, firstLine: firstLine))
      }
      if depth >= levels.count {
        // Only the first level can be empty, before the first item.
        let maximum = levels[levels.count - 1].isEmpty ? levels.count - 1 : levels.count
        guard depth <= maximum else { throw error(.indentedTooDeep(found: depth, maximum: maximum)) }
        levels.append([])
      }
      while levels.count > depth + 1 { closeDeepestLevel(&levels) }
      levels[depth].append(item)
      lineStart = lineEnd + 1
    }
    while levels.count > 1 { closeDeepestLevel(&levels) }
    return Outline(items: levels[0])
  }

  /// The line `undo`, which ends the items and starts the undo history (not read). An item line cannot be it:
  /// every item line ends with its `@id(…)`.
  private func isHistoryMarker(_ range: Range<Int>) -> Bool {
    range.count == 4 && bytes[range.lowerBound] == UInt8(ascii: "u")
      && bytes[range.lowerBound + 1] == UInt8(ascii: "n") && bytes[range.lowerBound + 2] == UInt8(ascii: "d")
      && bytes[range.lowerBound + 3] == UInt8(ascii: "o")
  }

  private func closeDeepestLevel(_ levels: inout [[Item]]) {
    let children = levels.removeLast()
    let parent = levels.count - 1
    levels[parent][levels[parent].count - 1].children = children
  }

  /// The index of the line's `\n` (or the end), and where its content ends: before a `\r`
  /// that precedes the `\n`, so a document converted to CRLF still reads.
  private func line(from start: Int) -> (end: Int, contentEnd: Int) {
    var end = bytes.count
    if start < bytes.count, let found = memchr(bytes.baseAddress! + start, Int32(ASCII.lineFeed), bytes.count - start) {
      end = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
    var contentEnd = end
    if end < bytes.count, contentEnd > start, bytes[contentEnd - 1] == ASCII.carriageReturn { contentEnd -= 1 }
    return (end, contentEnd)
  }

  func error(_ problem: TaskDocumentError.Problem) -> TaskDocumentError {
    TaskDocumentError(line: lineNumber, problem: problem)
  }

  // MARK: - Header

  private func checkHeader(_ range: Range<Int>) throws(TaskDocumentError) {
    let line = UnsafeBufferPointer(rebasing: bytes[range])
    if line.elementsEqual(TaskDocument.header.utf8) { return }
    let prefix = Array("\(TaskDocument.formatName) v".utf8)
    if line.starts(with: prefix) {
      let digits = line.dropFirst(prefix.count).prefix { (0x30...0x39).contains($0) }
      let version = String(decoding: digits, as: UTF8.self)
      // A version with more digits than an Int holds is newer still.
      if !digits.isEmpty, Int(version).map({ $0 > TaskDocument.version }) ?? true {
        throw error(.unsupportedVersion(version))
      }
    }
    var shown = String(decoding: line.prefix(60), as: UTF8.self)
    if line.count > 60 { shown += "…" }
    throw error(.notATaskDocument(firstLine: shown))
  }
}

/// Where ``TaskDocumentDecoder`` puts the ids it reads: an array to check for repeats once at
/// the end, or nowhere (nil) when each is checked as it is read.
private protocol IDCollecting {
  static var collects: Bool { get }
  mutating func collect(_ id: UUID)
}

extension Array: IDCollecting where Element == UInt128 {
  static var collects: Bool { true }
  mutating func collect(_ id: UUID) {
    let (high, low) = Swift.withUnsafeBytes(of: id.uuid) {
      ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    }
    append(UInt128(UInt64(bigEndian: high)) << 64 | UInt128(UInt64(bigEndian: low)))
  }
}

extension Optional: IDCollecting where Wrapped == [UInt128] {
  static var collects: Bool { false }
  mutating func collect(_ id: UUID) {}
}

/// A UUID as two words: hashing them is much cheaper than `UUID`'s byte-wise hashing, and the
/// duplicate check hashes every id of the document.
private struct IDKey: Hashable {
  let high: UInt64
  let low: UInt64

  init(_ id: UUID) {
    (high, low) = withUnsafeBytes(of: id.uuid) { ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
  }
}
