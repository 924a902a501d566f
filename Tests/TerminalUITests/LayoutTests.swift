import TerminalUI
import Testing

@Suite struct LayoutTests {
  @Test func fixedRowsFirstAndFlexibleOnesShareTheRest() {
    let rows = Rect(width: 80, height: 24).rows([.fixed(1), .flexible(), .fixed(1)])
    #expect(
      rows == [
        Rect(x: 0, y: 0, width: 80, height: 1), Rect(x: 0, y: 1, width: 80, height: 22),
        Rect(x: 0, y: 23, width: 80, height: 1),
      ])
  }

  @Test func flexibleColumnsShareByWeightAndTheLastTakesTheRemainder() {
    let columns = Rect(x: 2, y: 3, width: 10, height: 5).columns([.flexible(2), .fixed(1), .flexible(1)])
    #expect(columns.map(\.width) == [6, 1, 3])
    #expect(columns.map(\.x) == [2, 8, 9])
    #expect(columns.allSatisfy { $0.y == 3 && $0.height == 5 })
  }

  @Test func fixedSizesGetWhatIsLeftWhenTheRectRunsOut() {
    let rows = Rect(width: 5, height: 3).rows([.fixed(2), .fixed(2), .flexible()])
    #expect(rows.map(\.height) == [2, 1, 0])
  }
}
