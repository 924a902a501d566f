import Composable
import ComposableTesting
import Dependencies
import Foundation
import TaskManager
import Testing

private let trip = Item(
  id: testID(100), kind: .task, title: "Plan trip", level: 0,
  children: [Item(id: testID(101), kind: .task, title: "Book train", level: 1)]
)

@MainActor
private func makeStore(tasks: [Item] = [trip]) -> (TestStore<AppFeature.State, AppFeature.Action>, StorageClient) {
  let storage = StorageClient.inMemory
  let store = TestStore(
    initialState: AppFeature.State(
      taskList: TaskList.State(tasks: IdentifiedArray(uniqueElements: tasks), loadStatus: .loaded, journal: TaskJournal())
    )
  ) {
    AppFeature()
  } withDependencies: {
    $0.uuid = .incrementing
    $0.date = .constant(Date(timeIntervalSince1970: 1_795_341_600))
    $0.storage = storage
  }
  return (store, storage)
}

@MainActor
@Suite struct AppFeatureTests {
  @Test func anOutlineWithOneRootReplacesTheTaskAndItsChildren() async throws {
    let (store, storage) = makeStore()

    await store.send(.editOutlineButtonTapped(id: trip.id)) {
      $0.path[id: 0] = .outlineEditor(OutlineEditor.State(item: trip))
    }
    #expect(store.state.path[id: 0, case: .outlineEditor]?.text == "- Plan trip\n\t- Book train\n")
    let text = "- Plan trip @summer\n\t- Book train\n\t- Pack\n"
    await store.send(.path(.element(id: 0, action: .outlineEditor(.textChanged(text))))) {
      $0.path[id: 0, case: .outlineEditor]?.text = text
    }
    // "Book train" is the same line: it keeps its id; "Pack" is new.
    let saved = Item(
      id: trip.id, kind: .task, title: "Plan trip", tags: [tag("summer")],
      children: [
        Item(id: trip.children[0].id, kind: .task, title: "Book train", level: 1),
        Item(id: testID(0), kind: .task, title: "Pack", level: 1),
      ]
    )
    await store.send(.path(.element(id: 0, action: .outlineEditor(.saveButtonTapped)))) {
      $0.path[id: 0, case: .outlineEditor]?.item = saved
    }
    await store.receive(.path(.element(id: 0, action: .outlineEditor(.delegate(.save(saved))))))
    await store.receive(.taskList(.replaceItem(saved))) {
      $0.taskList.tasks = [saved]
      $0.taskList.journal?.record(entry("edit “Plan trip”", from: [trip], to: [saved]))
    }
    // Only what changed is recorded: the root's line and the new task.
    #expect(store.state.taskList.journal?.undoable?.entry?.changes.map(\.id) == [trip.id, testID(0)])
    await store.finish()
    #expect(try TaskFile.load(from: storage, withJournal: false).outline.items == [saved])
  }

  @Test func anOutlineWithSeveralRootsSavesTheFirstAndSaysSo() async {
    let (store, _) = makeStore()

    await store.send(.editOutlineButtonTapped(id: trip.id)) {
      $0.path[id: 0] = .outlineEditor(OutlineEditor.State(item: trip))
    }
    let text = "- Plan trip\n- Stray task\n"
    await store.send(.path(.element(id: 0, action: .outlineEditor(.textChanged(text))))) {
      $0.path[id: 0, case: .outlineEditor]?.text = text
    }
    let saved = Item(id: trip.id, kind: .task, title: "Plan trip")
    await store.send(.path(.element(id: 0, action: .outlineEditor(.saveButtonTapped)))) {
      $0.path[id: 0, case: .outlineEditor]?.item = saved
      $0.path[id: 0, case: .outlineEditor]?.errorMessage =
        "Only the first converted type model is saved. You may need to change indentation to keep them under the proper project."
    }
    await store.receive(.path(.element(id: 0, action: .outlineEditor(.delegate(.save(saved))))))
    await store.receive(.taskList(.replaceItem(saved))) {
      $0.taskList.tasks = [saved]
      $0.taskList.journal?.record(entry("edit “Plan trip”", from: [trip], to: [saved]))
    }
    await store.finish()
  }

  @Test func anOutlineOnlyReIndentedChangesNothingInTheList() async throws {
    let (store, storage) = makeStore()

    await store.send(.editOutlineButtonTapped(id: trip.id)) {
      $0.path[id: 0] = .outlineEditor(OutlineEditor.State(item: trip))
    }
    let text = "- Plan trip\n    - Book train\n"
    await store.send(.path(.element(id: 0, action: .outlineEditor(.textChanged(text))))) {
      $0.path[id: 0, case: .outlineEditor]?.text = text
    }
    var saved = trip
    saved.children[0].level = 4
    await store.send(.path(.element(id: 0, action: .outlineEditor(.saveButtonTapped)))) {
      $0.path[id: 0, case: .outlineEditor]?.item = saved
      $0.path[id: 0, case: .outlineEditor]?.text = "- Plan trip\n\t\t\t\t- Book train\n"
    }
    await store.receive(.path(.element(id: 0, action: .outlineEditor(.delegate(.save(saved))))))
    // No change recorded, nothing saved.
    await store.receive(.taskList(.replaceItem(saved)))
    await store.finish()
    #expect(try storage.load(TaskFile.documentName) == nil)
  }

  @Test func anEmptyOutlineIsAnErrorAndChangesNothing() async throws {
    let (store, storage) = makeStore()

    await store.send(.editOutlineButtonTapped(id: trip.id)) {
      $0.path[id: 0] = .outlineEditor(OutlineEditor.State(item: trip))
    }
    await store.send(.path(.element(id: 0, action: .outlineEditor(.textChanged(""))))) {
      $0.path[id: 0, case: .outlineEditor]?.text = ""
    }
    await store.send(.path(.element(id: 0, action: .outlineEditor(.saveButtonTapped)))) {
      $0.path[id: 0, case: .outlineEditor]?.errorMessage = "Unable to parse ."
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path.removeLast()
    }
    #expect(try storage.load(TaskFile.documentName) == nil)
  }

  @Test func theTaskListRunsInsideTheApp() async {
    let (store, _) = makeStore()

    await store.send(.taskList(.addButtonTapped)) {
      $0.taskList.destination = .addTask(.add(id: testID(0)))
    }
    await store.send(.taskList(.destination(.dismiss))) {
      $0.taskList.destination = nil
    }
  }
}
