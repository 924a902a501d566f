import Composable
import ComposableTesting
import Dependencies
import Foundation
import TaskManager
import Testing

/// 2026-11-22 10:00 UTC.
private let now = Date(timeIntervalSince1970: 1_795_341_600)

@MainActor
private func makeStore(tasks: [Item] = [], text: String? = nil) -> (TestStore<TaskList.State, TaskList.Action>, StorageClient) {
  let storage = StorageClient.inMemory(documents: text.map { [TaskFile.documentName: Data($0.utf8)] } ?? [:])
  let store = TestStore(
    initialState: TaskList.State(tasks: IdentifiedArray(uniqueElements: tasks), loadStatus: .loaded, journal: TaskJournal())
  ) {
    TaskList()
  } withDependencies: {
    $0.uuid = .incrementing
    $0.date = .constant(now)
    $0.timeZone = TimeZone(identifier: "UTC")!
    $0.storage = storage
  }
  return (store, storage)
}

private func storedText(_ storage: StorageClient) throws -> String? {
  try storage.load(TaskFile.documentName).map { String(decoding: $0, as: UTF8.self) }
}

/// Loads the stored file into `store`, without asserting the load's state.
@MainActor
private func load(_ store: TestStore<TaskList.State, TaskList.Action>) async {
  store.exhaustivity = .off
  await store.send(.load)
  await store.skipReceivedActions()
}

/// The id of the item titled `title`, at any depth.
@MainActor
private func id(_ title: String, in store: TestStore<TaskList.State, TaskList.Action>) throws -> UUID {
  var found: UUID?
  store.state.outline.forEachEntry { if $0.item.title == title, found == nil { found = $0.item.id } }
  return try #require(found, "no item “\(title)”")
}

/// Undoes the newest change and waits for its save.
@MainActor
private func undo(_ store: TestStore<TaskList.State, TaskList.Action>) async {
  await store.send(.undo)
  await store.skipReceivedActions()
  await store.finish()
}

/// A file as people leave them: CRLF, tabs and spaces mixed, no final line break.
private let bulkFile = "Errands:\r\n\t- Buy milk @errand\r\n\t- Post office @errand @due(2026-11-30)\r\n\t  - Stamps @errand\r\nHome:\r\n\t- Paint @due(2026-12-01)"

@MainActor
@Suite struct TaskListManyItemsTests {
  // MARK: Tagging

  @Test func addTagsToItemsTagsThemAllInOneChange() async throws {
    let milk = Item(id: testID(100), kind: .task, title: "Buy milk")
    let bank = Item(id: testID(101), kind: .task, title: "Bank", tags: [tag("errand")])
    let other = Item(id: testID(102), kind: .task, title: "Other")
    let (store, storage) = makeStore(tasks: [milk, bank, other])
    await store.send(.addTagsToItems(["@today", "@due(2026-12-01)"], ids: [milk.id, bank.id])) {
      $0.tasks[id: milk.id]?.tags = [tag("today"), tag("due", "2026-12-01")]
      $0.tasks[id: bank.id]?.tags = [tag("errand"), tag("today"), tag("due", "2026-12-01")]
      $0.journal?.record(entry("tag “Buy milk”, “Bank” @today @due(2026-12-01)", from: [milk, bank, other], to: $0.tasks.elements))
    }
    await store.finish()
    #expect(try storedText(storage) == "- Buy milk @today @due(2026-12-01)\n- Bank @errand @today @due(2026-12-01)\n- Other\n")
    #expect(store.state.journal?.records.count == 1)
  }

  @Test func aValueAnyItemWouldLoseRefusesTheWholeChange() async throws {
    let milk = Item(id: testID(100), kind: .task, title: "Buy milk")
    let bank = Item(id: testID(101), kind: .task, title: "Bank", tags: [tag("due", "2026-11-30")])
    let (store, _) = makeStore(tasks: [milk, bank])
    await store.send(.addTagsToItems(["@due"], ids: [milk.id, bank.id])) {
      $0.errorMessage =
        "“Bank” has @due(2026-11-30): @due alone would drop its value. To change the value, give the new one (@due(…)); to drop it, add --replace."
    }
    // With replacingValues, both get the tag.
    await store.send(.addTagsToItems(["@due"], ids: [milk.id, bank.id], replacingValues: true)) {
      $0.errorMessage = nil
      $0.tasks[id: milk.id]?.tags = [tag("due")]
      $0.tasks[id: bank.id]?.tags = [tag("due")]
      $0.journal?.record(entry("tag “Buy milk”, “Bank” @due", from: [milk, bank], to: $0.tasks.elements))
    }
    await store.finish()
  }

  @Test func tagsOnManyItemsAreUndoneByteForByte() async throws {
    let (store, storage) = makeStore(text: bulkFile)
    await load(store)
    let ids = [try id("Buy milk", in: store), try id("Stamps", in: store), try id("Paint", in: store)]
    await store.send(.addTagsToItems(["@today"], ids: ids))
    await store.finish()
    #expect(
      try storedText(storage)
        == "Errands:\r\n\t- Buy milk @errand @today\r\n\t- Post office @errand @due(2026-11-30)\r\n\t  - Stamps @errand @today\r\nHome:\r\n\t- Paint @due(2026-12-01) @today"
    )
    #expect(store.state.journal?.records.count == 1)
    await undo(store)
    #expect(try storedText(storage) == bulkFile)
  }

  // MARK: Untagging

  @Test func removeTagsFromItemsRemovesThemInOneChange() async throws {
    let (store, storage) = makeStore(text: bulkFile)
    await load(store)
    let ids = [try id("Buy milk", in: store), try id("Post office", in: store), try id("Stamps", in: store)]
    await store.send(.removeTagsFromItems(names: ["errand", "due"], ids: ids))
    await store.finish()
    #expect(
      try storedText(storage) == "Errands:\r\n\t- Buy milk\r\n\t- Post office\r\n\t  - Stamps\r\nHome:\r\n\t- Paint @due(2026-12-01)"
    )
    #expect(store.state.journal?.undoable?.description == "untag “Buy milk”, “Post office”, “Stamps” errand due")
    await undo(store)
    #expect(try storedText(storage) == bulkFile)
  }

  @Test func anItemLeftBlankRefusesTheWholeChange() async throws {
    let text = "- Buy milk @errand\n@errand\n"
    let (store, storage) = makeStore(text: text)
    await load(store)
    let ids = Array(store.state.tasks.ids)
    await store.send(.removeTagsFromItems(names: ["errand"], ids: ids))
    await store.finish()
    #expect(store.state.errorMessage != nil)
    #expect(store.state.journal?.records.isEmpty == true)
    #expect(try storedText(storage) == text)
  }

  // MARK: Moving

  @Test func moveItemsKeepsTheirOrderAndAChildFoundWithItsParentStaysUnderIt() async throws {
    let (store, storage) = makeStore(text: bulkFile)
    await load(store)
    // Post office and Stamps (under it) are both found: Stamps moves with Post office.
    let ids = [try id("Stamps", in: store), try id("Buy milk", in: store), try id("Post office", in: store)]
    await store.send(.moveItems(ids: ids, to: .project("Home")))
    await store.finish()
    #expect(
      try storedText(storage)
        == "Errands:\r\nHome:\r\n\t- Paint @due(2026-12-01)\r\n\t- Buy milk @errand\r\n\t- Post office @errand @due(2026-11-30)\r\n\t  - Stamps @errand"
    )
    #expect(store.state.journal?.records.count == 1)
    #expect(store.state.journal?.undoable?.description == "move “Buy milk”, “Post office”")
    await undo(store)
    #expect(try storedText(storage) == bulkFile)
  }

  @Test func moveItemsBeforeAnItemAndFirstPutsThemInDocumentOrder() async throws {
    let text = "- A\n- B\n- C\n- D\n"
    let (store, storage) = makeStore(text: text)
    await load(store)
    let (b, d) = (try id("B", in: store), try id("D", in: store))
    await store.send(.moveItems(ids: [d, b], to: .before(try id("A", in: store))))
    await store.finish()
    #expect(try storedText(storage) == "- B\n- D\n- A\n- C\n")
    await store.send(.moveItems(ids: [try id("C", in: store), try id("A", in: store)], to: .first))
    await store.finish()
    #expect(try storedText(storage) == "- A\n- C\n- B\n- D\n")
    await undo(store)
    await undo(store)
    #expect(try storedText(storage) == text)
  }

  @Test func moveItemsIntoOneOfThemRefusesTheWholeChange() async throws {
    let text = "- A\n- B\n- C\n"
    let (store, storage) = makeStore(text: text)
    await load(store)
    let (a, b) = (try id("A", in: store), try id("B", in: store))
    await store.send(.moveItems(ids: [a, b], to: .inside(b)))
    await store.finish()
    #expect(store.state.errorMessage == "“B” cannot go inside itself or an item under it.")
    #expect(store.state.journal?.records.isEmpty == true)
    #expect(try storedText(storage) == text)
  }

  // MARK: Archiving

  @Test func archiveDoneItemsMovesOnlyTheDoneItemsAmongThem() async throws {
    let text = "Work:\n\t- Plan @done(2026-11-20)\n\t\t- Draft @done(2026-11-19)\n\t- Ship @done\n- Loose @done\n"
    let (store, storage) = makeStore(text: text)
    await load(store)
    // Draft is found but Plan, its done parent, is not: Draft moves on its own. Loose is not
    // found, nor done items the list has elsewhere.
    let ids = [try id("Draft", in: store), try id("Ship", in: store), try id("Work", in: store)]
    await store.send(.archiveDoneItems(ids: ids))
    await store.finish()
    #expect(
      try storedText(storage)
        == "Work:\n\t- Plan @done(2026-11-20)\n- Loose @done\nArchive:\n\t- Draft @done(2026-11-19) @project(Work)\n\t- Ship @done @project(Work)\n"
    )
    #expect(store.state.journal?.undoable?.description == "archive 2 done items")
    await undo(store)
    #expect(try storedText(storage) == text)
    // Nothing done among them: no change.
    await store.send(.archiveDoneItems(ids: [try id("Work", in: store)]))
    await store.finish()
    #expect(store.state.journal?.applied == 0)
  }

  @Test func outermostItemsLeavesOutThoseUnderAnother() {
    let outline = parseOutline("Work:\n\t- Call Bob\n\t\t- Number\n- Pay rent\n")
    // Ids 1…4 in document order.
    #expect(outline.outermostItems(among: [testID(4), testID(3), testID(2)]) == [testID(2), testID(4)])
    #expect(outline.outermostItems(among: [testID(1), testID(3)]) == [testID(1)])
    #expect(outline.outermostItems(among: []) == [])
  }
}
