import Foundation

/// The byte-level tag grammar shared by the parser, the printer and tag editing, so the three
/// can never disagree about where a tag starts and ends.
///
/// A tag is `@` at the start of the text or after a tab or space, then one or more name
/// characters, then optionally `(value)`. The value runs to the first `)` not written `\)`, and
/// holds no unescaped parenthesis (as the TaskPaper app reads it); `\(` and `\)` stand for
/// parentheses. Without such a closing `)` the tag has no value and the `(` is ordinary text, so
/// in `@due(2020 @done(2026-11-28)` only `@done` is a tag.
enum TagSyntax {
  /// Where one tag sits in a byte buffer.
  struct Match {
    /// Index of the `@`.
    var start: Int
    /// One past the last name byte.
    var nameEnd: Int
    /// The raw (still escaped) value bytes between the parentheses, if the tag has a value.
    var value: Range<Int>?
    /// One past the tag: after the name, or after the closing `)`.
    var end: Int
  }

  /// The byte length of the name character at `index`, or 0 if it is not one.
  ///
  /// ASCII is decided inline because it is the common case; other scalars are names when they
  /// are letters, combining marks (so decomposed accents stay in the name) or decimal digits.
  @inline(__always)
  static func nameCharacterLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int {
    let byte = bytes[index]
    if byte < 0x80 {
      switch byte {
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, ASCII.underscore, ASCII.hyphen, ASCII.dot: return 1
      default: return 0
      }
    }
    return nonASCIINameCharacterLength(bytes, at: index, end: end)
  }

  private static func nonASCIINameCharacterLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int {
    guard let (scalar, length) = UTF8Scalar.decodeWithLength(bytes, at: index, end: end) else { return 0 }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
      return length
    default:
      return 0
    }
  }

  /// Scans a title, which a project's line follows with its `:`: there a tag cannot end at the
  /// title's end (`Home @x:` has no tag), and the text it would have covered is scanned on, as
  /// the parser reading the whole line does.
  static func scanTitle(
    _ bytes: UnsafeBufferPointer<UInt8>, from lower: Int, to upper: Int, followedByColon: Bool, into matches: inout [Match]
  ) {
    scan(bytes, from: lower, to: upper, upperIsBoundary: !followedByColon, into: &matches)
  }

  /// Appends every tag in `lower..<upper` to `matches`; `lower` counts as a tag boundary, and
  /// `upper` too unless `upperIsBoundary` is false (a `:` follows).
  ///
  /// Linear time: a `(` or `)` is escaped exactly when the byte before it is `\` (a backslash is
  /// never itself the second half of an escape), so once a value search from some position runs
  /// into an unescaped `(` (or the end), every search starting before it fails too and is skipped.
  static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, from lower: Int, to upper: Int, upperIsBoundary: Bool = true,
    into matches: inout [Match]
  ) {
    var index = lower
    var unclosedUntil = lower
    while index < upper {
      // Most of a line is text: jump to its next `@`.
      guard let at = memchr(bytes.baseAddress! + index, Int32(ASCII.at), upper - index) else { return }
      index = UnsafeRawPointer(at) - UnsafeRawPointer(bytes.baseAddress!)
      guard index == lower || ASCII.isBlank(bytes[index - 1]) else {
        index += 1
        continue
      }
      var nameEnd = index + 1
      while nameEnd < upper {
        let length = nameCharacterLength(bytes, at: nameEnd, end: upper)
        if length == 0 { break }
        nameEnd += length
      }
      guard nameEnd > index + 1 else {
        index += 1
        continue
      }
      var match = Match(start: index, nameEnd: nameEnd, value: nil, end: nameEnd)
      if nameEnd < upper, bytes[nameEnd] == ASCII.openParenthesis, nameEnd + 1 >= unclosedUntil {
        let valueStart = nameEnd + 1
        var cursor = valueStart
        while cursor < upper {
          let byte = bytes[cursor]
          if byte == ASCII.closeParenthesis || byte == ASCII.openParenthesis { break }
          if byte == ASCII.backslash, cursor + 1 < upper,
            bytes[cursor + 1] == ASCII.openParenthesis || bytes[cursor + 1] == ASCII.closeParenthesis
          {
            cursor += 2
          } else {
            cursor += 1
          }
        }
        if cursor < upper, bytes[cursor] == ASCII.closeParenthesis {
          match.value = valueStart..<cursor
          match.end = cursor + 1
        } else {
          // Every value opened before `cursor` runs into the same `(` or end of the line.
          unclosedUntil = cursor + 1
        }
      }
      // A tag ends at whitespace or the end of the line: `@25%`, `@due(2020` and
      // `@tag(value).` are text, as the TaskPaper app reads them.
      guard match.end == upper ? upperIsBoundary : ASCII.isTrailingSpace(bytes[match.end]) else {
        index += 1
        continue
      }
      matches.append(match)
      index = match.end
    }
  }

  /// The first `@name(` in `text` (at the start or after a tab or space) whose value is never
  /// closed by a `)` before another `(`, as written (`@due(`); nil when there is none.
  static func unclosedValueOpener(in text: String) -> String? {
    text.withUTF8Bytes { bytes -> String? in
      var index = 0
      while index < bytes.count {
        defer { index += 1 }
        guard bytes[index] == ASCII.at, index == 0 || ASCII.isBlank(bytes[index - 1]) else { continue }
        var nameEnd = index + 1
        while nameEnd < bytes.count {
          let length = nameCharacterLength(bytes, at: nameEnd, end: bytes.count)
          if length == 0 { break }
          nameEnd += length
        }
        guard nameEnd > index + 1, nameEnd < bytes.count, bytes[nameEnd] == ASCII.openParenthesis else { continue }
        var cursor = nameEnd + 1
        var closed = false
        while cursor < bytes.count {
          if bytes[cursor] == ASCII.backslash, cursor + 1 < bytes.count,
            bytes[cursor + 1] == ASCII.openParenthesis || bytes[cursor + 1] == ASCII.closeParenthesis
          {
            cursor += 2
            continue
          }
          if bytes[cursor] == ASCII.closeParenthesis {
            closed = true
            break
          }
          if bytes[cursor] == ASCII.openParenthesis { break }
          cursor += 1
        }
        if !closed { return string(bytes, index..<(nameEnd + 1)) }
      }
      return nil
    }
  }

  /// The tag a match describes, with the value unescaped (`@t()` gives a `nil` value).
  static func tag(_ bytes: UnsafeBufferPointer<UInt8>, _ match: Match) -> Tag {
    let name = string(bytes, match.start + 1..<match.nameEnd)
    guard let range = match.value, !range.isEmpty else { return Tag(name: name, value: nil) }
    return Tag(name: name, value: unescapedValue(bytes, range))
  }

  static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  private static func unescapedValue(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    // Most values have no backslash: decode them straight from the input.
    guard bytes[range].contains(ASCII.backslash) else { return string(bytes, range) }
    var result: [UInt8] = []
    result.reserveCapacity(range.count)
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = bytes[index]
      if byte == ASCII.backslash, index + 1 < range.upperBound,
        bytes[index + 1] == ASCII.openParenthesis || bytes[index + 1] == ASCII.closeParenthesis
      {
        result.append(bytes[index + 1])
        index += 2
      } else {
        result.append(byte)
        index += 1
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// Appends the canonical text of `tag`: `@name` or `@name(value)` with `(`, `)` escaped and
  /// `\n` turned into a space (a value lives on one line; a `\r` inside is harmless because `)`
  /// follows it). A value ending in `\` gets a space so its `)` is not read as escaped; the parser
  /// never produces such a value.
  static func append(_ tag: Tag, to output: inout [UInt8]) {
    output.append(ASCII.at)
    output.append(contentsOf: tag.name.utf8)
    guard let value = tag.value, !value.isEmpty else { return }
    output.append(ASCII.openParenthesis)
    for byte in value.utf8 {
      switch byte {
      case ASCII.openParenthesis, ASCII.closeParenthesis:
        output.append(ASCII.backslash)
        output.append(byte)
      case ASCII.lineFeed:
        output.append(ASCII.space)
      default:
        output.append(byte)
      }
    }
    // No escape for a backslash exists, and `\)` would escape the closing parenthesis.
    if output.last == ASCII.backslash { output.append(ASCII.space) }
    output.append(ASCII.closeParenthesis)
  }
}
