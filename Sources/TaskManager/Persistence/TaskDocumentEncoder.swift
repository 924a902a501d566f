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
        let read = TagSyntax.tag(bytes, match)
        guard sameBytes(read.name, tag.name) else { return false }
        switch (read.value, tag.value) {
        case (nil, nil): continue
        case let (read?, value?) where sameBytes(read, value): continue
        default: return false
        }
      }
      return true
    }
  }

  private mutating func append(_ ascii: String) {
    output.append(contentsOf: ascii.utf8)
  }

  private mutating func appendUUID(_ id: UUID) {
    withUnsafeBytes(of: id.uuid) { raw in
      for (index, byte) in raw.enumerated() {
        if index == 4 || index == 6 || index == 8 || index == 10 { output.append(ASCII.hyphen) }
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0x0F)])
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

private let hexDigits = Array("0123456789ABCDEF".utf8)

private func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
  lhs.utf8.count == rhs.utf8.count && lhs.utf8.elementsEqual(rhs.utf8)
}

private func sameBytes(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  text.utf8.count == bytes.count && text.withUTF8Bytes { $0.elementsEqual(bytes) }
}
