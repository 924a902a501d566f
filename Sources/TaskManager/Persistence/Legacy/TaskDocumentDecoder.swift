import Foundation

/// Reads a ``TaskDocument`` from its bytes, line by line, failing on the first line that is not
/// what the encoder writes; see `Documentation/TaskmanTasksV1.md`.
struct TaskDocumentDecoder {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var lineNumber = 0
  private var matches: [TagSyntax.Match] = []

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

  private func error(_ problem: TaskDocumentError.Problem) -> TaskDocumentError {
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

  // MARK: - Item lines

  private mutating func decodeItem(_ range: Range<Int>) throws(TaskDocumentError) -> (Item, depth: Int) {
    if let bad = firstInvalidUTF8(in: range) {
      throw error(.invalidUTF8(byte: bytes[bad], column: bad - range.lowerBound + 1))
    }
    var textStart = range.lowerBound
    while textStart < range.upperBound, bytes[textStart] == ASCII.tab { textStart += 1 }
    let depth = textStart - range.lowerBound
    if textStart < range.upperBound, bytes[textStart] == ASCII.space { throw error(.spaceInIndentation) }

    // The id is the last `@` of the line: nothing inside `@id(…)` is written as `@`.
    var at = range.upperBound - 1
    while at >= textStart, bytes[at] != ASCII.at { at -= 1 }
    guard at >= textStart, range.upperBound - at >= 4, bytes[at + 1] == 0x69, bytes[at + 2] == 0x64,
      bytes[at + 3] == ASCII.openParenthesis
    else { throw error(.missingID) }
    var textEnd = at
    if textEnd > textStart {
      guard bytes[textEnd - 1] == ASCII.space else {
        throw error(.malformedItem("no space between the item's text and its @id(…)"))
      }
      textEnd -= 1
    }

    var cursor = at + 4
    let id = try readID(&cursor, end: range.upperBound)
    guard range.upperBound - 1 >= cursor, bytes[range.upperBound - 1] == ASCII.closeParenthesis else {
      throw error(.malformedItem("the @id(…) is not closed by \")\" at the end of the line"))
    }
    let attributes = try readAttributes(cursor..<(range.upperBound - 1))

    var item: Item
    if let exact = attributes.exact {
      item = Item(id: id, kind: exact.kind, title: exact.title, tags: exact.tags)
    } else {
      let line = TaskPaperParser.parseLine(bytes, textStart, textEnd, asTask: false, matches: &matches)
      item = TaskPaperParser.makeItem(bytes, line, matches, id: id)
    }
    item.level = attributes.level ?? depth
    return (item, depth)
  }

  /// Reads the UUID that starts at `cursor`, up to the next space or `)`.
  private func readID(_ cursor: inout Int, end: Int) throws(TaskDocumentError) -> UUID {
    let start = cursor
    while cursor < end, bytes[cursor] != ASCII.space, bytes[cursor] != ASCII.closeParenthesis { cursor += 1 }
    guard let id = uuid(start..<cursor) else {
      throw error(.invalidID(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<cursor]), as: UTF8.self)))
    }
    return id
  }

  private func uuid(_ range: Range<Int>) -> UUID? {
    // 8-4-4-4-12 hexadecimal digits.
    let start = range.lowerBound
    guard range.count == 36, bytes[start + 8] == ASCII.hyphen, bytes[start + 13] == ASCII.hyphen,
      bytes[start + 18] == ASCII.hyphen, bytes[start + 23] == ASCII.hyphen,
      let a = hexNumber(start, 8), let b = hexNumber(start + 9, 4), let c = hexNumber(start + 14, 4),
      let d = hexNumber(start + 19, 4), let e = hexNumber(start + 24, 12)
    else { return nil }
    let high = a << 32 | b << 16 | c
    let low = d << 48 | e
    return withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { UUID(uuid: $0.load(as: uuid_t.self)) }
  }

  @inline(__always)
  private func hexNumber(_ start: Int, _ count: Int) -> UInt64? {
    var result: UInt64 = 0
    var invalid: UInt8 = 0
    // Checked once at the end, and digits told from letters without branching: hex digits
    // come in random order, so a branch per digit is mispredicted half the time.
    for index in start..<(start + count) {
      let value = hexValue(bytes[index])
      invalid |= value
      result = result << 4 | UInt64(value & 0xF)
    }
    return invalid < 16 ? result : nil
  }

  // MARK: - Attributes

  private struct Attributes {
    var level: Int?
    var exact: (kind: Item.Kind, title: String, tags: [Tag])?
  }

  private func readAttributes(_ range: Range<Int>) throws(TaskDocumentError) -> Attributes {
    var attributes = Attributes()
    var seen: Set<String> = []
    var tagHasValue = false
    var cursor = range.lowerBound
    let end = range.upperBound
    while cursor < end {
      guard bytes[cursor] == ASCII.space else {
        throw error(.malformedItem("expected a space before each attribute in @id(…)"))
      }
      cursor += 1
      let nameStart = cursor
      while cursor < end, bytes[cursor] != ASCII.equals, bytes[cursor] != ASCII.space { cursor += 1 }
      let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<cursor]), as: UTF8.self)
      guard ["level", "kind", "title", "tag", "value"].contains(name) else { throw error(.unknownAttribute(name)) }
      guard cursor < end, bytes[cursor] == ASCII.equals else {
        throw error(.malformedItem("\(name) has no value: write \(name)=…"))
      }
      cursor += 1
      guard name == "tag" || name == "value" || seen.insert(name).inserted else {
        throw error(.malformedItem("\(name)= is given twice"))
      }
      if name != "level", name != "kind", attributes.exact == nil {
        throw error(.malformedItem("\(name)= must come after kind="))
      }

      switch name {
      case "level":
        let word = readWord(&cursor, end: end)
        guard let level = Int(word) else {
          throw error(.malformedItem("level=\(word) is not a whole number"))
        }
        attributes.level = level
      case "kind":
        let word = readWord(&cursor, end: end)
        guard let kind = Item.Kind(rawValue: word) else {
          throw error(.malformedItem("kind=\(word) is not task, project or note"))
        }
        attributes.exact = (kind, "", [])
      case "title":
        attributes.exact?.title = try readQuoted(&cursor, end: end, attribute: name)
      case "tag":
        attributes.exact?.tags.append(Tag(name: try readQuoted(&cursor, end: end, attribute: name)))
        tagHasValue = false
      default:  // "value"
        guard let count = attributes.exact?.tags.count, count > 0, !tagHasValue else {
          throw error(.malformedItem("value= must follow a tag= that has no value yet"))
        }
        // Assigned directly: an empty value is kept as written, not normalised to nil.
        attributes.exact?.tags[count - 1].value = try readQuoted(&cursor, end: end, attribute: name)
        tagHasValue = true
      }
    }
    return attributes
  }

  private func readWord(_ cursor: inout Int, end: Int) -> String {
    let start = cursor
    while cursor < end, bytes[cursor] != ASCII.space { cursor += 1 }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<cursor]), as: UTF8.self)
  }

  private func readQuoted(_ cursor: inout Int, end: Int, attribute: String) throws(TaskDocumentError) -> String {
    guard cursor < end, bytes[cursor] == ASCII.quote else {
      throw error(.malformedItem("\(attribute)= must be followed by a quoted string"))
    }
    cursor += 1
    var result: [UInt8] = []
    while true {
      guard cursor < end else { throw error(.malformedItem("the string of \(attribute)= is not closed by \"")) }
      let byte = bytes[cursor]
      cursor += 1
      if byte == ASCII.quote { break }
      guard byte == ASCII.backslash else {
        result.append(byte)
        continue
      }
      guard cursor < end else { throw error(.malformedItem("the string of \(attribute)= ends in a lone \\")) }
      let escaped = bytes[cursor]
      cursor += 1
      switch escaped {
      case ASCII.backslash, ASCII.quote, ASCII.openParenthesis, ASCII.closeParenthesis: result.append(escaped)
      case 0x6E: result.append(ASCII.lineFeed)  // n
      case 0x72: result.append(ASCII.carriageReturn)  // r
      case 0x74: result.append(ASCII.tab)  // t
      case 0x75:  // u{HEX}
        guard cursor < end, bytes[cursor] == ASCII.openBrace else { throw badEscape(attribute) }
        cursor += 1
        var value: UInt32 = 0
        var digits = 0
        while cursor < end, hexValue(bytes[cursor]) < 16, digits < 6 {
          value = value << 4 | UInt32(hexValue(bytes[cursor]))
          digits += 1
          cursor += 1
        }
        guard digits > 0, cursor < end, bytes[cursor] == ASCII.closeBrace, let scalar = Unicode.Scalar(value) else {
          throw badEscape(attribute)
        }
        cursor += 1
        result.append(contentsOf: String(Character(scalar)).utf8)
      default:
        throw badEscape(attribute)
      }
    }
    if cursor < end, bytes[cursor] != ASCII.space {
      throw error(.malformedItem("expected a space after the string of \(attribute)="))
    }
    return String(decoding: result, as: UTF8.self)
  }

  private func badEscape(_ attribute: String) -> TaskDocumentError {
    error(.malformedItem("invalid escape in the string of \(attribute)=; use \\\\ \\\" \\( \\) \\n \\r \\t or \\u{HEX}"))
  }

  // MARK: - UTF-8

  /// The index of the first byte in `range` that does not belong to a well-formed UTF-8
  /// sequence (no overlong forms, surrogates, or scalars past U+10FFFF), or nil.
  private func firstInvalidUTF8(in range: Range<Int>) -> Int? {
    var index = range.lowerBound
    let end = range.upperBound
    let base = UnsafeRawPointer(bytes.baseAddress!)
    while index < end {
      if end - index >= 8, base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
        index += 8
        continue
      }
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var lower: UInt8 = 0x80
      var upper: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, lower) = (3, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, upper) = (3, 0x9F)
      case 0xF0: (length, lower) = (4, 0x90)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, upper) = (4, 0x8F)
      default: return index
      }
      guard index + 1 < end, (lower...upper).contains(bytes[index + 1]) else { return index }
      for offset in 2..<max(length, 2) {
        guard index + offset < end, bytes[index + offset] & 0xC0 == 0x80 else { return index }
      }
      index += length
    }
    return nil
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

/// The value of a hexadecimal digit, or 16 or more for any other byte.
@inline(__always)
private func hexValue(_ byte: UInt8) -> UInt8 {
  let digit = byte &- 0x30
  let letter = (byte | 0x20) &- 0x61
  return min(digit < 10 ? digit : 0xFF, letter < 6 ? letter &+ 10 : 0xFF)
}
