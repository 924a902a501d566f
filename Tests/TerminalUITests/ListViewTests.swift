import ComposableTesting
import TerminalUI
import Testing

@MainActor
@Suite struct ListViewTests {
  @Test func movesKeepTheSelectionOnScreen() {
    var selection = ListSelection()
    selection = selection.moving(.pageDown, rowCount: 10_000, visibleRows: 20)
    #expect(selection == ListSelection(selected: 19, offset: 0, visibleRows: 20))
    selection = selection.moving(.pageDown, rowCount: 10_000, visibleRows: 20)
    #expect(selection == ListSelection(selected: 39, offset: 20, visibleRows: 20))
    selection = selection.moving(.up, rowCount: 10_000, visibleRows: 20)
    #expect(selection == ListSelection(selected: 38, offset: 20, visibleRows: 20))
    selection = selection.moving(.pageUp, rowCount: 10_000, visibleRows: 20)
    #expect(selection == ListSelection(selected: 20, offset: 20, visibleRows: 20))
    selection = selection.moving(.pageUp, rowCount: 10_000, visibleRows: 20)
    #expect(selection == ListSelection(selected: 0, offset: 0, visibleRows: 20))
    selection = selection.moving(.end, rowCount: 10_000, visibleRows: 20)
    #expect(selection == ListSelection(selected: 9_999, offset: 9_980, visibleRows: 20))
    selection = selection.moving(.down, rowCount: 10_000, visibleRows: 20)
    #expect(selection.selected == 9_999, "the last row stays selected")
    selection = selection.moving(.home, rowCount: 10_000, visibleRows: 20)
    #expect(selection == ListSelection(selected: 0, offset: 0, visibleRows: 20))
    #expect(selection.moving(.up, rowCount: 10_000, visibleRows: 20).selected == 0)
  }

  @Test func aShorterListOrATallerScreenMovesTheSelectionBackIntoIt() {
    let selection = ListSelection(selected: 9, offset: 7, visibleRows: 3)
    #expect(
      selection.keepingVisible(rowCount: 5, visibleRows: 3) == ListSelection(selected: 4, offset: 2, visibleRows: 3))
    #expect(
      selection.keepingVisible(rowCount: 10, visibleRows: 8) == ListSelection(selected: 9, offset: 2, visibleRows: 8))
    #expect(
      selection.keepingVisible(rowCount: 0, visibleRows: 3) == ListSelection(selected: 0, offset: 0, visibleRows: 3))
  }

  @Test func onlyVisibleRowsAreAskedForAtTenThousandRows() {
    var asked: [Int] = []
    let list = ListView<ListSelection, ListSelection>(rowCount: { _ in 10_000 }, selection: { $0 }, action: { $0 }) {
      _, index, canvas in
      asked.append(index)
      canvas.draw("row \(index)", column: 0, row: 0)
    }
    let frame = list.frame(of: ListSelection(selected: 5_001, offset: 5_000), width: 12, height: 4)
    #expect(asked == [5_000, 5_001, 5_002, 5_003])
    // A page of 10,000 rows is a thumb of one cell, a little way down.
    #expect(frame.lines == ["row 5000   │", "row 5001   ┃", "row 5002   │", "row 5003   │"])
    #expect(frame.cell(column: 0, row: 1).style == Style(reverse: true))
    #expect(frame.cell(column: 10, row: 1).style == Style(reverse: true), "the whole row, past its text")
    #expect(frame.cell(column: 11, row: 1).style == .plain, "but not the indicator")
    #expect(frame.cell(column: 11, row: 0).style == Style(dim: true))
    #expect(frame.cell(column: 0, row: 0).style == .plain)

    asked = []
    _ = list.keyMap(for: ListSelection(selected: 5_001, offset: 5_000)).action(for: .end)
    #expect(asked.isEmpty, "keys ask for no rows")
  }

  @Test func theIndicatorShowsWhereTheScreenIs() {
    let list = ListView<ListSelection, ListSelection>(rowCount: { _ in 8 }, selection: { $0 }, action: { $0 }) {
      _, index, canvas in canvas.draw("\(index)", column: 0, row: 0)
    }
    let top = list.frame(of: ListSelection(selected: 0), width: 3, height: 4)
    #expect(top.lines == ["0 ┃", "1 ┃", "2 │", "3 │"])
    let bottom = list.frame(of: ListSelection(selected: 7), width: 3, height: 4)
    #expect(bottom.lines == ["4 │", "5 │", "6 ┃", "7 ┃"])
    #expect(list.frame(of: ListSelection(selected: 0), width: 3, height: 8).lines.allSatisfy { !$0.contains("│") })
  }

  @Test func aStaleOffsetStillShowsTheSelectedRow() {
    let list = ListView<ListSelection, ListSelection>(rowCount: { _ in 8 }, selection: { $0 }, action: { $0 }) {
      _, index, canvas in canvas.draw("\(index)", column: 0, row: 0)
    }
    // The state last knew a list 6 rows high; drawn 2 high, it scrolls to show row 5.
    let frame = list.frame(of: ListSelection(selected: 5, offset: 0, visibleRows: 6), width: 3, height: 2)
    #expect(frame.lines == ["4 ┃", "5 │"])
    #expect(frame.cell(column: 0, row: 1).style == Style(reverse: true))
  }

  @Test func anEmptyListShowsItsPlaceholder() {
    let list = ListView<Int, Int>(
      rowCount: { _ in 0 }, selection: { _ in ListSelection() }, action: { $0.selected }, placeholder: "No tasks"
    ) { _, _, _ in
      Issue.record("no row to draw")
    }
    let frame = list.frame(of: 0, width: 10, height: 2)
    #expect(frame.lines == ["No tasks", ""])
    #expect(frame.cell(column: 0, row: 0).style == Style(dim: true))
  }

  @Test func keysMoveTheSelectionThroughOneBindingAction() async {
    let store = TestStore(initialState: Picker.State(rows: ["a", "b", "c", "d", "e", "f", "g"])) { Picker() }
    let view = PickerView()
    await store.press(.down, on: view) { $0.selection.selected = 1 }
    await store.press(.pageDown, on: view) { $0.selection.selected = 2 }
    await store.press(.pageDown, on: view) { $0.selection = ListSelection(selected: 5, offset: 3, visibleRows: 3) }
    await store.press(.end, on: view) { $0.selection = ListSelection(selected: 6, offset: 4, visibleRows: 3) }
    await store.press(.home, on: view) { $0.selection = ListSelection(selected: 0, offset: 0, visibleRows: 3) }
    let down = view.keyMap(for: store.state).action(for: .down)
    #expect(down == .binding(.set(\.selection, ListSelection(selected: 1, visibleRows: 3))), "one binding action")
  }

  @Test func thePickersScreen() {
    var state = Picker.State(rows: ["apples", "bread", "cheese", "dates", "eggs"])
    state.selection = ListSelection(selected: 1, visibleRows: 3)
    let frame = PickerView().frame(of: state, width: 40, height: 5)
    func row(_ text: String, _ indicator: String) -> String {
      text + String(repeating: " ", count: 39 - text.count) + indicator
    }
    #expect(frame.lines == [
      "Search",
      row("apples", "┃"),
      row("bread", "│"),
      row("cheese", "│"),
      "↑/↓ move  PgUp/PgDn page",  // "Home/End first/last" does not fit
    ])
    #expect(frame.cell(column: 0, row: 0).style == Style(dim: true, reverse: true), "the cursor on the placeholder")
    #expect(frame.cell(column: 0, row: 2).style == Style(reverse: true))
  }
}
