import Composable
import ComposableTesting
import Dependencies
import Foundation
import TaskManager
import Testing

/// 2026-11-22 10:00 UTC.
private let now = Date(timeIntervalSince1970: 1_795_341_600)

@MainActor
private func makeStore(
  tasks: [Item] = [],
  document: Data? = nil,
  storage: StorageClient? = nil
) -> (TestStore<TaskList.State, TaskList.Action>, StorageClient) {
  let storage =
    storage ?? .inMemory(documents: document.map { [TaskDocument.defaultName: $0] } ?? [:])
  let store = TestStore(
    initialState: TaskList.State(tasks: IdentifiedArray(uniqueElements: tasks), loadStatus: .loaded)
  ) {
    TaskList()
  } withDependencies: {
    $0.uuid = .incrementing
    $0.date = .constant(now)
    $0.storage = storage
  }
  return (store, storage)
}

private func stored(_ storage: StorageClient) throws -> Outline {
  try TaskDocumentStorage(storage: storage).load()
}

private let milk = Item(id: testID(100), kind: .task, title: "Buy milk", tags: [tag("shopping")])
private let errands = Item(
  id: testID(200), kind: .project, title: "Errands",
  children: [
    Item(id: testID(201), kind: .task, title: "Post letter", level: 1),
    Item(
      id: testID(202), kind: .task, title: "Bank", level: 1,
      children: [Item(id: testID(203), kind: .note, title: "Bring ID", level: 2)]
    ),
  ]
)

@MainActor
@Suite struct TaskListTests {
  // MARK: Adding

  @Test func addAndSaveAppendsTheTaskAndSavesTheList() async throws {
    let (store, storage) = makeStore(tasks: [milk])

    await store.send(.addButtonTapped) {
      $0.destination = .addTask(.add(id: testID(0)))
    }
    await store.send(.destination(.presented(.addTask(.textChanged("Call Bob @due(2026-12-01)"))))) {
      $0.destination = .addTask(TaskForm.State(mode: .add, task: Item(id: testID(0), kind: .task, title: ""), text: "Call Bob @due(2026-12-01)"))
    }
    await store.send(.destination(.presented(.addTask(.saveButtonTapped))))
    let call = Item(id: testID(0), kind: .task, title: "Call Bob", tags: [tag("due", "2026-12-01")])
    await store.receive(.destination(.presented(.addTask(.delegate(.saveTask(call)))))) {
      $0.tasks = [milk, call]
      $0.history.steps = [step("add “Call Bob”", added: [call.id])]
    }
    await store.receive(.destination(.dismiss)) {
      $0.destination = nil
    }
    await store.finish()
    #expect(try stored(storage).items == [milk, call])
  }

  @Test func addAndCancelChangesNothing() async throws {
    let (store, storage) = makeStore(tasks: [milk])

    await store.send(.addButtonTapped) {
      $0.destination = .addTask(.add(id: testID(0)))
    }
    await store.send(.destination(.presented(.addTask(.cancelButtonTapped))))
    await store.receive(.destination(.dismiss)) {
      $0.destination = nil
    }
    #expect(try storage.load(TaskDocument.defaultName) == nil)
  }

  @Test func addWithInvalidTextKeepsTheFormOpenWithTheError() async {
    let (store, _) = makeStore()

    await store.send(.addButtonTapped) {
      $0.destination = .addTask(.add(id: testID(0)))
    }
    await store.send(.destination(.presented(.addTask(.saveButtonTapped)))) {
      $0.destination = .addTask(
        TaskForm.State(
          mode: .add, task: Item(id: testID(0), kind: .task, title: ""), text: "",
          errorMessage: "Unable to convert  into a task."
        )
      )
    }
  }

  // MARK: Editing

  @Test func editAndSaveReplacesANestedTaskByIDKeepingItsChildren() async throws {
    let (store, storage) = makeStore(tasks: [milk, errands])
    let bank = errands.children[1]

    await store.send(.editTask(bank)) {
      $0.destination = .editTask(.edit(bank))
    }
    await store.send(.destination(.presented(.editTask(.textChanged("Bank @today"))))) {
      $0.destination = .editTask(TaskForm.State(mode: .edit, task: bank, text: "Bank @today"))
    }
    await store.send(.destination(.presented(.editTask(.saveButtonTapped))))
    var edited = bank
    edited.tags = [tag("today")]
    await store.receive(.destination(.presented(.editTask(.delegate(.saveTask(edited)))))) {
      $0.tasks[id: errands.id]?.children[1] = edited
      $0.history.steps = [step("edit “Bank”", previous: [(1, errands)])]
    }
    await store.receive(.destination(.dismiss)) {
      $0.destination = nil
    }
    await store.finish()
    #expect(try stored(storage).items[1].children[1].tags == [tag("today")])
    #expect(try stored(storage).items[1].children[1].children == bank.children)
  }

  // MARK: Deleting

  @Test func deleteFromTheListAndConfirmRemovesTheTaskAndItsChildren() async throws {
    let (store, storage) = makeStore(tasks: [milk, errands])
    let bank = errands.children[1]

    await store.send(.deleteButtonTapped(bank)) {
      $0.alert = AlertState(
        title: "Are you sure?",
        message: "Delete “Bank” and the 1 item under it?",
        buttons: [.destructive("Delete", action: .confirmDeletion(id: bank.id)), .cancel("Cancel")]
      )
    }
    await store.send(.alert(.presented(.confirmDeletion(id: bank.id)))) {
      $0.alert = nil
      $0.tasks[id: errands.id]?.children.remove(at: 1)
      $0.history.steps = [step("delete “Bank”", previous: [(1, errands)])]
    }
    await store.finish()
    #expect(try stored(storage).item(withID: bank.id) == nil)
    #expect(try stored(storage).item(withID: testID(203)) == nil)
  }

  @Test func deleteFromTheListAndCancelRemovesNothing() async throws {
    let (store, storage) = makeStore(tasks: [milk])

    await store.send(.deleteButtonTapped(milk)) {
      $0.alert = TaskList.deleteConfirmation(for: milk)
    }
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
    }
    #expect(try storage.load(TaskDocument.defaultName) == nil)
  }

  @Test func deleteFromTheEditFormAndConfirm() async throws {
    let (store, storage) = makeStore(tasks: [milk, errands])

    await store.send(.editTask(milk)) {
      $0.destination = .editTask(.edit(milk))
    }
    await store.send(.destination(.presented(.editTask(.deleteButtonTapped))))
    await store.receive(.destination(.presented(.editTask(.delegate(.deleteTask(milk)))))) {
      $0.alert = TaskList.deleteConfirmation(for: milk)
    }
    await store.receive(.destination(.dismiss)) {
      $0.destination = nil
    }
    await store.send(.alert(.presented(.confirmDeletion(id: milk.id)))) {
      $0.alert = nil
      $0.tasks = [errands]
      $0.history.steps = [step("delete “Buy milk”", previous: [(0, milk)])]
    }
    await store.finish()
    #expect(try stored(storage).items == [errands])
  }

  @Test func deleteFromTheEditFormAndCancel() async throws {
    let (store, storage) = makeStore(tasks: [milk])

    await store.send(.editTask(milk)) {
      $0.destination = .editTask(.edit(milk))
    }
    await store.send(.destination(.presented(.editTask(.deleteButtonTapped))))
    await store.receive(.destination(.presented(.editTask(.delegate(.deleteTask(milk)))))) {
      $0.alert = TaskList.deleteConfirmation(for: milk)
    }
    await store.receive(.destination(.dismiss)) {
      $0.destination = nil
    }
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
    }
    #expect(try storage.load(TaskDocument.defaultName) == nil)
  }

  // MARK: Completing and tagging

  @Test func markingDoneStampsTodayAndUndoingRemovesIt() async throws {
    let (store, storage) = makeStore(tasks: [milk, errands])

    await store.send(.markDone(ids: [milk.id, testID(201)])) {
      $0.tasks[id: milk.id]?.tags.append(tag("done", "2026-11-22"))
      $0.tasks[id: errands.id]?.children[0].tags = [tag("done", "2026-11-22")]
      $0.history.steps = [step("done “Buy milk”, “Post letter”", previous: [(0, milk), (1, errands)])]
    }
    await store.finish()
    #expect(try stored(storage).items[0].isDone)
    let milkDone = store.state.tasks[0]
    await store.send(.markNotDone(ids: [milk.id])) {
      $0.tasks[id: milk.id]?.tags = [tag("shopping")]
      $0.history.steps.append(step("undone “Buy milk”", previous: [(0, milkDone)]))
    }
    await store.finish()
    #expect(try !stored(storage).items[0].isDone)
  }

  @Test func taggingParsesEachTagAndReplacesOneOfTheSameName() async throws {
    let (store, storage) = makeStore(tasks: [milk])

    await store.send(.addTags(["@due(2026-12-01)", "@shopping(dairy)"], to: milk.id)) {
      $0.tasks[id: milk.id]?.tags = [tag("shopping", "dairy"), tag("due", "2026-12-01")]
      $0.history.steps = [step("tag “Buy milk” @due(2026-12-01) @shopping(dairy)", previous: [(0, milk)])]
    }
    await store.finish()
    #expect(try stored(storage).items[0].tags == [tag("shopping", "dairy"), tag("due", "2026-12-01")])
    let tagged = store.state.tasks[0]
    await store.send(.removeTags(names: ["shopping"], from: milk.id)) {
      $0.tasks[id: milk.id]?.tags = [tag("due", "2026-12-01")]
      $0.history.steps.append(step("untag “Buy milk” shopping", previous: [(0, tagged)]))
    }
    await store.finish()
  }

  @Test func aBadTagIsTheFeaturesErrorAndNothingChanges() async throws {
    let (store, storage) = makeStore(tasks: [milk])

    await store.send(.addTags(["@ok", "@bad tag"], to: milk.id)) {
      $0.errorMessage = "Unable to convert @bad tag into a tag."
    }
    #expect(try storage.load(TaskDocument.defaultName) == nil)
  }

  @Test func importingTaskPaperAppendsItemsWithFreshIDs() async throws {
    let (store, storage) = makeStore(tasks: [milk])

    await store.send(.importTaskPaper("Home:\n\t- Water plants @weekly\n")) {
      $0.tasks.append(
        Item(
          id: testID(0), kind: .project, title: "Home",
          children: [Item(id: testID(1), kind: .task, title: "Water plants", tags: [tag("weekly")], level: 1)]
        )
      )
      $0.history.steps = [step("import 2 items", added: [testID(0)])]
    }
    await store.finish()
    #expect(try stored(storage).items.count == 2)
  }

  // MARK: Loading

  @Test func loadingReadsTheStoredList() async {
    let document = TaskDocument.encode(Outline(items: [milk, errands]))
    let (store, _) = makeStore(document: document)

    await store.send(.load)
    await store.receive(.loadResponse(.success(StoredTaskList(outline: Outline(items: [milk, errands]))))) {
      $0.tasks = [milk, errands]
    }
  }

  @Test func aDamagedDocumentIsAnErrorAndIsNeverOverwritten() async throws {
    let damaged = Data("taskman tasks v1\n- Buy milk @id(not-a-uuid)\n".utf8)
    let storage = StorageClient.inMemory(documents: [TaskDocument.defaultName: damaged])
    let store = TestStore(initialState: TaskList.State()) {
      TaskList()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.date = .constant(now)
      $0.storage = storage
    }

    await store.send(.load)
    let error = try require(throwing: TaskStorageError.self) {
      _ = try TaskDocumentStorage(storage: storage).load()
    }
    await store.receive(.loadResponse(.failure(error))) {
      $0.loadStatus = .failed(error)
    }
    await store.send(.markDone(ids: [milk.id])) {
      $0.errorMessage = "The task list was not changed, because it could not be loaded: \(error.description)"
    }
    await store.finish()
    #expect(try storage.load(TaskDocument.defaultName) == damaged)
  }

  @Test func everyChangeIsSavedAndTheLastOneWins() async throws {
    let (store, storage) = makeStore(tasks: [milk])

    var versions = [milk]
    await store.send(.addTags(["@a"], to: milk.id)) {
      $0.tasks[id: milk.id]?.tags.append(tag("a"))
      $0.history.steps.append(step("tag “Buy milk” @a", previous: [(0, milk)]))
    }
    versions.append(store.state.tasks[0])
    await store.send(.addTags(["@b"], to: milk.id)) {
      $0.tasks[id: milk.id]?.tags.append(tag("b"))
      $0.history.steps.append(step("tag “Buy milk” @b", previous: [(0, versions[1])]))
    }
    versions.append(store.state.tasks[0])
    await store.send(.removeTags(names: ["shopping"], from: milk.id)) {
      $0.tasks[id: milk.id]?.tags = [tag("a"), tag("b")]
      $0.history.steps.append(step("untag “Buy milk” shopping", previous: [(0, versions[2])]))
    }
    await store.finish()
    #expect(try stored(storage).items[0].tags == [tag("a"), tag("b")])
  }
}

/// A history step, for expectations.
func step(
  _ description: String, added: [UUID] = [], previous: [(Int, Item)] = []
) -> TaskHistory.Step {
  TaskHistory.Step(
    description: description, addedIDs: added,
    previousItems: previous.map { TaskHistory.PreviousItem(index: $0.0, item: $0.1) }
  )
}

/// `#require(throwing:)` for a typed error: the error `body` throws.
private func require<E: Error>(throwing: E.Type, _ body: () throws -> Void) throws -> E {
  do {
    try body()
  } catch let error as E {
    return error
  }
  throw RequireFailure()
}

private struct RequireFailure: Error {}

@MainActor
@Suite struct TaskListFilterTests {
  @Test func theFilterDecidesTheVisibleEntriesAtAnyDepth() async {
    let (store, _) = makeStore(tasks: [milk, errands])
    #expect(store.state.visibleEntries.map(\.item.title) == ["Buy milk", "Post letter", "Bank"])

    let filter = TaskFilter(tags: [.has("shopping")])
    await store.send(.filterChanged(filter)) { $0.filter = filter }
    #expect(store.state.visibleEntries.map(\.item.title) == ["Buy milk"])

    let inErrands = TaskFilter(project: "errands")
    await store.send(.filterChanged(inErrands)) { $0.filter = inErrands }
    #expect(store.state.visibleEntries.map(\.item.title) == ["Post letter", "Bank"])
    #expect(store.state.visibleEntries.map { $0.project?.title } == ["Errands", "Errands"])
  }

  @Test func tagCountsCountEveryItem() async {
    let (store, _) = makeStore(tasks: [milk, errands])
    await store.send(.addTags(["@shopping"], to: testID(202))) {
      $0.tasks[id: errands.id]?.children[1].tags = [tag("shopping")]
      $0.history.steps = [step("tag “Bank” @shopping", previous: [(1, errands)])]
    }
    await store.finish()
    #expect(store.state.tagCounts == [TagCount(name: "shopping", count: 2)])
  }
}

@MainActor
@Suite struct TaskListUndoTests {
  @Test func undoRevertsChangesNewestFirstAndSavesTheResult() async throws {
    let (store, storage) = makeStore(tasks: [milk, errands])

    await store.send(.markDone(ids: [milk.id])) {
      $0.tasks[id: milk.id]?.tags.append(tag("done", "2026-11-22"))
      $0.history.steps = [step("done “Buy milk”", previous: [(0, milk)])]
    }
    await store.send(.deleteButtonTapped(errands)) {
      $0.alert = TaskList.deleteConfirmation(for: errands)
    }
    await store.send(.alert(.presented(.confirmDeletion(id: errands.id)))) {
      $0.alert = nil
      $0.tasks.remove(id: errands.id)
      $0.history.steps.append(step("delete “Errands”", previous: [(1, errands)]))
    }
    await store.finish()
    #expect(try stored(storage).items.count == 1)

    await store.send(.undo) {
      $0.tasks.append(errands)
      $0.history.steps.removeLast()
    }
    await store.finish()
    #expect(try stored(storage).items.map(\.id) == [milk.id, errands.id])
    await store.send(.undo) {
      $0.tasks[id: milk.id] = milk
      $0.history.steps = []
    }
    await store.send(.undo) {
      $0.errorMessage = "There is nothing to undo."
    }
    await store.finish()
    #expect(try stored(storage).items == [milk, errands])
  }

  @Test func theHistoryIsSavedWithTheListAndLoadedBack() async throws {
    let (store, storage) = makeStore(tasks: [milk])
    await store.send(.importTaskPaper("- Call Bob\n")) {
      $0.tasks.append(Item(id: testID(0), kind: .task, title: "Call Bob"))
      $0.history.steps = [step("import 1 item", added: [testID(0)])]
    }
    await store.finish()

    let reloaded = TestStore(initialState: TaskList.State()) {
      TaskList()
    } withDependencies: {
      $0.storage = storage
    }
    await reloaded.send(.load)
    let expected = StoredTaskList(
      outline: Outline(items: [milk, Item(id: testID(0), kind: .task, title: "Call Bob")]),
      history: TaskHistory(steps: [step("import 1 item", added: [testID(0)])])
    )
    await reloaded.receive(.loadResponse(.success(expected))) {
      $0.loadStatus = .loaded
      $0.tasks = IdentifiedArray(uniqueElements: expected.outline.items)
      $0.history = expected.history
    }
    await reloaded.send(.undo) {
      $0.tasks = [milk]
      $0.history.steps = []
    }
    await reloaded.finish()
    #expect(try stored(storage).items == [milk])
  }
}
