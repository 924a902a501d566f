import Composable
import ComposableTesting
import Dependencies
import Foundation
import TaskManager
import TerminalUI
import Testing

@testable import TaskmanCLI

// Key sequences through a test store: each key becomes the action the screen's key map gives it
// in the store's state, and every change of state is asserted.

private let sample = """
  Errands:
  \t- Buy milk @shop
  - Call Bob
  """

@MainActor
private func makeStore() -> TestStore<AppFeature.State, AppFeature.Action> {
  var state = screenState(sample)
  // Not loaded: changes stay in memory, with no save to wait for.
  state.taskList.loadStatus = .notLoaded
  return TestStore(initialState: state) { AppFeature() } withDependencies: {
    $0.uuid = .incrementing
    $0.date = .constant(Date(timeIntervalSince1970: 1_795_341_600))  // 2026-11-22 10:00 UTC
    $0.timeZone = TimeZone(identifier: "UTC")!
    $0.storage = .inMemory
  }
}

/// The action `key` sends in the store's state.
@MainActor
private func action(for key: Key, in store: TestStore<AppFeature.State, AppFeature.Action>) throws -> AppFeature.Action {
  try #require(screen().keyMap(for: store.state).action(for: key), "no action for \(key)")
}

@MainActor
@Suite("taskman ui: keys")
struct UIKeyTests {
  @Test func arrowsMoveTheSelectionAndEnterOpensTheItem() async throws {
    let store = makeStore()
    await store.send(try action(for: .down, in: store)) { $0.selection = screenID(2) }
    await store.send(try action(for: Key("j"), in: store)) { $0.selection = screenID(3) }
    // The last row stays selected.
    await store.send(try action(for: .down, in: store))
    await store.send(try action(for: Key("k"), in: store)) { $0.selection = screenID(2) }
    let milk = store.state.taskList.tasks[0].children[0]
    await store.send(try action(for: .enter, in: store)) {
      $0.path.append(.itemScreen(ItemScreen.State(item: milk)))
    }
    #expect(screen().keyMap(for: store.state).helpEntries.map(\.help) == ["text", "done", "back", "settings"])
    let top = try #require(store.state.path.ids.last)
    await store.send(try action(for: .escape, in: store)) { $0.path.pop(from: top) }
  }

  @Test func spaceMarksTheSelectedTaskDone() async throws {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(try action(for: .down, in: store))
    await store.send(try action(for: Key(" "), in: store))
    #expect(store.state.taskList.tasks[0].children[0].tags.last == Tag(name: "done", value: "2026-11-22"))
  }

  @Test func slashTypesASearchThatFiltersTheList() async throws {
    let store = makeStore()
    await store.send(try action(for: Key("/"), in: store)) { $0.prompt = AppFeature.Prompt(purpose: .search) }
    for character in "bob" {
      let text = (store.state.prompt?.text ?? "") + String(character)
      await store.send(try action(for: Key(character), in: store)) { $0.prompt?.text = text; $0.prompt?.cursor = text.count }
    }
    // `q` is text while a line is typed.
    await store.send(try action(for: Key("q"), in: store)) { $0.prompt?.text = "bobq"; $0.prompt?.cursor = 4 }
    await store.send(try action(for: .backspace, in: store)) { $0.prompt?.text = "bob"; $0.prompt?.cursor = 3 }
    await store.send(try action(for: .left, in: store)) { $0.prompt?.cursor = 2 }
    await store.send(try action(for: .enter, in: store)) { $0.prompt = nil }
    var filter = store.state.taskList.filter
    filter.searchText = "bob"
    await store.receive(.taskList(.filterChanged(filter))) { $0.taskList.filter = filter }
    var shown = store.state
    shown.taskList.loadStatus = .loaded
    #expect(screen().frame(of: shown, width: 30, height: 6).lines[1] == "a300  - Call Bob")
  }

  @Test func aAddsATaskThroughTheFormSheet() async throws {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(try action(for: .down, in: store))
    await store.send(try action(for: Key("a"), in: store))
    for character in "Eggs" {
      await store.send(try action(for: Key(character), in: store))
    }
    guard case let .addTask(form)? = store.state.taskList.destination else {
      Issue.record("no add form")
      return
    }
    #expect(form.text == "Eggs")
    #expect(form.position == .after(screenID(2)))
    await store.send(try action(for: .enter, in: store))
    await store.skipReceivedActions()
    #expect(store.state.taskList.destination == nil)
    #expect(store.state.taskList.tasks[0].children.map(\.title) == ["Buy milk", "Eggs"])
  }

  @Test func dAsksBeforeDeletingAndEscKeepsTheItem() async throws {
    let store = makeStore()
    let errands = store.state.taskList.tasks[0]
    await store.send(try action(for: Key("d"), in: store)) { $0.taskList.alert = TaskList.deleteConfirmation(for: errands) }
    // While the alert is shown, only its keys answer.
    #expect(screen().keyMap(for: store.state).action(for: .down) == nil)
    await store.send(try action(for: .escape, in: store)) { $0.taskList.alert = nil }
    store.exhaustivity = .off
    await store.send(try action(for: Key("d"), in: store))
    await store.send(try action(for: .enter, in: store)) { $0.taskList.alert = nil }
    #expect(store.state.taskList.tasks.map(\.title) == ["Call Bob"])
  }

  @Test func deletingTheSelectedItemSelectsTheOneUnderIt() async throws {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(try action(for: .down, in: store))
    await store.send(try action(for: Key("d"), in: store))
    await store.send(try action(for: .enter, in: store))
    #expect(store.state.taskList.tasks[0].children.isEmpty)
    // "Call Bob" was under "Buy milk": it is the selected row now, not the first one.
    #expect(store.state.selection == screenID(3))
    var shown = store.state
    shown.taskList.loadStatus = .loaded
    #expect(screen().frame(of: shown, width: 30, height: 6).cell(column: 0, row: 2).style.reverse)
  }

  @Test func aTaskMarkedDoneWhileDoneOnesAreHiddenGivesTheSelectionToTheRowUnderIt() async throws {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(try action(for: .down, in: store))
    await store.send(try action(for: Key(" "), in: store))
    var shown = store.state
    shown.taskList.loadStatus = .loaded
    let frame = screen().frame(of: shown, width: 30, height: 6)
    #expect(frame.lines[2] == "a300  - Call Bob")
    #expect(frame.cell(column: 0, row: 2).style.reverse)
    // ↓ and ↑ go on from the row shown selected.
    await store.send(try action(for: .up, in: store)) { $0.selection = screenID(1) }
  }

  @Test func keysThatOnlyMoveTheSelectionBuildTheListOnce() async throws {
    let text = (1...2_000).map { "- Task \($0)" }.joined(separator: "\n")
    let store = Store(initialState: screenState(text)) { AppFeature() }
    let view = screen()
    for key in [Key.down, .down, .pageDown, .up, .end, .home] {
      if let action = view.keyMap(for: store.state).action(for: key) { store.send(action) }
      _ = view.frame(of: store.state, width: 40, height: 20)
    }
    #expect(store.state.selection == screenID(1))
    #expect(view.memo.rowBuilds == 1)
    // A change of the list builds them again, once.
    store.send(.taskList(.filterChanged(TaskFilter(kinds: [.task], status: .all))))
    _ = view.keyMap(for: store.state)
    _ = view.frame(of: store.state, width: 40, height: 20)
    #expect(view.memo.rowBuilds == 2)
  }

  @Test func hashTagsTheSelectedItemAndShiftJMovesItDown() async throws {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(try action(for: Key("#"), in: store)) { $0.prompt = AppFeature.Prompt(purpose: .tag(screenID(1))) }
    for character in "@home" { await store.send(try action(for: Key(character), in: store)) }
    await store.send(try action(for: .enter, in: store))
    await store.skipReceivedActions()
    #expect(store.state.taskList.tasks[0].tags.map(\.name) == ["home"])
    await store.send(try action(for: Key("J"), in: store))
    #expect(store.state.taskList.tasks.map(\.title) == ["Call Bob", "Errands"])
  }

  @Test func tabSwitchesToTheSettingsAndBack() async throws {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(try action(for: .tab, in: store))
    #expect(store.state.settings != nil)
    await store.send(try action(for: .down, in: store)) { $0.selectedSetting = .listShowDone }
    await store.send(try action(for: .enter, in: store)) {
      $0.prompt = AppFeature.Prompt(purpose: .setting(.listShowDone), text: "false")
    }
    await store.send(try action(for: .escape, in: store)) { $0.prompt = nil }
    await store.send(try action(for: .tab, in: store)) { $0.settings = nil }
  }

  @Test func theTextTabEditsTheOutlineAndCtrlSSavesIt() async throws {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(try action(for: .enter, in: store))
    await store.send(try action(for: Key("t"), in: store))
    guard case .outlineEditor? = store.state.path.ids.last.flatMap({ store.state.path[id: $0] }) else {
      Issue.record("no outline editor")
      return
    }
    #expect(TaskmanScreen.isTyping(store.state))
    // Tab indents here: the text takes it before the tab keys.
    for key in [Key.tab] + "- Bread".map(Key.init) { await store.send(try action(for: key, in: store)) }
    await store.send(try action(for: .control("s"), in: store))
    await store.skipReceivedActions()
    #expect(store.state.taskList.tasks[0].children.map(\.title) == ["Buy milk", "Bread"])
  }

  @Test func theTextTabEditsInTheMiddleOfTheText() async throws {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(try action(for: .enter, in: store))
    await store.send(try action(for: Key("t"), in: store))
    // "Errands:\n\t- Buy milk @shop\n": up to the line of the task, to its start, past "\t- ",
    // then a word typed before "milk".
    for key: Key in [.up, .home, .right, .right, .right, .alt("f"), .right] + "fresh ".map(Key.init) {
      await store.send(try action(for: key, in: store))
    }
    await store.send(try action(for: .control("s"), in: store))
    await store.skipReceivedActions()
    #expect(store.state.taskList.tasks[0].children.map(\.title) == ["Buy fresh milk"])
    #expect(store.state.taskList.tasks[0].children[0].tags.map(\.name) == ["shop"])
  }

  @Test func theFormEditsAtItsCursorAndOpensAgainWithTheCursorAtTheEnd() async throws {
    let store = makeStore()
    await store.send(try action(for: Key("e"), in: store)) {
      $0.taskList.destination = .editTask(TaskForm.State.edit($0.taskList.tasks[0]))
    }
    await store.send(try action(for: .control("a"), in: store)) { $0.textCursor = 0 }
    await store.send(try action(for: Key("M"), in: store)) { $0.textCursor = 1 }
    await store.receive(.taskList(.destination(.presented(.editTask(.binding(.set(\.text, "MErrands:"))))))) {
      $0.taskList.destination = .editTask(TaskForm.State(mode: .edit, task: $0.taskList.tasks[0], text: "MErrands:"))
    }
    store.exhaustivity = .off
    for key: Key in [Key("y"), Key(" "), .end, .backspace] { await store.send(try action(for: key, in: store)) }
    await store.skipReceivedActions()
    guard case let .editTask(form)? = store.state.taskList.destination else {
      Issue.record("no edit form")
      return
    }
    #expect(form.text == "My Errands")
    #expect(store.state.textCursor == 10)
    await store.send(try action(for: .escape, in: store))
    await store.skipReceivedActions()
    #expect(store.state.taskList.destination == nil)
    #expect(store.state.textCursor == nil)
  }

  @Test func theSettingsTabShowsTheRunsVariablesAndFlagsOverTheFile() async throws {
    let store = makeStore()
    let overrides = [SettingsOverride(.color, "never", origin: .environment("NO_COLOR"))]
    await store.send(.settingsOverridesChanged(overrides)) { $0.settingsOverrides = overrides }
    store.exhaustivity = .off
    await store.send(try action(for: .tab, in: store))
    await store.skipReceivedActions()
    var shown = store.state
    shown.taskList.loadStatus = .loaded
    let line = try #require(screen().frame(of: shown, width: 70, height: 14).lines.first { $0.hasPrefix("color") })
    #expect(line.contains("never"))
    #expect(line.contains("NO_COLOR"))
  }

  @Test func itemsNotYetActionableHideWithDoneOnesAndShowWithThem() throws {
    var state = screenState("- Now\n- Later @start(2026-12-05)\n- Done @done(2026-11-20)")
    state.taskList.filter.actionableOn = screenToday
    let hidden = screen().frame(of: state, width: 40, height: 7).lines
    #expect(hidden.contains { $0.hasSuffix("- Now") })
    #expect(!hidden.contains { $0.contains("Later") || $0.contains("Done") })
    guard case let .taskList(.filterChanged(filter))? = screen().keyMap(for: state).action(for: Key(".")) else {
      Issue.record("no filter change for .")
      return
    }
    // `.` shows both, as `list --all` does, and hides both again.
    #expect(filter.status == .all && filter.actionableOn == nil)
    state.taskList.filter = filter
    let shown = screen().frame(of: state, width: 40, height: 7).lines
    #expect(shown.contains { $0.contains("Later @start(2026-12-05)") } && shown.contains { $0.contains("Done") })
    guard case let .taskList(.filterChanged(again))? = screen().keyMap(for: state).action(for: Key(".")) else { return }
    #expect(again.status == .notDone && again.actionableOn == screenToday)
  }
}
