import Testing

import TerminalUI

@Suite("Columns text takes on a terminal")
struct DisplayWidthTests {
  @Test func wideCharactersTakeTwoColumnsAndCombiningMarksNone() {
    #expect(DisplayWidth.of("@home") == 5)
    #expect(DisplayWidth.of("") == 0)
    #expect(DisplayWidth.of("@日本") == 5)
    #expect(DisplayWidth.of("한국어") == 6)
    #expect(DisplayWidth.of("ｆｕｌｌ") == 8)
    #expect(DisplayWidth.of("cafe\u{301}") == 4)
    #expect(DisplayWidth.of("café") == 4)
    #expect(DisplayWidth.of("🍮 pudding") == 10)
    #expect(DisplayWidth.of("👨‍👩‍👧") == 2, "a joined emoji is one picture")
    #expect(DisplayWidth.of("🇫🇷") == 2)
    #expect(DisplayWidth.of("❤️") == 2, "a text symbol shown as emoji")
    #expect(DisplayWidth.of("a\u{200B}b") == 2, "a zero-width space takes none")
  }
}
