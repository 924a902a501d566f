import Testing
import TerminalUI

@Suite struct CanvasTests {
  @Test func wideCharactersTakeTwoCellsAndAreNeverSplitAtTheEdge() {
    var canvas = Canvas(width: 6, height: 2)
    canvas.draw("a日本語", column: 0, row: 0)
    canvas.draw("🙂🙂🙂", column: 1, row: 1)
    #expect(canvas.frame.lines == ["a日本", " 🙂🙂"])
    #expect(canvas.frame.cell(column: 2, row: 0).isContinuation)
    // The third emoji would start in the last column: that cell stays blank.
    #expect(canvas.frame.text(ofRow: 1) == " 🙂🙂 ")
  }

  @Test func drawingOverHalfOfAWideCharacterBlanksTheOtherHalf() {
    var canvas = Canvas(width: 4, height: 1)
    canvas.draw("日本", column: 0, row: 0)
    canvas.draw("x", column: 1, row: 0)
    #expect(canvas.frame.text(ofRow: 0) == " x本")
    canvas.draw("y", column: 2, row: 0)
    #expect(canvas.frame.text(ofRow: 0) == " xy ")
  }

  @Test func controlAndBidiCharactersAreShownAsReplacementCharacters() {
    var canvas = Canvas(width: 12, height: 1)
    canvas.draw("a\u{1B}[2Jb\u{202E}c", column: 0, row: 0)
    #expect(canvas.frame.lines == ["a\u{FFFD}[2Jb\u{FFFD}c"])
  }

  @Test func aRegionClipsWhatAChildDraws() {
    var canvas = Canvas(width: 10, height: 3)
    canvas.withRegion(Rect(x: 2, y: 1, width: 4, height: 1)) { region in
      region.draw("overflowing", column: 0, row: 0)
      region.draw("never", column: 0, row: 1)
    }
    #expect(canvas.frame.lines == ["", "  over", ""])
  }

  @Test func restyleKeepsTheCharacters() {
    var canvas = Canvas(width: 3, height: 1)
    canvas.draw("abc", column: 0, row: 0)
    canvas.restyle(Rect(x: 1, y: 0, width: 1, height: 1)) { $0.reverse = true }
    #expect(canvas.frame.lines == ["abc"])
    #expect(canvas.frame.cell(column: 1, row: 0).style == Style(reverse: true))
    #expect(canvas.frame.cell(column: 0, row: 0).style == .plain)
  }
}
