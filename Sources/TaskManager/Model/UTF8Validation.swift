/// Checks UTF-8 without making a string of it: `String(validating:)` copies the bytes into a
/// new string, a large allocation for a whole file that is then dropped.
enum UTF8Validation {
  /// The length of the well-formed UTF-8 sequence at `index`, or nil when the bytes there are
  /// not one (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
  @inline(__always)
  static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
    let lead = bytes[index]
    if lead < 0x80 { return 1 }
    // The range the second byte must be in, after each lead byte; later ones are 80...BF.
    let length: Int
    let second: ClosedRange<UInt8>
    switch lead {
    case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
    case 0xE0: (length, second) = (3, 0xA0...0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
    case 0xED: (length, second) = (3, 0x80...0x9F)
    case 0xF0: (length, second) = (4, 0x90...0xBF)
    case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
    case 0xF4: (length, second) = (4, 0x80...0x8F)
    default: return nil
    }
    guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return nil }
    for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return nil }
    return length
  }

  /// Whether `bytes` are well-formed UTF-8, as `String(validating:as:)` decides; ASCII, most
  /// of any TaskPaper file, eight bytes at a time.
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = UnsafeRawPointer(bytes.baseAddress) else { return true }
    let count = bytes.count
    var index = 0
    while index < count {
      if index + 8 <= count, base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
        index += 8
        continue
      }
      guard let length = sequenceLength(bytes, at: index) else { return false }
      index += length
    }
    return true
  }
}
