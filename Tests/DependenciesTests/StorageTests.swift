import Dependencies
import Foundation
import Testing

@Suite struct StorageTests {
  // MARK: In memory

  @Test func loadingAMissingDocumentReturnsNil() throws {
    let storage = StorageClient.inMemory
    #expect(try storage.load("tasks.taskpaper") == nil)
  }

  @Test func saveThenLoad() throws {
    let storage = StorageClient.inMemory
    try storage.save(Data("one".utf8), "a")
    try storage.save(Data("two".utf8), "b")
    try storage.save(Data("three".utf8), "a")
    #expect(try storage.load("a") == Data("three".utf8))
    #expect(try storage.load("b") == Data("two".utf8))
  }

  @Test func copiesShareDocumentsButEachInMemoryIsFresh() throws {
    let storage = StorageClient.inMemory
    let copy = storage
    try storage.save(Data("x".utf8), "doc")
    #expect(try copy.load("doc") == Data("x".utf8))
    #expect(try StorageClient.inMemory.load("doc") == nil)
  }

  @Test func startsWithGivenDocuments() throws {
    let storage = StorageClient.inMemory(documents: ["tasks.taskpaper": Data("- a\n".utf8)])
    #expect(try storage.load("tasks.taskpaper") == Data("- a\n".utf8))
  }

  // MARK: Names

  @Test(arguments: [
    ("", "it is empty"),
    (".", "it names a directory"),
    ("..", "it names a directory"),
    ("a/b", "it contains \"/\" (documents live directly in the storage directory)"),
    ("/etc/passwd", "it contains \"/\" (documents live directly in the storage directory)"),
    ("a\u{0}b", "it contains a NUL character"),
    (String(repeating: "x", count: 201), "it is longer than 200 bytes"),
    ("tasks.bak", "names ending in \".bak\" are reserved for the storage's own files"),
    ("tasks.lock", "names ending in \".lock\" are reserved for the storage's own files"),
    ("tasks.LOCK", "names ending in \".lock\" are reserved for the storage's own files"),
    ("tasks.tmp", "names ending in \".tmp\" are reserved for the storage's own files"),
  ])
  func invalidNamesAreRejected(name: String, reason: String) {
    let storage = StorageClient.inMemory
    let expected = StorageError.invalidName(name, reason: reason)
    #expect(throws: expected) { try storage.load(name) }
    #expect(throws: expected) { try storage.save(Data(), name) }
    #expect(throws: expected) {
      try storage.withExclusiveAccess(to: name, timeout: .zero) { _ in }
    }
  }

  @Test(arguments: [
    "tasks.taskpaper", ".hidden", "with space", "ünïcödé", "a.lockfile", "..x", String(repeating: "x", count: 200),
  ])
  func unusualButValidNamesAreAccepted(name: String) throws {
    let storage = StorageClient.inMemory
    try storage.save(Data(name.utf8), name)
    #expect(try storage.load(name) == Data(name.utf8))
  }

  // MARK: Exclusive access

  @Test func exclusiveAccessLoadsAndSavesTheLockedDocument() throws {
    let storage = StorageClient.inMemory
    try storage.save(Data("1".utf8), "counter")
    let result = try storage.withExclusiveAccess(to: "counter", timeout: .zero) { access in
      #expect(access.name == "counter")
      let value = Int(String(decoding: try access.load() ?? Data(), as: UTF8.self)) ?? 0
      try access.save(Data(String(value + 1).utf8))
      return value
    }
    #expect(result == 1)
    #expect(try storage.load("counter") == Data("2".utf8))
  }

  @Test func aHeldLockMakesOthersTimeOutUntilReleased() throws {
    let storage = StorageClient.inMemory
    try storage.withExclusiveAccess(to: "doc", timeout: .zero) { _ in
      let error = #expect(throws: StorageError.self) {
        try storage.withExclusiveAccess(to: "doc", timeout: .milliseconds(20)) { _ in
          Issue.record("ran without the lock")
        }
      }
      guard case let .lockTimeout(document, lockFile, waited) = error else {
        Issue.record("expected a lock timeout, got \(String(describing: error))")
        return
      }
      #expect(document == "doc")
      #expect(lockFile == nil)
      #expect(waited >= .milliseconds(20))

      // Other documents have locks of their own.
      try storage.withExclusiveAccess(to: "other", timeout: .zero) { _ in }
    }
    try storage.withExclusiveAccess(to: "doc", timeout: .zero) { _ in }
  }

  @Test func theLockIsReleasedWhenTheBodyThrows() throws {
    let storage = StorageClient.inMemory
    #expect(throws: TestFailure.self) {
      try storage.withExclusiveAccess(to: "doc", timeout: .zero) { _ in throw TestFailure("boom") }
    }
    try storage.withExclusiveAccess(to: "doc", timeout: .zero) { _ in }
  }

  @Test func concurrentAsyncIncrementsUnderTheLockAreExact() async throws {
    let storage = StorageClient.inMemory
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<25 {
            // A timeout only so that a broken lock fails rather than hangs: on a machine loaded
            // enough that the task pool stalls (end-to-end tests waiting on processes), ten
            // seconds was once not enough.
            try await storage.withExclusiveAccess(to: "counter", timeout: .seconds(600)) { access in
              let value = Int(String(decoding: try access.load() ?? Data(), as: UTF8.self)) ?? 0
              await Task.yield()  // invite the other tasks in while the lock is held
              try access.save(Data(String(value + 1).utf8))
            }
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(try storage.load("counter") == Data("100".utf8))
  }

  @Test func asyncExclusiveAccessTimesOutToo() async throws {
    let storage = StorageClient.inMemory
    try await storage.withExclusiveAccess(to: "doc", timeout: .zero) { _ async in
      await #expect(throws: StorageError.self) {
        try await storage.withExclusiveAccess(to: "doc", timeout: .zero) { _ async in }
      }
    }
  }

  // MARK: Errors

  @Test func errorMessagesNameTheFileAndWhatToDo() {
    #expect(
      StorageError.lockTimeout(
        document: "tasks.taskpaper", lockFile: "/data/tasks.taskpaper.lock", waited: .milliseconds(50)
      ).description == """
        Timed out after 50 ms waiting for exclusive access to document "tasks.taskpaper" \
        (lock file /data/tasks.taskpaper.lock). Another process, or another part of this one, is \
        holding the lock; try again when it has finished.
        """
    )
    #expect(
      StorageError.lockTimeout(document: "a", lockFile: nil, waited: .milliseconds(2500)).description
        == """
        Timed out after 2.5 s waiting for exclusive access to document "a" (in-memory storage). \
        Another process, or another part of this one, is holding the lock; try again when it has \
        finished.
        """
    )
    #expect(
      StorageError.invalidName("a/b", reason: "it contains \"/\"").description
        == #"Invalid document name "a/b": it contains "/". Use a plain file name such as "tasks.taskpaper"."#
    )
    #expect(
      StorageError.fileSystem(operation: .replace, path: "/data/tasks", code: ENOSPC).description
        == "Could not replace /data/tasks with its new version: No space left on device (errno 28). "
        + "Free some disk space and try again."
    )
    #expect(
      StorageError.fileSystem(operation: .createDirectory, path: "/data", code: EACCES).description
        == "Could not create the storage directory /data: Permission denied (errno 13). "
        + "Check the permissions of the file and of the storage directory."
    )
    let error: any Error = StorageError.invalidName("", reason: "it is empty")
    #expect(error.localizedDescription == (error as? StorageError)?.description)
  }

  @Test(arguments: [
    (Duration.zero, "0 ms"), (.milliseconds(50), "50 ms"), (.milliseconds(999), "999 ms"),
    (.seconds(1), "1 s"), (.seconds(2), "2 s"), (.milliseconds(1500), "1.5 s"), (.seconds(90), "90 s"),
  ])
  func lockTimeoutDurationsAreShort(waited: Duration, text: String) {
    let message = StorageError.lockTimeout(document: "a", lockFile: nil, waited: waited).description
    #expect(message.hasPrefix("Timed out after \(text) waiting"))
  }

  // MARK: Dependency

  @Test func theTestValueIsAFreshInMemoryStorageAndIsNotReported() throws {
    let issues = IssueCapture()
    try withDependencies {
      $0.context = .test
      $0.issueReporter = issues.reporter
    } operation: { () throws in
      @Dependency(\.storage) var storage
      try storage.save(Data("kept".utf8), "doc")
      // The default is created once per set of values: a second read sees the same documents.
      @Dependency(\.storage) var again
      #expect(try again.load("doc") == Data("kept".utf8))
    }
    try withDependencies { $0.context = .test } operation: { () throws in
      @Dependency(\.storage) var storage
      #expect(try storage.load("doc") == nil)
    }
    #expect(issues.all.isEmpty)
  }

  @Test func theLiveValueReportsThatNoStorageIsSetAndFails() throws {
    // The files are the Storage module's: until an app sets them, nothing seems saved that is not.
    let issues = IssueCapture()
    try withDependencies {
      $0.context = .live
      $0.issueReporter = issues.reporter
    } operation: { () throws in
      @Dependency(\.storage) var storage
      #expect(throws: StorageError.fileSystem(operation: .replace, path: "doc", code: ENOSYS)) {
        try storage.save(Data("lost".utf8), "doc")
      }
      #expect(throws: StorageError.fileSystem(operation: .read, path: "doc", code: ENOSYS)) { try storage.load("doc") }
      #expect(throws: StorageError.fileSystem(operation: .lock, path: "doc", code: ENOSYS)) {
        try storage.withExclusiveAccess(to: "doc", timeout: .seconds(5)) { _ in Issue.record("ran without a lock") }
      }
    }
    #expect(issues.messages.count == 3)
    #expect(issues.messages.first?.hasPrefix(#"@Dependency(\.storage) has no live implementation, so document "doc" was not saved."#) == true)
    #expect(issues.messages.allSatisfy { $0.contains("'Storage' module") })
  }

  @Test func overrideThroughDependencies() throws {
    let storage = StorageClient.inMemory(documents: ["doc": Data("seeded".utf8)])
    try withDependencies { $0.storage = storage } operation: { () throws in
      @Dependency(\.storage) var storage
      #expect(try storage.load("doc") == Data("seeded".utf8))
    }
  }
}
