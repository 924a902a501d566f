import Foundation

extension UUID {
  /// The id as the journal writes it: lower-case hex in 8-4-4-4-12 groups
  /// (`3f2a9c1b-0d4e-4c5f-9a7b-1c2d3e4f5a6b`).
  ///
  /// Written out here rather than `uuidString.lowercased()`, which formats through `sprintf`
  /// and copies twice: a change of a thousand items writes four ids for each.
  var lowercasedText: String { hexText(dashed: true) }

  /// The 32 hex digits in lower case, without dashes: what `@id` searches and short ids read.
  var lowercasedDigits: String { hexText(dashed: false) }

  /// Whether the id comes before `other` in the order of their `uuidString`s, which is the
  /// order of their bytes (hex keeps it): for output that must not depend on a dictionary's
  /// order, without making a string per comparison.
  func precedesInTextOrder(_ other: UUID) -> Bool {
    withUnsafeBytes(of: uuid) { left in
      withUnsafeBytes(of: other.uuid) { right in left.lexicographicallyPrecedes(right) }
    }
  }

  private func hexText(dashed: Bool) -> String {
    let digits: StaticString = "0123456789abcdef"
    return String(unsafeUninitializedCapacity: dashed ? 36 : 32) { text in
      withUnsafeBytes(of: uuid) { bytes in
        digits.withUTF8Buffer { digits in
          var at = 0
          for (offset, byte) in bytes.enumerated() {
            if dashed, offset == 4 || offset == 6 || offset == 8 || offset == 10 {
              text[at] = UInt8(ascii: "-")
              at += 1
            }
            text[at] = digits[Int(byte >> 4)]
            text[at + 1] = digits[Int(byte & 0x0F)]
            at += 2
          }
          return at
        }
      }
    }
  }
}
