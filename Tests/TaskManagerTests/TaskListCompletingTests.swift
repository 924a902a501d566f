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

@MainActor
@Suite struct TaskListCompletingTests {
  // MARK: Repeating

  @Test func doneOnARepeatingTaskAddsTheNextInstanceRightAfterIt() async throws {
    let water = Item(id: testID(100), kind: .task, title: "Water plants", tags: [tag("due", "2026-11-20"), tag("repeat", "weekly")])
    let other = Item(id: testID(101), kind: .task, title: "Other")
    let (store, storage) = makeStore(tasks: [water, other])
    await store.send(.markDone(ids: [water.id])) {
      $0.tasks[id: water.id]?.tags.append(tag("done", "2026-11-22"))
      // From the previous @due, not from today.
      let next = Item(id: testID(0), kind: .task, title: "Water plants", tags: [tag("due", "2026-11-27"), tag("repeat", "weekly")])
      $0.tasks.insert(next, at: 1)
      $0.journal?.record(entry("done “Water plants”, next due 2026-11-27", from: [water, other], to: $0.tasks.elements))
    }
    await store.finish()
    #expect(
      try storedText(storage)
        == "- Water plants @due(2026-11-20) @repeat(weekly) @done(2026-11-22)\n- Water plants @due(2026-11-27) @repeat(weekly)\n- Other\n"
    )
  }

  @Test func aDoneRepeatingTaskDoesNotRepeatAgain() async throws {
    let done = Item(id: testID(100), kind: .task, title: "Pay", tags: [tag("due", "2026-11-20"), tag("repeat", "daily"), tag("done", "2026-11-20")])
    let (store, _) = makeStore(tasks: [done])
    await store.send(.markDone(ids: [done.id]))
    await store.finish()
  }

  @Test func anUnknownRuleOnlyMarksTheTaskDone() async throws {
    let odd = Item(id: testID(100), kind: .task, title: "Odd", tags: [tag("due", "2026-11-20"), tag("repeat", "sometimes")])
    let (store, _) = makeStore(tasks: [odd])
    await store.send(.markDone(ids: [odd.id])) {
      $0.tasks[id: odd.id]?.tags.append(tag("done", "2026-11-22"))
      $0.journal?.record(entry("done “Odd”", from: [odd], to: $0.tasks.elements))
    }
    await store.finish()
  }

  @Test func skipMovesTheDatesWithoutCompleting() async throws {
    let standup = Item(
      id: testID(100), kind: .task, title: "Standup", tags: [tag("due", "2026-11-27 09:30"), tag("repeat", "weekdays")],
      children: [Item(id: testID(101), kind: .note, title: "Room 4", level: 1)]
    )
    let (store, storage) = makeStore(tasks: [standup])
    await store.send(.skipRepetition(ids: [standup.id])) {
      $0.tasks[id: standup.id]?.tags[0] = tag("due", "2026-11-30 09:30")
      $0.journal?.record(entry("skip “Standup” to 2026-11-30 09:30", from: [standup], to: $0.tasks.elements))
    }
    await store.finish()
    #expect(try storedText(storage) == "- Standup @due(2026-11-30 09:30) @repeat(weekdays)\n\tRoom 4\n")
  }

  @Test func skipRefusesWhatCannotRepeat() async throws {
    let odd = Item(id: testID(100), kind: .task, title: "Odd", tags: [tag("due", "2026-11-20"), tag("repeat", "fortnightly")])
    let plain = Item(id: testID(101), kind: .task, title: "Plain")
    let (store, _) = makeStore(tasks: [odd, plain])
    await store.send(.skipRepetition(ids: [plain.id, odd.id])) {
      $0.errorMessage = "“Plain” has no @repeat tag."
    }
    await store.send(.skipRepetition(ids: [odd.id])) {
      $0.errorMessage = RepeatError.unknownRule(RepeatRuleError(value: "fortnightly")).description
    }
    #expect(store.state.errorMessage?.contains("daily, weekdays, weekly, monthly, yearly") == true)
  }

  // MARK: Archiving

  @Test func archiveMovesDoneItemsWithTheirProjectsPathAndUndoRestoresTheBytes() async throws {
    let text = """
      Work:
      \t- Plan @done(2026-11-20)
      \tReports:
      \t\t- Q3 report @done(2026-11-21)
      \t\t\tnotes on it
      \t\t- Q4 report
      - Loose @done
      - Open

      """
    let (store, storage) = makeStore(text: text)
    await load(store)
    await store.send(.archiveDone)
    await store.finish()
    #expect(
      try storedText(storage) == """
        Work:
        \tReports:
        \t\t- Q4 report
        - Open
        Archive:
        \t- Plan @done(2026-11-20) @project(Work)
        \t- Q3 report @done(2026-11-21) @project(Work / Reports)
        \t\tnotes on it
        \t- Loose @done

        """
    )
    #expect(store.state.journal?.undoable?.description == "archive 3 done items")
    await store.send(.undo)
    await store.skipReceivedActions()
    await store.finish()
    #expect(try storedText(storage) == text)
  }

  @Test func archivedItemsGoFirstInAnExistingArchiveAndThoseInItStay() async throws {
    let text = "Home:\n\t- Paint @done(2026-11-21)\n\nArchive:\n\t- Old @done(2026-01-01) @project(Home)\n\t- Also old @done\n"
    let (store, storage) = makeStore(text: text)
    await load(store)
    await store.send(.archiveDone)
    await store.finish()
    #expect(
      try storedText(storage)
        == "Home:\n\nArchive:\n\t- Paint @done(2026-11-21) @project(Home)\n\t- Old @done(2026-01-01) @project(Home)\n\t- Also old @done\n"
    )
    // Nothing left to archive: no change, nothing recorded.
    let serial = store.state.journal?.nextSerial
    await store.send(.archiveDone)
    await store.finish()
    #expect(store.state.journal?.nextSerial == serial)
  }

  @Test func anArchiveIsAddedAfterABlankLineWhenProjectsAreSeparatedSo() async throws {
    let text = "One:\n\t- A @done\n\nTwo:\n\t- B\n"
    let (store, storage) = makeStore(text: text)
    await load(store)
    await store.send(.archiveDone)
    await store.finish()
    #expect(try storedText(storage) == "One:\n\nTwo:\n\t- B\n\nArchive:\n\t- A @done @project(One)\n")
    await store.send(.undo)
    await store.skipReceivedActions()
    await store.finish()
    #expect(try storedText(storage) == text)
  }

  // MARK: History

  @Test func aChangeIsRecordedWithItsTimeAndTheTimeIsStored() async throws {
    let (store, storage) = makeStore(text: "- Buy milk\n")
    await load(store)
    await store.send(.addTags(["@shop"], to: store.state.tasks[0].id))
    await store.finish()
    #expect(store.state.journal?.records.last?.date == now)
    let stored = try #require(try storage.load(TaskFile.journalName))
    #expect(String(decoding: stored, as: UTF8.self).contains("\nat 2026-11-22T10:00:00Z\n"))
    #expect(try TaskJournal(decoding: stored).records.last?.date == now)
  }
}
