import Foundation

/// ASCII bytes the TaskPaper syntax cares about; everything else is text.
enum ASCII {
  static let tab: UInt8 = 0x09
  static let lineFeed: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D
  static let space: UInt8 = 0x20
  static let hyphen: UInt8 = 0x2D
  static let dot: UInt8 = 0x2E
  static let colon: UInt8 = 0x3A
  static let at: UInt8 = 0x40
  static let openParenthesis: UInt8 = 0x28
  static let closeParenthesis: UInt8 = 0x29
  static let backslash: UInt8 = 0x5C
  static let underscore: UInt8 = 0x5F
  static let quote: UInt8 = 0x22
  static let equals: UInt8 = 0x3D
  static let openBrace: UInt8 = 0x7B
  static let closeBrace: UInt8 = 0x7D

  /// Indentation and tag-separating whitespace: only tab and space, as in TaskPaper.
  @inline(__always)
  static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }

  /// Whitespace dropped at the end of a line's text. A stray `\r` counts so that a line never
  /// prints with `\r` right before its `\n`, which the parser would then read as CRLF.
  @inline(__always)
  static func isTrailingSpace(_ byte: UInt8) -> Bool { byte == space || byte == tab || byte == carriageReturn }
}

extension Data {
  /// The UTF-8 bytes of `text`, copied at once: `Data(text.utf8)` is generic over the bytes'
  /// sequence, and its first use in a process looks up conformances at run time.
  init(utf8Of text: String) {
    self = text.withUTF8Bytes { bytes in
      bytes.baseAddress.map { Data(bytes: $0, count: bytes.count) } ?? Data()
    }
  }
}

extension String {
  /// Runs `body` over the string's UTF-8 bytes without copying a native string.
  @inline(__always)
  func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    var copy = self
    return try copy.withUTF8(body)
  }
}

/// Decodes one scalar of UTF-8 bytes where the byte-level readers need to know what a non-ASCII
/// character is (a letter after a task's `-`, a tag name's character).
enum UTF8Scalar {
  /// The scalar starting at `index` and its length in bytes, or nil for bytes that are not one.
  static func decodeWithLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> (Unicode.Scalar, Int)? {
    let lead = bytes[index]
    let length: Int
    var value: UInt32
    switch lead {
    case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
    case 0xC0...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
    case 0xF0...0xF7: (length, value) = (4, UInt32(lead & 0x07))
    default: return nil
    }
    guard index + length <= end else { return nil }
    for offset in 1..<length {
      let continuation = bytes[index + offset]
      guard continuation & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(continuation & 0x3F)
    }
    return Unicode.Scalar(value).map { ($0, length) }
  }

  /// The scalar starting at `index`, or nil for bytes that are not one.
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Unicode.Scalar? {
    decodeWithLength(bytes, at: index, end: end)?.0
  }
}
