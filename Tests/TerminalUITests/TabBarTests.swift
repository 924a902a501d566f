import TerminalUI
import Testing

@MainActor
@Suite struct TabBarTests {
  enum Action: Equatable { case select(Int) }
  let tabs = TabBarView<Int, Action>(titles: ["Tasks", "Text", "Settings"], selected: { $0 }, select: Action.select)

  @Test func theSelectedTabIsReversed() {
    let frame = tabs.frame(of: 1, width: 30, height: 1)
    #expect(frame.lines == [" Tasks  Text  Settings"])
    #expect(frame.cell(column: 7, row: 0).style == Style(bold: true, reverse: true))
    #expect(frame.cell(column: 2, row: 0).style == .plain)
    #expect(frame.cell(column: 13, row: 0).style == .plain)
  }

  @Test func tabAndShiftTabGoRoundAndDigitsGoStraightToATab() {
    let keys = tabs.keyMap(for: 2)
    #expect(keys.action(for: .tab) == .select(0))
    #expect(keys.action(for: .backTab) == .select(1))
    #expect(keys.action(for: Key("1")) == .select(0))
    #expect(keys.action(for: Key("4")) == nil)
    #expect(HelpLine(keys).entries == [HelpLine.Entry(keys: "Tab/Shift-Tab", help: "tabs")])
  }
}
