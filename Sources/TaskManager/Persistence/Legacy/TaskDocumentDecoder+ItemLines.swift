import Foundation

extension TaskDocumentDecoder {
  mutating func decodeItem(_ range: Range<Int>) throws(TaskDocumentError) -> (Item, depth: Int) {
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

/// The value of a hexadecimal digit, or 16 or more for any other byte.
@inline(__always)
private func hexValue(_ byte: UInt8) -> UInt8 {
  let digit = byte &- 0x30
  let letter = (byte | 0x20) &- 0x61
  return min(digit < 10 ? digit : 0xFF, letter < 6 ? letter &+ 10 : 0xFF)
}
