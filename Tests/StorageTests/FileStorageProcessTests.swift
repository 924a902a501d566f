#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dependencies
import Foundation
import Storage
import Testing

/// File storage contended for by real processes: `storage-lock-probe` (Tests/Support/StorageLockProbe).
///
/// No test sleeps: the tests and the probes synchronise through the probes' standard input and
/// output.
@Suite(.serialized) struct FileStorageProcessTests {
  @Test func aLockHeldByAnotherProcessTimesOutThenIsFreeOnceReleased() throws {
    try withTemporaryDirectory { directory throws in
      let storage = StorageClient.fileSystem(directory: directory)
      let probe = try ProbeProcess(["hold", directory.path, "doc"])
      // Once the probe says so it holds the lock, until we close its input.
      #expect(probe.readLine() == "locked")

      let error = #expect(throws: StorageError.self) {
        try storage.withExclusiveAccess(to: "doc", timeout: .milliseconds(50)) { _ in
          Issue.record("ran while another process held the lock")
        }
      }
      guard case let .lockTimeout(document, lockFile, waited) = error else {
        Issue.record("expected a lock timeout, got \(String(describing: error))")
        return
      }
      #expect(document == "doc")
      #expect(lockFile == directory.appendingPathComponent("doc.lock").path)
      #expect(waited >= .milliseconds(50))

      probe.closeInput()
      #expect(probe.waitForExit() == 0)
      try storage.withExclusiveAccess(to: "doc", timeout: .zero) { access in
        try access.save(Data("mine".utf8))
      }
      #expect(try storage.load("doc") == Data("mine".utf8))
    }
  }

  @Test func processesIncrementingUnderTheLockLoseNoUpdate() throws {
    try withTemporaryDirectory(inMemory: true) { directory throws in
      let probes = try (0..<4).map { _ in
        try ProbeProcess(["increment", directory.path, "counter", "50"])
      }
      let statuses = probes.map { $0.waitForExit() }
      #expect(statuses == [0, 0, 0, 0])
      let storage = StorageClient.fileSystem(directory: directory)
      #expect(try storage.load("counter") == Data("200".utf8))
      #expect(try fileNames(in: directory) == ["counter", "counter.bak", "counter.lock"])
    }
  }

  @Test func aProcessDyingBeforeTheRenameLeavesTheOldDocumentIntact() throws {
    try withTemporaryDirectory { directory throws in
      let storage = StorageClient.fileSystem(directory: directory)
      let old = Data("old version\n".utf8)
      try storage.save(old, "doc")

      let probe = try ProbeProcess(["save-interrupted", directory.path, "doc", "new version"])
      #expect(probe.waitForExit() == 42, "the probe exits inside the save, just before its rename")

      #expect(try Data(contentsOf: directory.appendingPathComponent("doc")) == old)
      #expect(try storage.load("doc") == old)
      // The crashed save's temporary file stays behind, complete; nothing reads it.
      let leftovers = try fileNames(in: directory).filter { $0.hasPrefix(".doc.") && $0.hasSuffix(".tmp") }
      #expect(leftovers.count == 1)
      if let leftover = leftovers.first {
        #expect(try Data(contentsOf: directory.appendingPathComponent(leftover)) == Data("new version".utf8))
      }

      try storage.save(Data("after the crash".utf8), "doc")
      #expect(try storage.load("doc") == Data("after the crash".utf8))
      #expect(try Data(contentsOf: directory.appendingPathComponent("doc.bak")) == old)
      #expect(try fileNames(in: directory) == leftovers + ["doc", "doc.bak"], "the save leaves nothing new behind")
    }
  }
}
