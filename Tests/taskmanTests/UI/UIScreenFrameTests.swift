import Composable
import Foundation
import TaskManager
import TerminalUI
import Testing

@testable import TaskmanCLI

// Golden frames of `taskman ui`'s screens, drawn from states with no terminal: the rows'
// text (what a person reads) and, where it matters, a cell's style.

private let sample = """
  Errands:
  \t- Buy milk @shop @due(2026-12-01)
  \t\tSemi-skimmed.
  \t- Post letter @due(2026-11-20)
  - 買い物 🛒 @家
  - Done thing @done(2026-11-27)
  """

@MainActor
@Suite("taskman ui: frames")
struct UIScreenFrameTests {
  @Test func theListShowsTheOutlineWithIdsAsListDoes() {
    let frame = screen().frame(of: screenState(sample), width: 60, height: 9)
    #expect(
      frame.lines == [
        " Tasks   Settings",
        "a100  Errands:",
        "a200    - Buy milk @shop @due(2026-12-01)",
        "a300      Semi-skimmed.",
        "a400    - Post letter @due(2026-11-20)",
        "a500  - 買い物 🛒 @家",
        "",
        "",
        "↑↓ select  Enter/→ open  Space done  a add  e edit",
      ])
    // The first row is selected; ids are yellow, tags cyan, a task past its day red.
    #expect(frame.cell(column: 0, row: 1).style.reverse)
    #expect(frame.cell(column: 0, row: 2).style == ScreenStyle.id)
    #expect(frame.cell(column: 21, row: 2).style.foreground == .cyan)
    #expect(frame.cell(column: 10, row: 4).style.foreground == .red)
    // A wide character takes two cells.
    #expect(frame.cell(column: 8, row: 5).character == "買")
    #expect(frame.cell(column: 9, row: 5).isContinuation)
  }

  @Test func doneItemsShowDimWhenShown() {
    let frame = screen().frame(of: screenState(sample, showDone: true), width: 60, height: 10)
    #expect(frame.lines[6] == "a600  - Done thing @done(2026-11-27)")
    #expect(frame.cell(column: 8, row: 6).style.dim)
    #expect(frame.lines[8] == "done items shown")
  }

  @Test func aNarrowScreenCutsRowsWithoutSplittingAWideCharacter() {
    let frame = screen().frame(of: screenState(sample), width: 12, height: 9)
    #expect(
      frame.lines == [
        " Tasks   Set",
        "a100  Errand",
        "a200    - Bu",
        "a300      Se",
        "a400    - Po",
        "a500  - 買い",
        "",
        "",
        "↑↓ select",
      ])
    let cut = screen().frame(of: screenState(sample), width: 11, height: 9)
    // `い` would take columns 10 and 11: its first cell stays blank.
    #expect(cut.lines[5] == "a500  - 買")
  }

  @Test func anEmptyFileSaysHowToAdd() {
    let frame = screen().frame(of: screenState(""), width: 40, height: 5)
    #expect(frame.lines == [" Tasks   Settings", "No tasks yet. Press a to add one.", "", "", "a add  / search  . show done  u undo"])
  }

  @Test func theSelectionScrollsAPageAtATimeAndOnlyVisibleRowsAreDrawn() {
    let text = (1...10_000).map { "- Task \($0)" }.joined(separator: "\n")
    var state = screenState(text)
    state.selection = screenID(25)
    var drawn = 0
    let frame = screen(rowDrawn: { drawn += 1 }).frame(of: state, width: 40, height: 13)
    // 10 rows a page: rows 21 to 30 are the page of row 25.
    #expect(drawn == 10)
    #expect(frame.lines[1].hasSuffix("Task 21"))
    #expect(frame.lines[10].hasSuffix("Task 30"))
    #expect(frame.cell(column: 0, row: 5).style.reverse)
  }

  @Test func anItemScreenShowsItsChildren() {
    var state = screenState(sample)
    let errands = state.taskList.tasks[0]
    state.path.append(.itemScreen(ItemScreen.State(item: errands, selection: screenID(4))))
    let frame = screen().frame(of: state, width: 50, height: 8)
    #expect(
      frame.lines == [
        " Tasks   Settings  › Errands",
        "Errands:",
        "",
        "  - Buy milk @shop @due(2026-12-01) ›",
        "  - Post letter @due(2026-11-20)",
        "",
        "",
        "↑↓ select  Enter/→ open  t text  Space done",
      ])
    #expect(frame.cell(column: 4, row: 4).style.reverse)
  }

  @Test func theTextTabShowsTheOutlineAsText() {
    var state = screenState(sample)
    state.path.append(.outlineEditor(OutlineEditor.State(item: state.taskList.tasks[0])))
    let frame = screen().frame(of: state, width: 50, height: 11)
    #expect(
      frame.lines == [
        " Tasks   Settings  › Errands (text)",
        "Text of “Errands”",
        "",
        "Errands:",
        "  - Buy milk @shop @due(2026-12-01)",
        "    Semi-skimmed.",
        "  - Post letter @due(2026-11-20)",
        "",
        "",
        "",
        "Ctrl-S save  Esc back  Shift-Tab settings",
      ])
    // The cursor opens at the end of the text, on the empty line after its last line break.
    #expect(frame.cell(column: 0, row: 7).style.reverse)
    #expect(!frame.cell(column: 0, row: 6).style.reverse)
  }

  @Test func theTextTabKeepsTheCursorsLineAndColumnInSight() {
    var state = screenState("- Task")
    let lines = (1...30).map { "- Task \($0) " + String(repeating: "x", count: 60) }
    var editor = OutlineEditor.State(item: state.taskList.tasks[0])
    editor.text = lines.joined(separator: "\n")
    state.path = StackState([.outlineEditor(editor)])
    // On line 20, after its 68 characters.
    state.textCursor = lines[..<19].reduce(0) { $0 + $1.count + 1 } + 68
    let frame = screen().frame(of: state, width: 40, height: 11)
    // Six rows of text: lines 15 to 20, the cursor's line the last, shifted left to show it.
    #expect(frame.lines[3] == "- Task 15 " + String(repeating: "x", count: 30))
    #expect(frame.lines[8] == String(repeating: "x", count: 40))
    #expect(frame.cell(column: 39, row: 8).style.reverse)
    #expect(!frame.cell(column: 38, row: 8).style.reverse)
  }

  @Test func theFormIsASheetOverTheList() {
    var state = screenState(sample)
    state.taskList.destination = .addTask(TaskForm.State(mode: .add, task: Item(id: screenID(9), kind: .task, title: ""), text: "Call 田中"))
    let frame = screen().frame(of: state, width: 50, height: 11)
    #expect(
      frame.lines == [
        " Tasks   Settings",
        "a100  Errands:",
        "a200    - Buy milk @shop @due(2026-12-01)",
        "a300┌─ Add Task ─────────────────────────────┐",
        "a400│ Call 田中                              │",
        "a500│                                        │",
        "    │ TaskPaper line: text, then @tags       │",
        "    └────────────────────────────────────────┘",
        "",
        "",
        "Enter save  Esc cancel",
      ])
  }

  @Test func theDeleteConfirmationIsAModalAlert() {
    var state = screenState(sample)
    state.taskList.alert = TaskList.deleteConfirmation(for: state.taskList.tasks[0])
    let frame = screen().frame(of: state, width: 60, height: 9)
    #expect(
      frame.lines == [
        " Tasks   Settings",
        "a100 ┌─ Are you sure? ────────────────────────────────┐",
        "a200 │ Delete “Errands” and the 3 items under it?     │",
        "a300 │                                                │",
        "a400 │ [Enter] Delete   [Esc] Cancel                  │",
        "a500 │                                                │",
        "     └────────────────────────────────────────────────┘",
        "",
        "Enter/y Delete  Esc/n Cancel  q quit",
      ])
  }

  @Test func theSearchLineShowsItsCursor() {
    var state = screenState(sample)
    state.prompt = AppFeature.Prompt(purpose: .search, text: "milk")
    state.prompt?.cursor = 2
    let frame = screen().frame(of: state, width: 40, height: 6)
    #expect(frame.lines[4] == "Search: milk")
    #expect(frame.cell(column: 10, row: 4).style.reverse)
    #expect(frame.lines[5] == "Enter ok  Esc cancel")
  }

  @Test func theSettingsTabShowsEachKeyAndWhereItsValueComesFrom() {
    var state = screenState(sample)
    state.settings = SettingsFeature.State()
    state.selectedSetting = .listSort
    let frame = screen().frame(of: state, width: 60, height: 12)
    #expect(frame.lines[0] == " Tasks   Settings")
    #expect(frame.cell(column: 10, row: 0).style.reverse)
    #expect(frame.lines[1].hasPrefix("color"))
    #expect(frame.cell(column: 0, row: 3).style.reverse)
    #expect(frame.lines[11] == "↑↓ select  Enter change  Tab/Shift-Tab tasks  q quit")
  }
}
