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
    storage ?? .inMemory(documents: document.map { [TaskFile.documentName: $0] } ?? [:])
  let store = TestStore(
    initialState: TaskList.State(tasks: IdentifiedArray(uniqueElements: tasks), loadStatus: .loaded, journal: TaskJournal())
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
  try TaskFile.load(from: storage, withJournal: false).outline
}

/// The saved TaskPaper text.
private func storedText(_ storage: StorageClient) throws -> String? {
  try storage.load(TaskFile.documentName).map { String(decoding: $0, as: UTF8.self) }
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
    await store.send(.destination(.presented(.addTask(.binding(.set(\.text, "Call Bob @due(2026-12-01)")))))) {
      $0.destination = .addTask(TaskForm.State(mode: .add, task: Item(id: testID(0), kind: .task, title: ""), text: "Call Bob @due(2026-12-01)"))
    }
    await store.send(.destination(.presented(.addTask(.saveButtonTapped))))
    let call = Item(id: testID(0), kind: .task, title: "Call Bob", tags: [tag("due", "2026-12-01")])
    await store.receive(.destination(.presented(.addTask(.delegate(.saveTask(call)))))) {
      $0.tasks = [milk, call]
      $0.journal?.record(entry("add “Call Bob”", from: [milk], to: [milk, call]))
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
    #expect(try storage.load(TaskFile.documentName) == nil)
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
    await store.send(.destination(.presented(.editTask(.binding(.set(\.text, "Bank @today")))))) {
      $0.destination = .editTask(TaskForm.State(mode: .edit, task: bank, text: "Bank @today"))
    }
    await store.send(.destination(.presented(.editTask(.saveButtonTapped))))
    var edited = bank
    edited.tags = [tag("today")]
    await store.receive(.destination(.presented(.editTask(.delegate(.saveTask(edited)))))) {
      $0.tasks[id: errands.id]?.children[1] = edited
      $0.journal?.record(entry("edit “Bank”", from: [milk, errands], to: $0.tasks.elements))
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
      $0.journal?.record(entry("delete “Bank”", from: [milk, errands], to: $0.tasks.elements))
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
    #expect(try storage.load(TaskFile.documentName) == nil)
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
      $0.journal?.record(entry("delete “Buy milk”", from: [milk, errands], to: [errands]))
    }
    await store.finish()
    #expect(try stored(storage).items == [errands])
  }

  @Test func deletingSeveralItemsIsOneChange() async throws {
    let (store, storage) = makeStore(tasks: [milk, errands])

    // An item under one deleted before it is gone with it; one not there is skipped.
    let bank = errands.children[1]
    await store.send(.deleteItems(ids: [errands.id, bank.id, milk.id, testID(99)])) {
      $0.tasks = []
      $0.journal?.record(entry("delete “Errands”, “Bank”, “Buy milk”", from: [milk, errands], to: []))
    }
    await store.finish()
    #expect(try stored(storage).items == [])
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
    #expect(try storage.load(TaskFile.documentName) == nil)
  }

  // MARK: Completing and tagging

  @Test func markingDoneStampsTodayAndUndoingRemovesIt() async throws {
    let (store, storage) = makeStore(tasks: [milk, errands])

    await store.send(.markDone(ids: [milk.id, testID(201)])) {
      $0.tasks[id: milk.id]?.tags.append(tag("done", "2026-11-22"))
      $0.tasks[id: errands.id]?.children[0].tags = [tag("done", "2026-11-22")]
      $0.journal?.record(entry("done “Buy milk”, “Post letter”", from: [milk, errands], to: $0.tasks.elements))
    }
    await store.finish()
    #expect(try stored(storage).items[0].isDone)
    let done = store.state.tasks.elements
    await store.send(.markNotDone(ids: [milk.id])) {
      $0.tasks[id: milk.id]?.tags = [tag("shopping")]
      $0.journal?.record(entry("undone “Buy milk”", from: done, to: $0.tasks.elements))
    }
    await store.finish()
    #expect(try !stored(storage).items[0].isDone)
  }

  @Test func taggingParsesEachTagAndReplacesOneOfTheSameName() async throws {
    let (store, storage) = makeStore(tasks: [milk])

    await store.send(.addTags(["@due(2026-12-01)", "@shopping(dairy)"], to: milk.id)) {
      $0.tasks[id: milk.id]?.tags = [tag("shopping", "dairy"), tag("due", "2026-12-01")]
      $0.journal?.record(entry("tag “Buy milk” @due(2026-12-01) @shopping(dairy)", from: [milk], to: $0.tasks.elements))
    }
    await store.finish()
    #expect(try stored(storage).items[0].tags == [tag("shopping", "dairy"), tag("due", "2026-12-01")])
    let tagged = store.state.tasks.elements
    await store.send(.removeTags(names: ["shopping"], from: milk.id)) {
      $0.tasks[id: milk.id]?.tags = [tag("due", "2026-12-01")]
      $0.journal?.record(entry("untag “Buy milk” shopping", from: tagged, to: $0.tasks.elements))
    }
    await store.finish()
  }

  @Test func aBadTagIsTheFeaturesErrorAndNothingChanges() async throws {
    let (store, storage) = makeStore(tasks: [milk])

    await store.send(.addTags(["@ok", "@bad tag"], to: milk.id)) {
      $0.errorMessage = "Unable to convert @bad tag into a tag."
    }
    #expect(try storage.load(TaskFile.documentName) == nil)
  }

  @Test func importingTaskPaperAppendsItemsWithFreshIDs() async throws {
    let (store, storage) = makeStore(tasks: [milk])

    await store.send(.importTaskPaper("Home:\n\t- Water plants @weekly\n", .append)) {
      $0.tasks.append(
        Item(
          id: testID(0), kind: .project, title: "Home",
          children: [Item(id: testID(1), kind: .task, title: "Water plants", tags: [tag("weekly")], level: 1)]
        )
      )
      $0.journal?.record(entry("import 2 items", from: [milk], to: $0.tasks.elements))
    }
    await store.finish()
    #expect(try stored(storage).items.count == 2)
  }

  @Test func importingMergesWhatIsAlreadyThereAndAddsTheRestInPlace() async throws {
    let (store, storage) = makeStore(tasks: [milk, errands])

    // "Errands" and "Post letter" are already there; "Call Bob" comes after "Post letter",
    // "Read" after "Errands".
    await store.send(.importTaskPaper("Errands:\n\t- Post letter\n\t- Call Bob\n- Read\n")) {
      $0.tasks[id: errands.id]?.children.insert(Item(id: testID(2), kind: .task, title: "Call Bob", level: 1), at: 1)
      $0.tasks.append(Item(id: testID(3), kind: .task, title: "Read"))
      // Undo names what came in: the two items that were already there are not counted.
      $0.journal?.record(entry("import 2 items", from: [milk, errands], to: $0.tasks.elements))
    }
    await store.finish()
    #expect(try storedText(storage) == "- Buy milk @shopping\nErrands:\n\t- Post letter\n\t- Call Bob\n\t- Bank\n\t\tBring ID\n- Read\n")

    await store.send(.importTaskPaper("Errands:\n\t- Post letter\n\t- Call Bob\n- Read\n"))
    await store.finish()
  }

  // MARK: Loading

  @Test func loadingReadsTheStoredListWithTheIdsOfItsIndex() async throws {
    let text = "- Buy milk @shopping\nErrands:\n\t- Post letter\n\t- Bank\n\t\tBring ID\n"
    let index = TaskFile.write([milk, errands], over: .empty).index
    let storage = StorageClient.inMemory(documents: [TaskFile.documentName: Data(text.utf8), TaskFile.indexName: index])
    let (store, _) = makeStore(storage: storage)

    await store.send(.load)
    let loaded = try TaskFile.load(from: storage, withJournal: true, now: now)
    await store.receive(.loadResponse(.success(loaded))) {
      $0.tasks = [milk, errands]
      $0.source = loaded.source
    }
    #expect(loaded.journal == TaskJournal())
    #expect(loaded.source.text == text)
  }

  @Test func aFileThatIsNotUTF8IsAnErrorAndIsNeverOverwritten() async throws {
    let damaged = Data("- Buy milk\n- Caf".utf8) + Data([0xE9, 0x0A])
    let storage = StorageClient.inMemory(documents: [TaskFile.documentName: damaged])
    let store = TestStore(initialState: TaskList.State()) {
      TaskList()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.date = .constant(now)
      $0.storage = storage
    }

    await store.send(.load)
    let error = try require(throwing: TaskStorageError.self) {
      _ = try TaskFile.load(from: storage, withJournal: true)
    }
    #expect("\(error)".contains("line 2: invalid UTF-8: byte 0xE9 at column 6"))
    await store.receive(.loadResponse(.failure(error))) {
      $0.loadStatus = .failed(error)
    }
    await store.send(.markDone(ids: [milk.id])) {
      $0.errorMessage = "The task list was not changed, because it could not be loaded: \(error.description)"
    }
    await store.finish()
    #expect(try storage.load(TaskFile.documentName) == damaged)
  }

  @Test func everyChangeIsSavedAndTheLastOneWins() async throws {
    let (store, storage) = makeStore(tasks: [milk])

    var versions = [milk]
    await store.send(.addTags(["@a"], to: milk.id)) {
      $0.tasks[id: milk.id]?.tags.append(tag("a"))
      $0.journal?.record(entry("tag “Buy milk” @a", from: [milk], to: $0.tasks.elements))
    }
    versions.append(store.state.tasks[0])
    await store.send(.addTags(["@b"], to: milk.id)) {
      $0.tasks[id: milk.id]?.tags.append(tag("b"))
      $0.journal?.record(entry("tag “Buy milk” @b", from: [versions[1]], to: $0.tasks.elements))
    }
    versions.append(store.state.tasks[0])
    await store.send(.removeTags(names: ["shopping"], from: milk.id)) {
      $0.tasks[id: milk.id]?.tags = [tag("a"), tag("b")]
      $0.journal?.record(entry("untag “Buy milk” shopping", from: [versions[2]], to: $0.tasks.elements))
    }
    await store.finish()
    #expect(try stored(storage).items[0].tags == [tag("a"), tag("b")])
    // Every save wrote the journal as the state had it; the last one holds all three.
    let journal = try TaskFile.load(from: storage, withJournal: true).journal
    #expect(journal?.records.map(\.description) == ["tag “Buy milk” @a", "tag “Buy milk” @b", "untag “Buy milk” shopping"])
  }
}

/// The journal entry of a change from `before` to `after`, for expectations.
func entry(_ description: String, from before: [Item], to after: [Item]) -> TaskJournal.Entry {
  TaskJournal.Entry(description, from: before, to: after)
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
      $0.journal?.record(entry("tag “Bank” @shopping", from: [milk, errands], to: $0.tasks.elements))
    }
    await store.finish()
    #expect(store.state.tagCounts == [TagCount(name: "shopping", count: 2)])
  }
}

@MainActor
@Suite struct TaskListUndoTests {
  @Test func undoRevertsChangesNewestFirstAndRedoMakesThemAgain() async throws {
    let (store, storage) = makeStore(tasks: [milk, errands])

    await store.send(.markDone(ids: [milk.id])) {
      $0.tasks[id: milk.id]?.tags.append(tag("done", "2026-11-22"))
      $0.journal?.record(entry("done “Buy milk”", from: [milk, errands], to: $0.tasks.elements))
    }
    let done = store.state.tasks.elements
    await store.send(.deleteButtonTapped(errands)) {
      $0.alert = TaskList.deleteConfirmation(for: errands)
    }
    await store.send(.alert(.presented(.confirmDeletion(id: errands.id)))) {
      $0.alert = nil
      $0.tasks.remove(id: errands.id)
      $0.journal?.record(entry("delete “Errands”", from: done, to: $0.tasks.elements))
    }
    await store.finish()
    #expect(try storedText(storage) == "- Buy milk @shopping @done(2026-11-22)\n")

    await store.send(.undo) {
      $0.tasks.append(errands)
      $0.journal?.applied = 1
    }
    await store.finish()
    #expect(try stored(storage).items.map(\.id) == [milk.id, errands.id])
    await store.send(.undo) {
      $0.tasks[id: milk.id] = milk
      $0.journal?.applied = 0
    }
    await store.send(.undo) {
      $0.errorMessage = "There is nothing to undo."
    }
    await store.finish()
    #expect(try stored(storage).items == [milk, errands])
    #expect(try storedText(storage) == "- Buy milk @shopping\nErrands:\n\t- Post letter\n\t- Bank\n\t\tBring ID\n")

    await store.send(.redo) {
      $0.errorMessage = nil
      $0.tasks[id: milk.id]?.tags.append(tag("done", "2026-11-22"))
      $0.journal?.applied = 1
    }
    await store.send(.redo) {
      $0.tasks.remove(id: errands.id)
      $0.journal?.applied = 2
    }
    await store.send(.redo) {
      $0.errorMessage = "There is nothing to redo."
    }
    await store.finish()
    #expect(try storedText(storage) == "- Buy milk @shopping @done(2026-11-22)\n")
  }

  @Test func aNewChangeForgetsWhatWasUndone() async throws {
    let (store, _) = makeStore(tasks: [milk])
    await store.send(.markDone(ids: [milk.id])) {
      $0.tasks[id: milk.id]?.tags.append(tag("done", "2026-11-22"))
      $0.journal?.record(entry("done “Buy milk”", from: [milk], to: $0.tasks.elements))
    }
    await store.send(.undo) {
      $0.tasks = [milk]
      $0.journal?.applied = 0
    }
    await store.send(.addTags(["@today"], to: milk.id)) {
      $0.tasks[id: milk.id]?.tags.append(tag("today"))
      // The undone "done" is forgotten; serials go on.
      var expected = TaskJournal(records: [], applied: 0, nextSerial: 2)
      expected.record(entry("tag “Buy milk” @today", from: [milk], to: $0.tasks.elements))
      $0.journal = expected
    }
    await store.send(.redo) {
      $0.errorMessage = "There is nothing to redo."
    }
    await store.finish()
  }

  @Test func undoRefusesWhenAnItemItTouchedWasEditedSince() async throws {
    let (store, storage) = makeStore(tasks: [milk])
    await store.send(.markDone(ids: [milk.id])) {
      $0.tasks[id: milk.id]?.tags.append(tag("done", "2026-11-22"))
      $0.journal?.record(entry("done “Buy milk”", from: [milk], to: $0.tasks.elements))
    }
    await store.finish()
    #expect(try storedText(storage) == "- Buy milk @shopping @done(2026-11-22)\n")

    // Someone tags the task in an editor; the list is loaded again.
    let edited = "- Buy milk @shopping @done(2026-11-22) @errands\n"
    try storage.save(Data(edited.utf8), TaskFile.documentName)
    await store.send(.load)
    let loaded = try TaskFile.load(from: storage, withJournal: true, now: now)
    await store.receive(.loadResponse(.success(loaded))) {
      $0.tasks[id: milk.id]?.tags.append(tag("errands"))
      $0.source = loaded.source
      // The list of changes, without the entries: undo reads the one it needs.
      $0.journal = loaded.journal
    }
    await store.send(.undo)
    let done = try TaskFile.loadEntry(of: try #require(loaded.journal?.undoable), from: storage)
    await store.receive(.journalEntryLoaded(serial: 1, .success(done), .undo)) {
      $0.journal?.records[0].entry = done
      $0.errorMessage = """
        Cannot undo “done “Buy milk””: “- Buy milk @shopping @done(2026-11-22)” was changed since. \
        Nothing was changed; the file keeps the newer edit.
        """
    }
    await store.finish()
    #expect(try storedText(storage) == edited)
  }

  @Test func undoOfAChangeAlreadyRevertedInTheFileOnlyStepsBack() async throws {
    let (store, storage) = makeStore(tasks: [milk])
    await store.send(.markDone(ids: [milk.id])) {
      $0.tasks[id: milk.id]?.tags.append(tag("done", "2026-11-22"))
      $0.journal?.record(entry("done “Buy milk”", from: [milk], to: $0.tasks.elements))
    }
    await store.finish()
    // The @done tag is removed by hand.
    try storage.save(Data("- Buy milk @shopping\n".utf8), TaskFile.documentName)
    await store.send(.load)
    let loaded = try TaskFile.load(from: storage, withJournal: true, now: now)
    await store.receive(.loadResponse(.success(loaded))) {
      $0.tasks = [milk]
      $0.source = loaded.source
      $0.journal = loaded.journal
    }
    await store.send(.undo)
    let done = try TaskFile.loadEntry(of: try #require(loaded.journal?.undoable), from: storage)
    await store.receive(.journalEntryLoaded(serial: 1, .success(done), .undo)) {
      $0.journal?.records[0].entry = done
      $0.journal?.applied = 0
    }
    await store.finish()
    #expect(try storedText(storage) == "- Buy milk @shopping\n")
  }

  @Test func theJournalIsSavedBesideTheListAndLoadedBack() async throws {
    let (store, storage) = makeStore(tasks: [milk])
    await store.send(.importTaskPaper("- Call Bob\n")) {
      $0.tasks.append(Item(id: testID(0), kind: .task, title: "Call Bob"))
      $0.journal?.record(entry("import 1 item", from: [milk], to: $0.tasks.elements))
    }
    await store.finish()

    let reloaded = TestStore(initialState: TaskList.State()) {
      TaskList()
    } withDependencies: {
      $0.date = .constant(now)
      $0.storage = storage
    }
    await reloaded.send(.load)
    let expected = try TaskFile.load(from: storage, withJournal: true, now: now)
    #expect(expected.outline.items == [milk, Item(id: testID(0), kind: .task, title: "Call Bob")])
    #expect(expected.journal?.records.map(\.description) == ["import 1 item"])
    await reloaded.receive(.loadResponse(.success(expected))) {
      $0.loadStatus = .loaded
      $0.tasks = IdentifiedArray(uniqueElements: expected.outline.items)
      $0.source = expected.source
      $0.journal = expected.journal
    }
    await reloaded.send(.undo)
    let imported = try TaskFile.loadEntry(of: try #require(expected.journal?.undoable), from: storage)
    var recorded = entry("import 1 item", from: [milk], to: [milk, Item(id: testID(0), kind: .task, title: "Call Bob")])
    // A change that adds items keeps the file's line break with it.
    recorded.usualLineBreak = "\n"
    recorded.usualLineBreakAfter = "\n"
    #expect(imported == recorded)
    await reloaded.receive(.journalEntryLoaded(serial: 1, .success(imported), .undo)) {
      $0.journal?.records[0].entry = imported
      $0.tasks = [milk]
      $0.journal?.applied = 0
    }
    await reloaded.finish()
    #expect(try stored(storage).items == [milk])
    #expect(try storedText(storage) == "- Buy milk @shopping\n")
  }

  @Test func aListLoadedForReadingHasNoJournalAndCannotUndo() async throws {
    let storage = StorageClient.inMemory(documents: [TaskFile.documentName: Data("- Buy milk\n".utf8)])
    let store = TestStore(initialState: TaskList.State()) { TaskList() } withDependencies: {
      $0.date = .constant(now)
      $0.storage = storage
    }
    await store.send(.loadForReading)
    let loaded = try TaskFile.load(from: storage, withJournal: false, now: now)
    await store.receive(.loadResponse(.success(loaded))) {
      $0.loadStatus = .loaded
      $0.tasks = IdentifiedArray(uniqueElements: loaded.outline.items)
      $0.source = loaded.source
    }
    await store.send(.undo) {
      $0.errorMessage = "There is nothing to undo."
    }
  }
}
