/// How many terminal columns text takes: what lines text up in columns, where counting
/// characters would shift the columns after a wide name such as `@日本`. A ``Canvas`` lays text
/// out by it; `taskman`'s line output aligns its columns by it too.
///
/// By character (grapheme cluster): one that is East Asian wide or fullwidth, or an emoji shown
/// as an emoji, takes two columns; one that is only a combining mark or a zero-width character
/// takes none; any other takes one.
///
/// ```swift
/// DisplayWidth.of("@日本")  // 5
/// DisplayWidth.of("cafe\u{301}")  // 4
/// ```
public enum DisplayWidth {
  /// The columns `text` takes on a terminal.
  public static func of(_ text: String) -> Int {
    // ASCII text, the usual case, is one column a byte (controls are made printable before text is measured).
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
    return text.reduce(0) { $0 + of($1) }
  }

  /// The columns one character takes: 0, 1 or 2.
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.contains(where: { isWide($0) || $0.properties.isEmojiPresentation }) { return 2 }
    // A text-style symbol followed by VS16 is shown as an emoji.
    if scalars.count > 1, scalars.contains("\u{FE0F}"), first.properties.isEmoji { return 2 }
    return isZeroWidth(first) ? 0 : 1
  }

  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: break
    }
    switch scalar.value {
    case 0x1160...0x11FF,  // Hangul jungseong and jongseong, which join the syllable before them
      0xFE00...0xFE0F, 0xE0100...0xE01EF:  // variation selectors
      return true
    default:
      return false
    }
  }

  /// East Asian Wide (W) and Fullwidth (F) characters, by Unicode's EastAsianWidth ranges
  /// (emoji are decided by their presentation instead).
  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F,  // Hangul jamo initials
      0x2329...0x232A,  // angle brackets
      0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols
      0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility jamo, CJK compatibility
      0x3400...0x4DBF,  // CJK extension A
      0x4E00...0x9FFF,  // CJK unified ideographs
      0xA000...0xA4CF,  // Yi
      0xA960...0xA97F,  // Hangul jamo extended A
      0xAC00...0xD7A3,  // Hangul syllables
      0xF900...0xFAFF,  // CJK compatibility ideographs
      0xFE10...0xFE19,  // vertical forms
      0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
      0xFF00...0xFF60,  // fullwidth forms
      0xFFE0...0xFFE6,  // fullwidth signs
      0x16FE0...0x18CFF,  // Tangut, Khitan and their components
      0x1AFF0...0x1B2FF,  // Kana supplement and extensions, Nüshu
      0x1F200...0x1F2FF,  // enclosed ideographic supplement
      0x20000...0x2FFFD,  // CJK extensions B to F, compatibility supplement
      0x30000...0x3FFFD:  // CJK extensions G and H
      return true
    default:
      return false
    }
  }
}
