import Testing
import TerminalUI

/// Wide characters drawn over wide characters one cell off: every wide character keeps its
/// continuation, and no continuation is left without its left half (what the diff writer
/// relies on).
struct CanvasOverdrawTests {
  @Test func aWideCharacterDrawnOverTheRightHalfOfAnother() {
    var canvas = Canvas(width: 6, height: 1)
    canvas.draw("界", column: 3, row: 0)
    canvas.draw("日本", column: 2, row: 0)
    #expect(canvas.frame.text(ofRow: 0) == "  日本")
    #expect(canvas.frame.cell(column: 3, row: 0).isContinuation)
    #expect(canvas.frame.cell(column: 5, row: 0).isContinuation)
  }

  @Test func theContinuationOfAWideCharacterDrawnOverTheLeftHalfOfAnother() {
    var canvas = Canvas(width: 6, height: 1)
    canvas.draw("界", column: 2, row: 0)
    canvas.draw("日", column: 1, row: 0)
    #expect(canvas.frame.text(ofRow: 0) == " 日   ")
    #expect(!canvas.frame.cell(column: 3, row: 0).isContinuation)
  }
}
