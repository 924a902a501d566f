import Dependencies
import Foundation
import Testing
import TaskManager

@Suite("Task document storage")
struct TaskDocumentStorageTests {
  static let outline = parseOutline("Errands:\n\t- Buy milk @today\n\t\tSemi-skimmed.\n- Call Bob @due(2024-10-31)\n")

  @Test func anAbsentDocumentLoadsAsAnEmptyList() throws {
    #expect(try TaskDocumentStorage(storage: .inMemory).load() == Outline())
  }

  @Test func savedListsLoadBackUnderTheDefaultName() throws {
    let storage = StorageClient.inMemory
    let tasks = TaskDocumentStorage(storage: storage)
    try tasks.save(Self.outline)
    #expect(try tasks.load() == Self.outline)
    #expect(try storage.load("tasks.taskman") == TaskDocument.encode(Self.outline))
  }

  @Test func aDamagedDocumentIsAnErrorAndIsLeftUntouched() throws {
    let damaged = Data("taskman tasks v1\n- Buy milk @id(xyz)\n".utf8)
    let storage = StorageClient.inMemory(documents: ["tasks.taskman": damaged])
    let tasks = TaskDocumentStorage(storage: storage)
    #expect(throws: TaskStorageError.damaged(document: "tasks.taskman", TaskDocumentError(line: 2, problem: .invalidID("xyz")))) {
      try tasks.load()
    }
    do {
      _ = try tasks.load()
    } catch {
      #expect(
        error.description == """
          The task document "tasks.taskman" cannot be read: line 2: invalid id "xyz". It was left \
          untouched; fix that line, or restore the document from its backup, and try again.
          """
      )
    }
    #expect(try storage.load("tasks.taskman") == damaged)
  }

  @Test func anUpdateOfADamagedDocumentNeitherRunsNorSaves() throws {
    let damaged = Data("- A TaskPaper file, not a task document\n".utf8)
    let storage = StorageClient.inMemory(documents: ["tasks.taskman": damaged])
    var ran = false
    #expect(throws: TaskStorageError.self) {
      try TaskDocumentStorage(storage: storage).update(timeout: .zero) { _ in ran = true }
    }
    #expect(!ran)
    #expect(try storage.load("tasks.taskman") == damaged)
  }

  @Test func updatesLoadChangeAndSave() throws {
    let tasks = TaskDocumentStorage(storage: .inMemory, name: "work.taskman")
    try tasks.save(Self.outline)
    let count = try tasks.update(timeout: .seconds(1)) { outline in
      outline.items.append(Item(id: testID(99), kind: .task, title: "New"))
      return outline.items.count
    }
    #expect(count == 3)
    #expect(try tasks.load().items.map(\.title) == ["Errands", "Call Bob", "New"])
  }

  @Test func anUpdateThatThrowsSavesNothing() throws {
    struct Cancelled: Error {}
    let tasks = TaskDocumentStorage(storage: .inMemory)
    try tasks.save(Self.outline)
    #expect(throws: Cancelled.self) {
      try tasks.update(timeout: .seconds(1)) { outline in
        outline.items.removeAll()
        throw Cancelled()
      }
    }
    #expect(try tasks.load() == Self.outline)
  }

  @Test func aHeldLockTimesOutAsAStorageError() throws {
    let storage = StorageClient.inMemory
    let tasks = TaskDocumentStorage(storage: storage)
    try storage.withExclusiveAccess(to: "tasks.taskman", timeout: .zero) { access in
      // The lock-holding caller can still load and save through its access.
      try tasks.save(Self.outline, to: access)
      #expect(try tasks.load(from: access) == Self.outline)
      do {
        try tasks.update(timeout: .zero) { _ in }
        Issue.record("the update ran while the lock was held")
      } catch let error as TaskStorageError {
        guard case .storage(.lockTimeout(document: "tasks.taskman", lockFile: nil, _)) = error else {
          Issue.record("unexpected error \(error)")
          return
        }
      }
    }
  }

  @Test func storageFailuresAreReportedAsSuch() {
    let tasks = TaskDocumentStorage(storage: .inMemory, name: "bad/name")
    for error in [
      #expect(throws: TaskStorageError.self) { try tasks.load() },
      #expect(throws: TaskStorageError.self) { try tasks.save(Self.outline) },
    ] {
      guard case .storage(.invalidName("bad/name", _)) = error else {
        Issue.record("unexpected error \(String(describing: error))")
        continue
      }
    }
  }
}
