import ComposableTesting
import Composable
import Dependencies
import Foundation
import TaskManager
import Testing

@MainActor
@Suite struct TaskFormTests {
  private let task = Item(
    id: testID(7), kind: .task, title: "Buy milk", tags: [tag("shopping")], level: 1,
    children: [Item(id: testID(8), kind: .note, title: "Two litres", level: 2)]
  )

  @Test func theTitleSaysWhetherTheFormAddsOrEdits() {
    #expect(TaskForm.State.add(id: testID(1)).title == "Add Task")
    #expect(TaskForm.State.edit(task).title == "Edit Task")
    #expect(TaskForm.State.edit(task).text == "- Buy milk @shopping")
  }

  @Test func savingValidTextHandsTheParentTheSameTaskWithNewContent() async {
    let store = TestStore(initialState: TaskForm.State.edit(task)) {
      TaskForm()
    } withDependencies: {
      $0.dismiss = DismissEffect {}
    }

    await store.send(.binding(.set(\.text, "Buy oat milk @shopping @due(2026-12-01)"))) {
      $0.text = "Buy oat milk @shopping @due(2026-12-01)"
    }
    await store.send(.saveButtonTapped)
    var saved = task
    saved.title = "Buy oat milk"
    saved.tags = [tag("shopping"), tag("due", "2026-12-01")]
    await store.receive(.delegate(.saveTask(saved)))
    await store.finish()
  }

  @Test func invalidTextIsAnErrorAndTheFormStaysOpenWithTheText() async {
    let store = TestStore(initialState: TaskForm.State.add(id: testID(1))) {
      TaskForm()
    }

    await store.send(.binding(.set(\.text, "   "))) { $0.text = "   " }
    await store.send(.saveButtonTapped) {
      $0.errorMessage = "Unable to convert     into a task."
    }
    await store.send(.binding(.set(\.text, "Line one\nline two"))) { $0.text = "Line one\nline two" }
    await store.send(.saveButtonTapped) {
      $0.errorMessage = "Unable to convert Line one\nline two into a task."
    }
  }

  @Test func editingAProjectKeepsItAProject() async {
    let project = Item(id: testID(3), kind: .project, title: "Errands")
    let store = TestStore(initialState: TaskForm.State.edit(project)) {
      TaskForm()
    } withDependencies: {
      $0.dismiss = DismissEffect {}
    }

    #expect(store.state.text == "Errands:")
    await store.send(.binding(.set(\.text, "Chores: @home"))) { $0.text = "Chores: @home" }
    await store.send(.saveButtonTapped)
    await store.receive(
      .delegate(.saveTask(Item(id: testID(3), kind: .project, title: "Chores", tags: [tag("home")])))
    )
    await store.finish()
  }
}
