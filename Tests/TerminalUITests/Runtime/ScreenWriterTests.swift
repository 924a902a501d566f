import Testing
import TerminalUI

/// The diff writer, checked by what a terminal shows after reading its bytes, and by how many
/// bytes it writes.
struct ScreenWriterTests {
  /// Some text drawn at a place in a style: frames are made of these, so that the same
  /// drawing gives the frame with colours and without.
  struct Drawing {
    var text: String
    var column: Int
    var row: Int
    var style: Style
  }

  static func frame(_ drawings: [Drawing], width: Int, height: Int, colors: Bool = true) -> Frame {
    var canvas = Canvas(width: width, height: height)
    for drawing in drawings {
      canvas.draw(drawing.text, column: drawing.column, row: drawing.row, style: colors ? drawing.style : drawing.style.withoutColors)
    }
    return canvas.frame
  }

  static func randomDrawings(_ generator: inout SeededGenerator, width: Int, height: Int, count: Int) -> [Drawing] {
    let words = ["hello", "日本語", "🙂x", "a", "tag @done", "ünï", "  ", "界🙂界", "e\u{301}"]
    let styles: [Style] = [
      .plain, Style(bold: true), Style(reverse: true), Style(foreground: .cyan), Style(foreground: .palette(208), underline: true),
      Style(foreground: .brightRed, background: .blue, dim: true), Style(italic: true),
    ]
    return (0..<count).map { _ in
      Drawing(
        text: words[Int(generator.next() % UInt64(words.count))],
        column: Int(generator.next() % UInt64(width)),
        row: Int(generator.next() % UInt64(height)),
        style: styles[Int(generator.next() % UInt64(styles.count))]
      )
    }
  }

  @Test(arguments: 0..<40) func theScreenShowsEachFrameWritten(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed))
    let width = 5 + Int(generator.next() % 20)
    let height = 1 + Int(generator.next() % 6)
    let colors = seed % 4 != 3
    var writer = ScreenWriter(colors: colors)
    var terminal = TerminalEmulator(width: width, height: height)
    var drawings: [Drawing] = []
    for _ in 0..<6 {
      // Each frame keeps some of the last one's drawing, so that most cells do not change.
      drawings = Array(drawings.prefix(Int(generator.next() % UInt64(drawings.count + 1))))
      drawings += Self.randomDrawings(&generator, width: width, height: height, count: 1 + Int(generator.next() % 8))
      terminal.feed(writer.update(to: Self.frame(drawings, width: width, height: height)))
      #expect(terminal.problems == [])
      #expect(terminal.frame == Self.frame(drawings, width: width, height: height, colors: colors))
    }
  }

  @Test func theBottomRightCellIsWrittenWithoutScrolling() {
    var writer = ScreenWriter(colors: true)
    var terminal = TerminalEmulator(width: 4, height: 2)
    let full = Self.frame([Drawing(text: "abcd", column: 0, row: 0, style: .plain), Drawing(text: "efgh", column: 0, row: 1, style: .plain)], width: 4, height: 2)
    terminal.feed(writer.update(to: full))
    let changed = Self.frame([Drawing(text: "abcd", column: 0, row: 0, style: .plain), Drawing(text: "efgX", column: 0, row: 1, style: .plain)], width: 4, height: 2)
    terminal.feed(writer.update(to: changed))
    #expect(terminal.problems == [])
    #expect(terminal.frame.lines == ["abcd", "efgX"])
  }

  /// A terminal that makes "❤️" narrower (or wider) than the writer thinks still shows the rest
  /// of the row in its place: after a character that is not ASCII the writer moves absolutely.
  @Test(arguments: [1, 3]) func aSymbolOfDisputedWidthDoesNotShiftTheRestOfTheRow(terminalWidth: Int) {
    var writer = ScreenWriter(colors: true)
    var terminal = TerminalEmulator(width: 10, height: 1)
    terminal.widths["❤️"] = terminalWidth
    let text = { (row: String) in
      Self.frame([Drawing(text: "❤️", column: 0, row: 0, style: .plain), Drawing(text: row, column: 4, row: 0, style: .plain)], width: 10, height: 1)
    }
    terminal.feed(writer.update(to: text("ab")))
    #expect(terminal.cells[0][4...5].map(\.character) == ["a", "b"])
    terminal.feed(writer.update(to: text("ac")))
    #expect(terminal.cells[0][4...5].map(\.character) == ["a", "c"])
    let shifted = Self.frame([Drawing(text: "❤️xyz", column: 0, row: 0, style: .plain)], width: 10, height: 1)
    terminal.feed(writer.update(to: shifted))
    #expect(terminal.cells[0][2...4].map(\.character) == ["x", "y", "z"])
    #expect(terminal.problems == [])
  }

  @Test func aWideCharacterIsWrittenOnceAndItsContinuationSkipped() {
    var writer = ScreenWriter(colors: true)
    _ = writer.update(to: Frame(width: 6, height: 1))
    let bytes = writer.update(to: Self.frame([Drawing(text: "日本", column: 1, row: 0, style: .plain)], width: 6, height: 1))
    // One unchanged blank rewritten is shorter than a cursor move; a CJK ideograph is two
    // columns on every terminal, so the next one follows with no move.
    #expect(String(decoding: bytes, as: UTF8.self) == " 日本")
    // After an emoji with a variation selector (one column on some terminals, two on others)
    // the cursor's place is not trusted, and the next character is placed absolutely.
    let emoji = writer.update(to: Self.frame([Drawing(text: "❤️字", column: 1, row: 0, style: .plain)], width: 6, height: 1))
    #expect(String(decoding: emoji, as: UTF8.self) == "\u{1B}[4D❤️\u{1B}[1;4H字")
  }

  @Test func nothingChangedWritesNothing() {
    var writer = ScreenWriter(colors: true)
    let frame = Self.frame([Drawing(text: "same", column: 0, row: 0, style: Style(bold: true))], width: 10, height: 3)
    _ = writer.update(to: frame)
    #expect(writer.update(to: frame).isEmpty)
  }

  @Test func aNewSizeClearsAndRepaints() {
    var writer = ScreenWriter(colors: true)
    _ = writer.update(to: Self.frame([Drawing(text: "old", column: 0, row: 0, style: .plain)], width: 10, height: 3))
    var terminal = TerminalEmulator(width: 12, height: 4)
    terminal.feed(Array("garbage".utf8))
    let frame = Self.frame([Drawing(text: "new", column: 2, row: 3, style: .plain)], width: 12, height: 4)
    terminal.feed(writer.update(to: frame))
    #expect(terminal.problems == [])
    #expect(terminal.frame == frame)
  }

  @Test func withoutColoursStylesKeepTheirAttributes() {
    var writer = ScreenWriter(colors: false)
    let bytes = writer.update(to: Self.frame([Drawing(text: "x", column: 0, row: 0, style: Style(foreground: .red, bold: true, reverse: true))], width: 3, height: 1))
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("\u{1B}[0;1;7m"))
    #expect(!text.contains("31"))
  }

  /// A one-row change writes the changed cells and a few bytes more: a cursor move and a style.
  @Test(arguments: [1, 5, 30, 80]) func aOneRowChangeWritesAboutTheChangedCells(changed: Int) {
    let rows = (0..<24).map { row in Drawing(text: String(repeating: "abcdefghij", count: 8), column: 0, row: row, style: .plain) }
    var writer = ScreenWriter(colors: true)
    _ = writer.update(to: Self.frame(rows, width: 80, height: 24))
    let change = Drawing(text: String(repeating: "Z", count: changed), column: 80 - changed, row: 11, style: Style(reverse: true))
    let bytes = writer.update(to: Self.frame(rows + [change], width: 80, height: 24))
    #expect(bytes.count <= changed + 16)
  }

  @Test func aChangedRowOfJapaneseIsWrittenWithOneCursorMove() {
    let before = Drawing(text: String(repeating: "日本語", count: 10), column: 0, row: 3, style: .plain)
    let after = Drawing(text: String(repeating: "漢字を", count: 10), column: 0, row: 3, style: .plain)
    var writer = ScreenWriter(colors: true)
    var terminal = TerminalEmulator(width: 80, height: 6)
    terminal.feed(writer.update(to: Self.frame([before], width: 80, height: 6)))
    let bytes = writer.update(to: Self.frame([after], width: 80, height: 6))
    terminal.feed(bytes)
    #expect(terminal.problems == [])
    #expect(terminal.frame == Self.frame([after], width: 80, height: 6))
    // 30 characters of 3 bytes each, and one move to the row's start: no move a character.
    #expect(bytes.count <= 30 * 3 + 8)
  }
}
