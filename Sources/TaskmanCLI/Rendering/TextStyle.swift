import Foundation

/// Colours parts of the text output with ANSI escapes, or leaves them plain when colour is off.
struct TextStyle: Hashable, Sendable {
  /// Whether escapes are written at all.
  var isColored: Bool

  static let plain = TextStyle(isColored: false)

  /// A short id.
  func id(_ text: String) -> String { paint(text, "33") }
  /// A tag, `@due(2026-12-01)`.
  func tag(_ text: String) -> String { paint(text, "36") }
  /// A project name.
  func project(_ text: String) -> String { paint(text, "34") }
  /// Something finished or secondary.
  func dim(_ text: String) -> String { paint(text, "2") }
  /// A heading.
  func bold(_ text: String) -> String { paint(text, "1") }
  /// Something past its date.
  func overdue(_ text: String) -> String { paint(text, "31") }

  private func paint(_ text: String, _ code: String) -> String {
    guard isColored, !text.isEmpty else { return text }
    // Text painted already (an id inside a dimmed row) ends its colour with a reset, which
    // would end this one too: start this one again after each.
    let reset = "\u{1B}[0m"
    let inner = text.contains(reset) ? text.replacingOccurrences(of: reset, with: reset + "\u{1B}[\(code)m") : text
    return "\u{1B}[\(code)m\(inner)\(reset)"
  }

  /// `text` with control characters and bidirectional controls shown as `�`, so text from the
  /// data file cannot move the cursor or retitle the terminal of whoever lists it, nor show
  /// itself in another order than it has (`invoice<U+202E>fdp.exe` as `invoiceexe.pdf`).
  /// With `keepingLayout`, line feeds and tabs (TaskPaper's lines and indentation) stay.
  static func printable(_ text: String, keepingLayout: Bool = false) -> String {
    func isHidden(_ scalar: Unicode.Scalar) -> Bool {
      (InputText.isControl(scalar) && !(keepingLayout && (scalar == "\n" || scalar == "\t")))
        || InputText.isBidiControl(scalar)
    }
    guard text.unicodeScalars.contains(where: isHidden) else { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      scalars.append(isHidden(scalar) ? "\u{FFFD}" : scalar)
    }
    return String(scalars)
  }

  /// Makes the UTF-8 text in `bytes[start...]` printable as ``printable(_:keepingLayout:)``
  /// does, in place; it looks at bytes, so text without controls (nearly all) costs one pass.
  static func makePrintable(_ bytes: inout [UInt8], from start: Int) {
    let hasControl = bytes.withUnsafeBufferPointer { bytes in
      // C0 controls and DEL are single bytes; C1 controls (U+0080 to U+009F) are 0xC2 0x80–0x9F;
      // the bidirectional controls are 0xD8 0x9C (U+061C), 0xE2 0x80 0x8E–0x8F and 0xAA–0xAE
      // (U+200E, U+200F, U+202A to U+202E) and 0xE2 0x81 0xA6–0xA9 (U+2066 to U+2069).
      var index = start
      while index < bytes.count {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F || (byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] < 0xA0) {
          return true
        }
        if byte == 0xD8 && index + 1 < bytes.count && bytes[index + 1] == 0x9C { return true }
        if byte == 0xE2 && index + 2 < bytes.count {
          let second = bytes[index + 1]
          let third = bytes[index + 2]
          if second == 0x80 && (third == 0x8E || third == 0x8F || (0xAA...0xAE).contains(third)) { return true }
          if second == 0x81 && (0xA6...0xA9).contains(third) { return true }
        }
        index += 1
      }
      return false
    }
    guard hasControl else { return }
    let text = printable(String(decoding: bytes[start...], as: UTF8.self))
    bytes.replaceSubrange(start..., with: text.utf8)
  }
}
