import Composable
import ComposableTesting
import TerminalUI
import Testing

/// A box's lines: `rows` inside a border, `inner` columns wide, `x` columns from the left.
func boxLines(_ rows: [String], inner: Int, x: Int) -> [String] {
  let indent = String(repeating: " ", count: x)
  let rule = String(repeating: "─", count: inner + 2)
  return [indent + "┌" + rule + "┐"]
    + rows.map { indent + "│ " + $0 + String(repeating: " ", count: inner - DisplayWidth.of($0)) + " │" }
    + [indent + "└" + rule + "┘"]
}

@MainActor
@Suite struct AlertViewTests {
  let deletion = AlertState<Picker.Action.Alert>(
    title: "Are you sure?", message: "Delete “bread”?",
    buttons: [.destructive("Delete", action: .confirmDeletion(1)), .cancel("Cancel")]
  )

  @Test func anAlertIsACentredBoxWithItsButtonsKeysInBrackets() {
    let frame = AlertView<Picker.Action.Alert>().frame(of: deletion, width: 40, height: 9)
    let box = boxLines(["Are you sure?", "", "Delete “bread”?", "", "[D]elete  [C]ancel"], inner: 20, x: 8)
    #expect(frame.lines == [""] + box + [""])
    #expect(frame.cell(column: 10, row: 2).style == Style(bold: true), "the title")
    #expect(frame.cell(column: 10, row: 6).style == Style(foreground: .red), "a destructive button")
    #expect(frame.cell(column: 20, row: 6).style == Style(bold: true), "the button Enter chooses")
  }

  @Test func buttonsSendTheirActionsPresentedAndEscAndEnterNeverDestroy() {
    let keys = AlertView<Picker.Action.Alert>().keyMap(for: deletion)
    #expect(keys.action(for: Key("d")) == .presented(.confirmDeletion(1)))
    #expect(keys.action(for: Key("c")) == .dismiss, "a button without an action dismisses")
    #expect(keys.action(for: .escape) == .dismiss)
    #expect(keys.action(for: .enter) == .dismiss, "Enter is the cancel button when the others destroy")
    #expect(HelpLine(keys).entries.map(\.keys) == ["d", "c"])
  }

  @Test func anAlertWithoutButtonsHasAnOKThatDismissesIt() {
    let alert = AlertState<Picker.Action.Alert>(title: "Saved")
    let frame = AlertView<Picker.Action.Alert>().frame(of: alert, width: 24, height: 5)
    #expect(frame.lines == boxLines(["Saved", "", "[O]K"], inner: 20, x: 0))
    let keys = AlertView<Picker.Action.Alert>().keyMap(for: alert)
    #expect(keys.action(for: Key("o")) == .dismiss)
    #expect(keys.action(for: .enter) == .dismiss)
    #expect(keys.action(for: .escape) == .dismiss)
  }

  @Test func aLongMessageWrapsAtSpaces() {
    let alert = AlertState<Picker.Action.Alert>(
      title: "Are you sure?", message: "Delete “bread” and the 12 items under it?", buttons: [.cancel("Cancel")])
    let frame = AlertView<Picker.Action.Alert>().frame(of: alert, width: 26, height: 9)
    let box = boxLines(
      ["Are you sure?", "", "Delete “bread” and the", "12 items under it?", "", "[C]ancel"], inner: 22, x: 0)
    #expect(frame.lines == box + [""])
  }

  @Test func aDialogListsItsChoicesAndGivesEachAFreeKey() {
    enum Move: Equatable { case to(Int) }
    let dialog = ConfirmationDialogState<Move>(
      title: "Move to", titleVisibility: .visible,
      buttons: [
        .default("Inbox", action: .to(0)), .default("Ideas", action: .to(1)), .default("…", action: .to(2)),
        .cancel("Cancel"),
      ]
    )
    let view = ConfirmationDialogView<Move>()
    let frame = view.frame(of: dialog, width: 30, height: 8)
    #expect(frame.lines == boxLines(["Move to", "", "[I]nbox", "I[d]eas", "[1] …", "[C]ancel"], inner: 20, x: 3))
    let keys = view.keyMap(for: dialog)
    #expect(keys.action(for: Key("d")) == .presented(.to(1)))
    #expect(keys.action(for: Key("1")) == .presented(.to(2)))
    #expect(keys.action(for: .enter) == .presented(.to(0)), "Enter is the first choice")
    #expect(keys.action(for: .escape) == .dismiss)
  }

  @Test func theDeleteConfirmationThroughTheStore() async {
    var initial = Picker.State(rows: ["apples", "bread", "cheese"])
    initial.selection = ListSelection(selected: 1, visibleRows: 3)
    let store = TestStore(initialState: initial) { Picker() }
    let view = PickerView()
    await store.press(.delete, on: view) { $0.alert = self.deletion }
    #expect(view.keyMap(for: store.state).action(for: .down) == nil, "the alert is modal")
    #expect(view.frame(of: store.state, width: 30, height: 9).lines[8] == "d Delete  c Cancel")
    await store.press(.escape, on: view) { $0.alert = nil }
    await store.press(.delete, on: view) { $0.alert = self.deletion }
    await store.press(Key("d"), on: view) {
      $0.alert = nil
      $0.rows = ["apples", "cheese"]
    }
  }
}
