import Foundation

/// Writes a ``TaskDocument`` into a byte buffer; see `Documentation/TaskDocumentFormat.md`.
struct TaskDocumentEncoder {
  private(set) var output: [UInt8] = []
  private var scratch: [TagSyntax.Match] = []

  mutating func append(_ outline: Outline) {
    // About 60 bytes per item for a typical task line; a guess only saves regrowing.
    output.reserveCapacity(32 + outline.items.count * 64)
    output.append(contentsOf: TaskDocument.header.utf8)
    output.append(ASCII.lineFeed)
    appendItems(outline.items)
  }

  /// Appends bytes written by another encoder.
  mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
    output.append(contentsOf: bytes)
  }

  /// Appends one line of text and a line break, for the history's own lines.
  mutating func appendLine(_ text: String) {
    output.append(contentsOf: text.utf8)
    output.append(ASCII.lineFeed)
  }

  /// Appends the lines of `items` and their descendants, the first at depth 0; returns how many
  /// lines that was.
  @discardableResult
  mutating func appendItems(_ items: [Item]) -> Int {
    var lines = 0
    var stack: [(items: [Item], index: Int)] = [(items, 0)]
    // Frames are read in place rather than copied out, which would retain their contents per item.
    while !stack.isEmpty {
      let last = stack.count - 1
      let index = stack[last].index
      guard index < stack[last].items.count else {
        stack.removeLast()
        continue
      }
      stack[last].index = index + 1
      let item = stack[last].items[index]
      appendLine(item, depth: last)
      lines += 1
      if !item.children.isEmpty { stack.append((item.children, 0)) }
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
    var text: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &text) { text in
      withUnsafeBytes(of: id.uuid) { raw in
        var position = 0
        for index in 0..<16 {
          if index == 4 || index == 6 || index == 8 || index == 10 {
            text[position] = ASCII.hyphen
            position += 1
          }
          text[position] = hexDigit(raw[index] >> 4)
          text[position + 1] = hexDigit(raw[index] & 0x0F)
          position += 2
        }
      }
      output.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[0..<36]))
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

@inline(__always)
private func hexDigit(_ nibble: UInt8) -> UInt8 {
  nibble < 10 ? 0x30 + nibble : 0x37 + nibble
}

private func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
  rhs.withUTF8Bytes { sameBytes(lhs, $0) }
}

private func sameBytes(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  text.withUTF8Bytes { text in
    text.count == bytes.count && (bytes.isEmpty || memcmp(text.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
  }
}
