import Foundation

/// Writes a ``TaskDocument`` into a byte buffer; see `Documentation/TaskmanTasksV1.md`.
struct TaskDocumentEncoder {
  private(set) var output: [UInt8] = []
  private var scratch: [TagSyntax.Match] = []

  mutating func append(_ outline: Outline) {
    // Room for about 128 bytes per item at any depth (a typical task line is 60 to 120), so
    // the buffer is not copied as it grows; pages never written cost no memory.
    output.reserveCapacity(32 + outline.itemCount * 128)
    output.append(contentsOf: TaskDocument.header.utf8)
    output.append(ASCII.lineFeed)
    appendItems(outline.items)
  }

  /// Appends the lines of `items` and their descendants, the first at depth 0; returns how many
  /// lines that was.
  @discardableResult
  mutating func appendItems(_ items: [Item]) -> Int {
    var lines = 0
    var walk = OutlineWalk(items)
    while walk.next() {
      appendLine(walk.item, depth: walk.depth)
      lines += 1
    }
    return lines
  }

  private mutating func appendLine(_ item: Item, depth: Int) {
    for _ in 0..<depth { output.append(ASCII.tab) }
    let textStart = output.count
    if !item.isBlank { TaskPaperPrinter.appendLine(item, to: &output, scratch: &scratch) }
    let readsBack = textReadsBack(item, from: textStart)
    if output.count > textStart { output.append(ASCII.space) }

    append("@id(")
    appendUUID(item.id)
    if item.level != depth {
      append(" level=")
      append(String(item.level))
    }
    if !readsBack {
      append(" kind=")
      append(item.kind.rawValue)
      if !item.title.isEmpty {
        append(" title=")
        appendQuoted(item.title)
      }
      for tag in item.tags {
        append(" tag=")
        appendQuoted(tag.name)
        if let value = tag.value {
          append(" value=")
          appendQuoted(value)
        }
      }
    }
    output.append(ASCII.closeParenthesis)
    output.append(ASCII.lineFeed)
  }

  /// Whether the TaskPaper text just written from `textStart` reads back as `item`'s kind, title
  /// and tags, byte for byte (String equality would accept a differently normalised title).
  private mutating func textReadsBack(_ item: Item, from textStart: Int) -> Bool {
    output.withUnsafeBufferPointer { bytes in
      let line = TaskPaperParser.parseLine(bytes, textStart, bytes.count, asTask: false, matches: &scratch)
      guard line.kind == item.kind, scratch.count == item.tags.count,
        sameBytes(item.title, UnsafeBufferPointer(rebasing: bytes[line.title]))
      else { return false }
      for (match, tag) in zip(scratch, item.tags) {
        guard sameBytes(tag.name, UnsafeBufferPointer(rebasing: bytes[(match.start + 1)..<match.nameEnd])) else {
          return false
        }
        guard let range = match.value, !range.isEmpty else {
          if tag.value == nil { continue } else { return false }
        }
        guard let value = tag.value else { return false }
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        // Most values have no escapes; others are compared once unescaped.
        if raw.contains(ASCII.backslash) {
          guard sameBytes(TagSyntax.tag(bytes, match).value ?? "", value) else { return false }
        } else {
          guard sameBytes(value, raw) else { return false }
        }
      }
      return true
    }
  }

  private mutating func append(_ ascii: String) {
    output.append(contentsOf: ascii.utf8)
  }

  /// The canonical upper-case form, as `uuidString` writes it, without creating a String.
  private mutating func appendUUID(_ id: UUID) {
    let (high, low) = withUnsafeBytes(of: id.uuid) {
      (
        UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)),
        UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      )
    }
    // The 32 digits, eight at a time, then the hyphens of the 8-4-4-4-12 groups put in.
    let digits = (
      hexDigits(UInt32(truncatingIfNeeded: high >> 32)), hexDigits(UInt32(truncatingIfNeeded: high)),
      hexDigits(UInt32(truncatingIfNeeded: low >> 32)), hexDigits(UInt32(truncatingIfNeeded: low))
    )
    var text: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
    withUnsafeBytes(of: digits) { digits in
      withUnsafeMutableBytes(of: &text) { text in
        let from = digits.baseAddress!
        let to = text.baseAddress!
        to.copyMemory(from: from, byteCount: 8)
        (to + 9).copyMemory(from: from + 8, byteCount: 4)
        (to + 14).copyMemory(from: from + 12, byteCount: 4)
        (to + 19).copyMemory(from: from + 16, byteCount: 4)
        (to + 24).copyMemory(from: from + 20, byteCount: 12)
        text[8] = ASCII.hyphen
        text[13] = ASCII.hyphen
        text[18] = ASCII.hyphen
        text[23] = ASCII.hyphen
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[0..<36]))
      }
    }
  }

  /// A double-quoted string in which `\`, `"`, `(`, `)` are backslash-escaped, line breaks and
  /// tabs are `\n` `\r` `\t`, and `@` and other control characters are `\u{HEX}`; so the
  /// `@id(…)` holds no `@` but its own, no line break, and stays one TaskPaper tag.
  private mutating func appendQuoted(_ text: String) {
    output.append(ASCII.quote)
    for byte in text.utf8 {
      switch byte {
      case ASCII.backslash, ASCII.quote, ASCII.openParenthesis, ASCII.closeParenthesis:
        output.append(ASCII.backslash)
        output.append(byte)
      case ASCII.lineFeed: append("\\n")
      case ASCII.carriageReturn: append("\\r")
      case ASCII.tab: append("\\t")
      case ASCII.at, 0x00..<0x20, 0x7F:
        append("\\u{")
        append(String(byte, radix: 16, uppercase: true))
        output.append(ASCII.closeBrace)
      default:
        output.append(byte)
      }
    }
    output.append(ASCII.quote)
  }
}

/// The eight upper-case hex digits of `value`, most significant first in memory order.
///
/// Each nibble is spread into a byte of its own, then made a digit: `0x30` added to all, and 7
/// more to those of 10 or more (found by adding 6, which carries into bit 4 exactly for them),
/// without a branch per digit.
@inline(__always)
private func hexDigits(_ value: UInt32) -> UInt64 {
  var x = UInt64(value)
  x = (x & 0xFFFF_0000) << 16 | (x & 0x0000_FFFF)
  x = (x & 0x0000_FF00_0000_FF00) << 8 | (x & 0x0000_00FF_0000_00FF)
  x = (x & 0x00F0_00F0_00F0_00F0) << 4 | (x & 0x000F_000F_000F_000F)
  let letters = ((x &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
  x = x &+ 0x3030_3030_3030_3030 &+ letters &* 7
  // The most significant digit is in the top byte; memory order puts the first byte lowest.
  return x.bigEndian
}

private func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
  rhs.withUTF8Bytes { sameBytes(lhs, $0) }
}

private func sameBytes(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  text.withUTF8Bytes { text in
    text.count == bytes.count && (bytes.isEmpty || memcmp(text.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
  }
}
