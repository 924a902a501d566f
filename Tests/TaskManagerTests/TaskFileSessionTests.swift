import Composable
import Dependencies
import Foundation
import TaskManager
import Testing

/// 2026-11-22 10:00 UTC.
private let now = Date(timeIntervalSince1970: 1_795_341_600)

/// A session over `storage` that waits for no lock, with ids 0, 1, 2… and a fixed clock.
@MainActor
private func makeSession(_ storage: StorageClient, reader: TaskFileReader = .direct, lockTimeout: Duration = .zero) -> TaskFileSession {
  TaskFileSession(storage: storage, lockTimeout: lockTimeout, date: .constant(now), reader: reader) {
    $0.uuid = .incrementing
    $0.timeZone = TimeZone(identifier: "UTC")!
  }
}

/// A storage holding `text` as the task file.
private func storage(_ text: String) -> StorageClient {
  .inMemory(documents: [TaskFile.documentName: Data(text.utf8)])
}

/// The task file's text in `storage`.
private func file(in storage: StorageClient) -> String? {
  ((try? storage.load(TaskFile.documentName)) ?? nil).map { String(decoding: $0, as: UTF8.self) }
}

/// What `body` failed with, run in the session with the file's lock held; nil when it did not.
@MainActor
private func failure(
  readOnly: Bool = false,
  in session: TaskFileSession,
  _ body: () async throws(TaskFileFailure) -> Void = {}
) async -> TaskFileFailure? {
  do throws(TaskFileFailure) {
    try await session.withLoadedList(readOnly: readOnly, failure: { $0 }) { () throws(TaskFileFailure) in try await body() }
    return nil
  } catch {
    return error
  }
}

/// What a reader was asked for.
@MainActor
private final class Asked {
  var values: [Bool] = []
}

/// The task-file session's outcomes: each ``TaskFileFailure`` a holder can meet, with the
/// message it carries, and a change saved.
@MainActor
@Suite("a task-file session's outcomes")
struct TaskFileSessionTests {
  @Test func aChangeIsLoadedThroughTheReducerMadeAndSaved() async {
    let storage = storage("- Buy milk\n")
    let session = makeSession(storage)
    let outcome = await failure(in: session) { () throws(TaskFileFailure) in
      #expect(session.state.loadStatus == .loaded)
      #expect(session.state.tasks.map(\.title) == ["Buy milk"])
      try await session.change(.markDone(ids: [session.state.tasks[0].id]))
    }
    #expect(outcome == nil)
    #expect(file(in: storage) == "- Buy milk @done(2026-11-22)\n")
  }

  @Test func aLongLivedHolderReloadsBeforeEachEdit() async {
    let storage = storage("- Buy milk\n")
    let session = makeSession(storage)
    #expect(await failure(in: session) { () throws(TaskFileFailure) in try await session.change(.addProject("Garden")) } == nil)
    // Another program changes the file between two edits.
    try? storage.save(Data("- Buy milk\nGarden:\n- Call Bob\n".utf8), TaskFile.documentName)
    #expect(await failure(readOnly: true, in: session) == nil)
    #expect(session.state.tasks.map(\.title) == ["Buy milk", "Garden", "Call Bob"])
  }

  @Test func aFileHeldByAnotherHolderIsLocked() async throws {
    let storage = storage("- Buy milk\n")
    let session = makeSession(storage)
    try await storage.withExclusiveAccess(to: TaskFile.documentName, timeout: .zero) { _ in
      #expect(await failure(in: session) == .locked(timeout: .zero))
      #expect(await failure(readOnly: true, in: session) == .locked(timeout: .zero))
    }
    #expect(file(in: storage) == "- Buy milk\n")
  }

  @Test func waitingForTheLockGivenUpIsInterrupted() async throws {
    let storage = storage("- Buy milk\n")
    try await storage.withExclusiveAccess(to: TaskFile.documentName, timeout: .zero) { _ in
      // Held throughout: the session has to wait, and a cancelled wait ends at once.
      let waiting = Task { @MainActor in await failure(in: makeSession(storage, lockTimeout: .seconds(60))) }
      waiting.cancel()
      let outcome = await waiting.value
      guard case .lockInterrupted? = outcome else {
        Issue.record("expected lockInterrupted, got \(String(describing: outcome))")
        return
      }
    }
  }

  @Test func aFileThatIsNotUTF8IsDamagedAtItsLine() async {
    let storage = StorageClient.inMemory(documents: [TaskFile.documentName: Data("- Tea\n- Caf".utf8) + Data([0xE9, 0x0A])])
    let session = makeSession(storage)
    let outcome = await failure(in: session) { () throws(TaskFileFailure) in
      Issue.record("the body runs only on a loaded list")
    }
    guard case .damaged(let problem)? = outcome else {
      Issue.record("expected damaged, got \(String(describing: outcome))")
      return
    }
    #expect(problem.line == 2)
    #expect(outcome?.description == problem.description)
    // Refused, every change: nothing is saved over the file.
    #expect(session.state.loadStatus == .failed(.damaged(document: TaskFile.documentName, problem)))
  }

  @Test func aFileStorageCannotReadIsUnreadable() async {
    let error = StorageError.fileSystem(operation: .read, path: "/tasks.taskpaper", code: 13)
    let reader = TaskFileReader { _, meanwhile in
      meanwhile()
      return .failure(.storage(error))
    }
    let outcome = await failure(in: makeSession(storage("- Tea\n"), reader: reader))
    #expect(outcome == .unreadable(error))
    #expect(outcome?.description == error.description)
  }

  @Test func aChangeTheListRefusesIsRefusedWithItsMessage() async {
    let storage = storage("- Buy milk\n")
    let session = makeSession(storage)
    let outcome = await failure(in: session) { () throws(TaskFileFailure) in
      try await session.change(.addTags(["not a tag"], to: session.state.tasks[0].id))
    }
    #expect(outcome == .refused("Unable to convert not a tag into a tag."))
    #expect(outcome?.description == "Unable to convert not a tag into a tag.")
    #expect(file(in: storage) == "- Buy milk\n")
  }

  /// In `taskman shell`, a refused `tag` followed by an `edit` that changed nothing reported the
  /// refusal again, as the edit's failed save.
  @Test func aRefusalIsNotTakenForTheNextEditsFailureAfterAReload() async {
    let storage = storage("- Buy milk\n")
    let session = makeSession(storage)
    _ = await failure(in: session) { () throws(TaskFileFailure) in
      try await session.change(.addTags(["not a tag"], to: session.state.tasks[0].id))
    }
    let outcome = await failure(in: session) { () throws(TaskFileFailure) in
      #expect(session.state.errorMessage == nil)
      try await session.save()
    }
    #expect(outcome == nil)
    #expect(file(in: storage) == "- Buy milk\n")
  }

  @Test func undoRedoAndSkipWithNothingToStepOverAreHistoryRefused() async {
    let session = makeSession(storage("- Buy milk\n"))
    #expect(await failure(in: session) { () throws(TaskFileFailure) in try await session.change(.undo) } == .historyRefused("There is nothing to undo."))
    #expect(await failure(in: session) { () throws(TaskFileFailure) in try await session.change(.redo) } == .historyRefused("There is nothing to redo."))
    #expect(await failure(in: session) { () throws(TaskFileFailure) in try await session.change(.skipUndo) } == .historyRefused("There is nothing to undo."))
  }

  @Test func aSaveThatFailsIsSaveFailed() async {
    let session = makeSession(storage("- Buy milk\n"))
    var attempts = 0
    let outcome = await failure(in: session) { () throws(TaskFileFailure) in
      attempts += 1
      // What the list's save effect sends when storage refuses to write (in memory, it never does).
      session.send(.saveFailed("Could not save the task list: the disk is full"))
      try await session.save()
    }
    #expect(outcome == .saveFailed("Could not save the task list: the disk is full"))
    #expect(attempts == 1)
  }

  @Test func aSaveThatMeetsAnotherProgramsChangeIsMadeAgainThenGivenUp() async {
    let session = makeSession(storage("- Buy milk\n"))
    var attempts = 0
    let outcome = await failure(in: session) { () throws(TaskFileFailure) in
      attempts += 1
      // What the list's save effect sends when the file changed since it was read.
      session.send(.saveMetAnotherProgramsChange("Could not save the task list: it changed"))
      try await session.save()
    }
    #expect(outcome == .metAnotherProgramsChange("Could not save the task list: it changed"))
    #expect(attempts == TaskFileSession.attemptsAtAChange)
  }

  @Test func aChangeThatAlreadySaidSomethingIsNotMadeAgain() async {
    let session = makeSession(storage("- Buy milk\n"))
    var said = 0
    session.saidSoFar = { said }
    var attempts = 0
    let outcome = await failure(in: session) { () throws(TaskFileFailure) in
      attempts += 1
      said += 1
      session.send(.saveMetAnotherProgramsChange("Could not save the task list: it changed"))
      try await session.save()
    }
    #expect(outcome == .metAnotherProgramsChange("Could not save the task list: it changed"))
    #expect(attempts == 1)
  }

  @Test func theReaderIsAskedForTheJournalOnlyForAChange() async {
    let asked = Asked()
    let reader = TaskFileReader { request, meanwhile in
      asked.values.append(request.withJournal)
      return TaskFileReader.direct.read(request, meanwhile)
    }
    let session = makeSession(storage("- Tea\n"), reader: reader)
    #expect(await failure(readOnly: true, in: session) == nil)
    #expect(await failure(in: session) == nil)
    #expect(asked.values == [false, true])
  }
}
