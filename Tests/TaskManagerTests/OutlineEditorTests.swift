import Composable
import ComposableTesting
import Dependencies
import Foundation
import Testing
import TaskManager

@MainActor
@Suite("Outline editor")
struct OutlineEditorTests {
  /// `00000000-0000-0000-0000-00000000000N`, as `UUIDGenerator.incrementing` hands them out from 0.
  func generated(_ number: UInt64) -> UUID { testID(number) }

  static let taskID = UUID(uuidString: "DEADBEEF-0000-0000-0000-000000000001")!

  static let task = Item(
    id: taskID, kind: .task, title: "Plan trip", tags: [Tag(name: "due", value: "2024-11-01")], level: 0,
    children: [Item(id: UUID(uuidString: "DEADBEEF-0000-0000-0000-000000000002")!, kind: .note, title: "Somewhere warm", level: 1)]
  )

  @Test func theTextStartsAsTheTasksTaskPaper() {
    #expect(OutlineEditor.State(item: Self.task).text == "- Plan trip @due(2024-11-01)\n\tSomewhere warm\n")
    var nested = Self.task
    nested.level = 2
    nested.children[0].level = 3
    #expect(OutlineEditor.State(item: nested).text == "- Plan trip @due(2024-11-01)\n\tSomewhere warm\n")
  }

  @Test func oneRootIsSavedWithItsChildren() async {
    let store = TestStore(initialState: OutlineEditor.State(item: Self.task)) {
      OutlineEditor()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    let text = "-Plan trip @due(2024-11-02)\n\t- Book train @errand\n\t\tSeat 42\n Somewhere warm"
    await store.send(.textChanged(text)) { $0.text = text }
    // The root keeps the task's id, "Somewhere warm" its own (its text did not change, only its
    // indentation); the new lines get ids 0 and 1, in line order.
    let saved = Item(
      id: Self.taskID, kind: .task, title: "Plan trip", tags: [Tag(name: "due", value: "2024-11-02")], level: 0,
      children: [
        Item(
          id: generated(0), kind: .task, title: "Book train", tags: [Tag(name: "errand")], level: 1,
          children: [Item(id: generated(1), kind: .note, title: "Seat 42", level: 2)]
        ),
        Item(id: Self.task.children[0].id, kind: .note, title: "Somewhere warm", level: 1),
      ]
    )
    await store.send(.saveButtonTapped) {
      $0.item = saved
      $0.text = "- Plan trip @due(2024-11-02)\n\t- Book train @errand\n\t\tSeat 42\n\tSomewhere warm\n"
    }
    await store.receive(.delegate(.save(saved)))
  }

  @Test func severalRootsSaveTheFirstAndSaySo() async {
    let store = TestStore(initialState: OutlineEditor.State(item: Self.task)) {
      OutlineEditor()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    let text = "\n- Plan trip\n\tDetails\n\n- Pack bags\nAnother project:\n"
    await store.send(.textChanged(text)) { $0.text = text }
    let saved = Item(
      id: Self.taskID, kind: .task, title: "Plan trip", level: 0,
      children: [Item(id: generated(1), kind: .note, title: "Details", level: 1)]
    )
    await store.send(.saveButtonTapped) {
      $0.item = saved
      $0.errorMessage =
        "Only the first converted type model is saved. You may need to change indentation to keep them under the proper project."
    }
    await store.receive(.delegate(.save(saved)))
  }

  @Test func emptyTextIsAnErrorAndSavesNothing() async {
    let store = TestStore(initialState: OutlineEditor.State(item: Self.task)) {
      OutlineEditor()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.textChanged("")) { $0.text = "" }
    await store.send(.saveButtonTapped) { $0.errorMessage = "Unable to parse ." }
    await store.send(.textChanged(" \n\t\n")) { $0.text = " \n\t\n" }
    await store.send(.saveButtonTapped) { $0.errorMessage = "Unable to parse  \n\t\n." }
  }

  @Test func aSaveAfterAnErrorClearsIt() async {
    let store = TestStore(initialState: OutlineEditor.State(item: Self.task)) {
      OutlineEditor()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.textChanged("")) { $0.text = "" }
    await store.send(.saveButtonTapped) { $0.errorMessage = "Unable to parse ." }
    await store.send(.textChanged("Trip:")) { $0.text = "Trip:" }
    let saved = Item(id: Self.taskID, kind: .project, title: "Trip", level: 0)
    await store.send(.saveButtonTapped) {
      $0.item = saved
      $0.text = "Trip:\n"
      $0.errorMessage = nil
    }
    await store.receive(.delegate(.save(saved)))
  }

  @Test func aNestedTaskKeepsItsLevel() async {
    var nested = Self.task
    nested.level = 1
    nested.children[0].level = 2
    let store = TestStore(initialState: OutlineEditor.State(item: nested)) {
      OutlineEditor()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    let text = "- Plan trip\n\t- Somewhere warm, by train\n"
    await store.send(.textChanged(text)) { $0.text = text }
    // The note's line, edited where it stands (made a task, words added), is still that line.
    let saved = Item(
      id: Self.taskID, kind: .task, title: "Plan trip", level: 1,
      children: [Item(id: Self.task.children[0].id, kind: .task, title: "Somewhere warm, by train", level: 2)]
    )
    await store.send(.saveButtonTapped) { $0.item = saved }
    await store.receive(.delegate(.save(saved)))
  }

  @Test func aLineWhoseTextIsReplacedWhereItStandsIsANewItem() async {
    let store = TestStore(initialState: OutlineEditor.State(item: Self.task)) {
      OutlineEditor()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.textChanged("- Plan trip\n\t- Book train\n")) { $0.text = "- Plan trip\n\t- Book train\n" }
    // Nothing of “Somewhere warm” is left in “Book train”: another item, with an id of its own.
    let saved = Item(
      id: Self.taskID, kind: .task, title: "Plan trip", level: 0,
      children: [Item(id: generated(0), kind: .task, title: "Book train", level: 1)]
    )
    await store.send(.saveButtonTapped) { $0.item = saved }
    await store.receive(.delegate(.save(saved)))
  }

  @Test func aParentAppliesTheSaveThroughItsDelegate() async {
    let store = TestStore(initialState: Parent.State(outline: Outline(items: [Self.task]))) {
      Parent()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.editor(.textChanged("- Plan holiday"))) { $0.editor.text = "- Plan holiday" }
    let saved = Item(id: Self.taskID, kind: .task, title: "Plan holiday")
    await store.send(.editor(.saveButtonTapped)) {
      $0.editor.item = saved
      $0.editor.text = "- Plan holiday\n"
    }
    await store.receive(.editor(.delegate(.save(saved)))) { $0.outline.items = [saved] }
  }
}

/// A parent composing the editor with `Scope`, as `AppFeature` will.
private struct Parent: Reducer {
  struct State: Equatable {
    var outline: Outline
    var editor: OutlineEditor.State

    init(outline: Outline) {
      self.outline = outline
      self.editor = OutlineEditor.State(item: outline.items[0])
    }
  }

  enum Action: Equatable {
    case editor(OutlineEditor.Action)
    static var editor: CasePath<Action, OutlineEditor.Action> {
      .init(Action.editor) { if case let .editor(value) = $0 { value } else { nil } }
    }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.editor, action: Action.editor) { OutlineEditor() }
    Reduce { state, action in
      if case let .editor(.delegate(.save(item))) = action {
        state.outline.modifyItem(withID: item.id) { $0 = item }
      }
      return .none
    }
  }
}
