#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
@_spi(Testing) import Dependencies
import Foundation
@_spi(Testing) import Storage
import StorageFileSystem
import Synchronization
import Testing

@Suite struct FileStorageTests {
  @Test func creatingTheStorageAndLoadingTouchNoDisk() throws {
    try withTemporaryDirectory { root throws in
      let directory = root.appendingPathComponent("not/yet/there")
      let storage = StorageClient.fileSystem(directory: directory)
      #expect(try storage.load("tasks.taskpaper") == nil)
      #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("not").path))
    }
  }

  @Test func theFirstSaveCreatesTheDirectoryAndItsParents() throws {
    try withTemporaryDirectory { root throws in
      let directory = root.appendingPathComponent("a/b/c")
      let storage = StorageClient.fileSystem(directory: directory)
      try storage.save(Data("hello".utf8), "doc")
      #expect(try storage.load("doc") == Data("hello".utf8))
      #expect(try Data(contentsOf: directory.appendingPathComponent("doc")) == Data("hello".utf8))
    }
  }

  @Test func loadReturnsExactlyWhatWasSaved() throws {
    try withTemporaryDirectory { directory throws in
      let storage = StorageClient.fileSystem(directory: directory)
      let large = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
      try storage.save(large, "large")
      try storage.save(Data(), "empty")
      #expect(try storage.load("large") == large)
      #expect(try storage.load("empty") == Data())
      #expect(try storage.load("missing") == nil)
    }
  }

  @Test func theBackupHoldsThePreviousVersion() throws {
    try withTemporaryDirectory { directory throws in
      let storage = StorageClient.fileSystem(directory: directory)
      try storage.save(Data("v1".utf8), "doc")
      #expect(try fileNames(in: directory) == ["doc"])

      try storage.save(Data("v2".utf8), "doc")
      #expect(try fileNames(in: directory) == ["doc", "doc.bak"])
      #expect(try Data(contentsOf: directory.appendingPathComponent("doc.bak")) == Data("v1".utf8))

      try storage.save(Data("v3".utf8), "doc")
      #expect(try storage.load("doc") == Data("v3".utf8))
      #expect(try Data(contentsOf: directory.appendingPathComponent("doc.bak")) == Data("v2".utf8))
      #expect(try fileNames(in: directory) == ["doc", "doc.bak"], "no temporary files are left")
    }
  }

  @Test func aRetiredBackupWaitsForItsRemovalOrTheNextSave() throws {
    try withTemporaryDirectory { directory throws in
      let storage = StorageClient.fileSystem(directory: directory, files: [:], retiringBackups: true)
      func contents(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: directory.appendingPathComponent(name)), as: UTF8.self)
      }
      try storage.save(Data("v1".utf8), "doc")
      try storage.save(Data("v2".utf8), "doc")
      #expect(try fileNames(in: directory) == ["doc", "doc.bak"], "the first backup replaces none")

      try storage.save(Data("v3".utf8), "doc")
      #expect(try fileNames(in: directory) == [".doc.bak.tmp", "doc", "doc.bak"])
      #expect(try (contents("doc"), contents("doc.bak"), contents(".doc.bak.tmp")) == ("v3", "v2", "v1"))

      // Not removed: the next save deletes it, and sets its own replaced backup aside.
      try storage.save(Data("v4".utf8), "doc")
      #expect(try fileNames(in: directory) == [".doc.bak.tmp", "doc", "doc.bak"])
      #expect(try (contents("doc"), contents("doc.bak"), contents(".doc.bak.tmp")) == ("v4", "v3", "v2"))

      storage.removeRetiredBackup(of: "doc")
      #expect(try fileNames(in: directory) == ["doc", "doc.bak"])
      storage.removeRetiredBackup(of: "doc")
      storage.removeRetiredBackup(of: "../doc")
      #expect(try fileNames(in: directory) == ["doc", "doc.bak"], "nothing there, or no document's name: nothing done")
      #expect(try (contents("doc"), contents("doc.bak")) == ("v4", "v3"))
    }
  }

  @Test func aBackupThatIsTheDocumentsOwnFileIsNotSetAside() throws {
    try withTemporaryDirectory { directory throws in
      let storage = StorageClient.fileSystem(directory: directory, files: [:], retiringBackups: true)
      for version in ["v1", "v2", "v3"] { try storage.save(Data(version.utf8), "doc") }
      // A save interrupted after its backup step leaves the backup as the document's own file.
      let (document, backup) = (directory.appendingPathComponent("doc").path, directory.appendingPathComponent("doc.bak").path)
      #expect(unlink(backup) == 0 && link(document, backup) == 0)

      try storage.save(Data("v4".utf8), "doc")
      #expect(try fileNames(in: directory) == ["doc", "doc.bak"], "no link to the document is set aside, and the older one is gone")
      #expect(try Data(contentsOf: URL(fileURLWithPath: backup)) == Data("v3".utf8))
      try storage.save(Data("v5".utf8), "doc")
      #expect(try fileNames(in: directory) == [".doc.bak.tmp", "doc", "doc.bak"])
      #expect(try Data(contentsOf: directory.appendingPathComponent(".doc.bak.tmp")) == Data("v3".utf8))
    }
  }

  @Test func withoutRetiringAReplacedBackupIsDeletedByTheSave() throws {
    try withTemporaryDirectory { directory throws in
      let storage = StorageClient.fileSystem(directory: directory)
      for version in ["v1", "v2", "v3"] { try storage.save(Data(version.utf8), "doc") }
      storage.removeRetiredBackup(of: "doc")
      #expect(try fileNames(in: directory) == ["doc", "doc.bak"])
      #expect(try Data(contentsOf: directory.appendingPathComponent("doc.bak")) == Data("v2".utf8))
    }
  }

  @Test func theLockFileSitsNextToTheDocument() throws {
    try withTemporaryDirectory { directory throws in
      let storage = StorageClient.fileSystem(directory: directory)
      try storage.withExclusiveAccess(to: "doc", timeout: .zero) { access in
        try access.save(Data("x".utf8))
      }
      #expect(try fileNames(in: directory) == ["doc", "doc.lock"])
    }
  }

  @Test func invalidNamesCreateNoFiles() throws {
    try withTemporaryDirectory { directory throws in
      let storage = StorageClient.fileSystem(directory: directory)
      for name in ["", ".", "..", "../escape", "x.bak", "x.lock", "x.tmp"] {
        #expect(throws: StorageError.self) { try storage.save(Data("x".utf8), name) }
        #expect(throws: StorageError.self) { try storage.withExclusiveAccess(to: name, timeout: .zero) { _ in } }
      }
      #expect(try fileNames(in: directory) == [])
      #expect(!FileManager.default.fileExists(atPath: directory.deletingLastPathComponent().appendingPathComponent("escape").path))
    }
  }

  @Test func aDirectoryPathThatIsAFileIsReportedClearly() throws {
    try withTemporaryDirectory { root throws in
      let file = root.appendingPathComponent("file")
      try Data().write(to: file)
      let storage = StorageClient.fileSystem(directory: file)
      #expect(throws: StorageError.fileSystem(operation: .createDirectory, path: file.path, code: ENOTDIR)) {
        try storage.save(Data(), "doc")
      }
      #expect(throws: StorageError.fileSystem(operation: .read, path: file.path + "/doc", code: ENOTDIR)) {
        try storage.load("doc")
      }
    }
  }

  @Test func anExclusiveAccessRemovesTheTemporariesOfDeadProcessesOnly() throws {
    try withTemporaryDirectory { directory throws in
      let storage = StorageClient.fileSystem(directory: directory)
      try storage.save(Data("v1".utf8), "doc")
      let dead = [".doc.2147483646-abc.tmp", ".other.2147483646-1.tmp"]
      let kept = [".doc.\(getpid())-abc.tmp", ".doc.2147483646-xyz.tmp", "doc.2147483646-abc.tmp", ".doc.tmp"]
      for name in dead + kept { try Data("x".utf8).write(to: directory.appendingPathComponent(name)) }
      try storage.withExclusiveAccess(to: "doc", timeout: .zero) { _ in }
      #expect(try fileNames(in: directory) == (["doc", "doc.lock"] + kept).sorted())
    }
  }

  @Test func aDeadSavesFileBesideADocumentKeptElsewhereIsFoundByItsMark() throws {
    try withTemporaryDirectory { root throws in
      let state = root.appendingPathComponent("state")
      let folder = root.appendingPathComponent("folder")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let storage = StorageClient.fileSystem(directory: state, files: ["doc": folder.appendingPathComponent("todo.txt")])
      try storage.save(Data("v1".utf8), "doc")
      #expect(try fileNames(in: state).filter { $0.hasSuffix(".saving") }.isEmpty, "a save removes its marks")
      let dead = "2147483646"
      try Data().write(to: state.appendingPathComponent(".doc.\(dead)-abc.saving"))
      try Data("half".utf8).write(to: folder.appendingPathComponent(".todo.txt.\(dead)-abc.tmp"))
      try Data("half".utf8).write(to: folder.appendingPathComponent(".todo.txt.\(dead)-fed.tmp"))
      try storage.withExclusiveAccess(to: "doc", timeout: .zero) { _ in }
      #expect(try fileNames(in: folder) == [".todo.txt.\(dead)-fed.tmp", "todo.txt"], "only the marked one is removed")
      #expect(try fileNames(in: state).filter { $0.hasSuffix(".saving") }.isEmpty)
    }
  }

  @Test func staleTemporaryFilesAreHarmless() throws {
    try withTemporaryDirectory { directory throws in
      let storage = StorageClient.fileSystem(directory: directory)
      try storage.save(Data("v1".utf8), "doc")
      let stale = directory.appendingPathComponent(".doc.1-abc.tmp")
      try Data("half-written".utf8).write(to: stale)
      try storage.save(Data("v2".utf8), "doc")
      #expect(try storage.load("doc") == Data("v2".utf8))
      #expect(try Data(contentsOf: stale) == Data("half-written".utf8))
    }
  }

  // MARK: Documents kept elsewhere

  @Test func aDocumentKeptElsewhereIsWrittenThroughItsLinksWithItsLockAndBackupInTheDirectory() throws {
    try withTemporaryDirectory { root throws in
      let synced = root.appendingPathComponent("synced")
      try FileManager.default.createDirectory(at: synced, withIntermediateDirectories: true)
      try Data("v1".utf8).write(to: synced.appendingPathComponent("todo.taskpaper"))
      try FileManager.default.createSymbolicLink(atPath: root.path + "/link", withDestinationPath: "synced/todo.taskpaper")
      let state = root.appendingPathComponent("state")
      let storage = StorageClient.fileSystem(directory: state, files: ["doc": root.appendingPathComponent("link")])
      try storage.withExclusiveAccess(to: "doc", timeout: .zero) { access in
        #expect(try access.load() == Data("v1".utf8))
        try access.save(Data("v2".utf8))
      }
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: root.path + "/link") == "synced/todo.taskpaper")
      #expect(try Data(contentsOf: synced.appendingPathComponent("todo.taskpaper")) == Data("v2".utf8))
      #expect(try fileNames(in: synced) == ["todo.taskpaper"])
      #expect(try fileNames(in: state) == ["doc.bak", "doc.lock"])
      #expect(try Data(contentsOf: state.appendingPathComponent("doc.bak")) == Data("v1".utf8))
    }
  }

  @Test func pathsAreTakenLiterallyWithSpacesPercentSignsAndAccents() throws {
    try withTemporaryDirectory { root throws in
      // A `%20` in a path is three characters, not an escaped space; a trailing slash names
      // the same directory.
      let folder = root.path + "/my tasks %20 é"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let file = folder + "/to do%2Fnow.taskpaper"
      try Data("v1".utf8).write(to: URL(fileURLWithPath: file))
      let state = root.path + "/state 100%/"
      let storage = StorageClient.fileSystem(
        directory: URL(fileURLWithPath: state, isDirectory: true), files: ["doc": URL(fileURLWithPath: file)]
      )
      try storage.withExclusiveAccess(to: "doc", timeout: .zero) { access in
        #expect(try access.load() == Data("v1".utf8))
        try access.save(Data("v2".utf8))
      }
      try storage.save(Data("own".utf8), "ids")
      #expect(FileManager.default.contents(atPath: file) == Data("v2".utf8))
      #expect(FileManager.default.contents(atPath: root.path + "/state 100%/ids") == Data("own".utf8))
      #expect(try fileNames(in: URL(fileURLWithPath: folder)) == ["to do%2Fnow.taskpaper"])
    }
  }

  @Test func anEscapedSlashInAURLMadeFromAStringNamesOneFile() throws {
    try withTemporaryDirectory { root throws in
      // The file-system form of `file:///…/a%2Fb.taskpaper` keeps the `%2F`: one file, not a
      // file `b.taskpaper` in a folder `a`.
      let url = try #require(URL(string: "file://" + root.path + "/a%2Fb.taskpaper"))
      let storage = StorageClient.fileSystem(directory: root.appendingPathComponent("state"), files: ["doc": url])
      try storage.withExclusiveAccess(to: "doc", timeout: .zero) { access in try access.save(Data("v1".utf8)) }
      #expect(FileManager.default.contents(atPath: root.path + "/a%2Fb.taskpaper") == Data("v1".utf8))
      #expect(!FileManager.default.fileExists(atPath: root.path + "/a"))
    }
  }

  @Test func aDocumentChangedByAnotherProgramSinceItWasReadIsNotWrittenOver() throws {
    try withTemporaryDirectory { root throws in
      let file = root.appendingPathComponent("todo.taskpaper")
      try Data("mine".utf8).write(to: file)
      let storage = StorageClient.fileSystem(directory: root.appendingPathComponent("state"), files: ["doc": file])
      #expect(try storage.load("doc") == Data("mine".utf8))
      // An editor saves in place meanwhile.
      let handle = try FileHandle(forWritingTo: file)
      try handle.write(contentsOf: Data("theirs, longer".utf8))
      try handle.close()
      #expect(throws: StorageError.changedSinceRead(document: "doc", path: file.path)) {
        try storage.save(Data("mine, changed".utf8), "doc")
      }
      #expect(try Data(contentsOf: file) == Data("theirs, longer".utf8))
      // Read again, it can be written; and what it wrote itself, it can write over.
      _ = try storage.load("doc")
      try storage.save(Data("mine, again".utf8), "doc")
      try storage.save(Data("mine, once more".utf8), "doc")
      #expect(try Data(contentsOf: file) == Data("mine, once more".utf8))
    }
  }

  @Test func aReadOnlyDocumentIsNeverReplacedAndNothingIsSavedWithIt() throws {
    try withTemporaryDirectory { root throws in
      let file = root.appendingPathComponent("todo.taskpaper")
      try Data("mine".utf8).write(to: file)
      try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
      let state = root.appendingPathComponent("state")
      let storage = StorageClient.fileSystem(directory: state, files: ["doc": file])
      try storage.save(Data("log v1".utf8), "log")
      #expect(try storage.load("doc") == Data("mine".utf8))
      // Whoever runs it, even the superuser, whose writes no permission stops.
      #expect(throws: StorageError.fileSystem(operation: .replace, path: file.path, code: EACCES)) {
        try storage.save([(data: Data("log v2".utf8), name: "log"), (data: Data("changed".utf8), name: "doc")])
      }
      #expect(try Data(contentsOf: file) == Data("mine".utf8))
      #expect(try storage.load("log") == Data("log v1".utf8))
      #expect(try fileNames(in: root) == ["state", "todo.taskpaper"])
      let message = StorageError.fileSystem(operation: .replace, path: file.path, code: EACCES).description
      #expect(message.contains("chmod u+w"), "\(message)")
      // Made writable again, it is saved, and keeps the permissions it was given.
      try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
      _ = try storage.load("doc")
      try storage.save(Data("changed".utf8), "doc")
      #expect(try Data(contentsOf: file) == Data("changed".utf8))
      #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o640)
    }
  }

  @Test func aFIFOIsNeverReplacedByAFile() throws {
    try withTemporaryDirectory { root throws in
      let fifo = root.path + "/todo.taskpaper"
      try #require(mkfifo(fifo, 0o600) == 0)
      let storage = StorageClient.fileSystem(directory: root.appendingPathComponent("state"), files: ["doc": URL(fileURLWithPath: fifo)])
      #expect(throws: StorageError.fileSystem(operation: .replace, path: fifo, code: EINVAL)) {
        try storage.save(Data("mine".utf8), "doc")
      }
      var info = stat()
      #expect(stat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }
  }

  @Test func aDocumentSavedByAnEditorWhileTheOthersAreReplacedKeepsItsVersionAndTheyArePutBack() throws {
    try withTemporaryDirectory { root throws in
      let file = root.appendingPathComponent("todo.taskpaper")
      try Data("mine".utf8).write(to: file)
      let state = root.appendingPathComponent("state")
      let files = ["doc": file]
      let storage = StorageClient.fileSystem(directory: state, files: files, backups: .only(["doc"]), recycling: ["ids"])
      try storage.save(Data("ids v1".utf8), "ids")
      try storage.save(Data("ids v2".utf8), "ids")
      // An editor saves the file (a new file renamed over it) once the ids are in place, just
      // before the file's own rename.
      let racing = StorageClient.fileSystem(directory: state, files: files, backups: .only(["doc"]), recycling: ["ids"]) {
        (_: URL, document: URL) throws(StorageError) in
        if document.path == file.path { saveAsAnEditorDoes("theirs", to: file) }
      }
      #expect(try racing.load("doc") == Data("mine".utf8))
      #expect(throws: StorageError.changedSinceRead(document: "doc", path: file.path)) {
        try racing.save([(data: Data("ids v3".utf8), name: "ids"), (data: Data("mine, changed".utf8), name: "doc")])
      }
      #expect(try Data(contentsOf: file) == Data("theirs".utf8))
      #expect(try storage.load("ids") == Data("ids v2".utf8), "the ids that went with the file's old version are back")
      // And the ids still save as usual after it.
      try storage.save(Data("ids v4".utf8), "ids")
      #expect(try storage.load("ids") == Data("ids v4".utf8))
    }
  }

  @Test func aDocumentSavedByAnEditorWhileItsBackupIsMadeKeepsItsVersionAndTheBackupItsOwn() throws {
    try withTemporaryDirectory { root throws in
      let file = root.appendingPathComponent("todo.taskpaper")
      try Data("v0".utf8).write(to: file)
      let state = root.appendingPathComponent("state")
      let storage = StorageClient.fileSystem(directory: state, files: ["doc": file])
      _ = try storage.load("doc")
      try storage.save(Data("mine".utf8), "doc")
      // An editor saves the file (a new file renamed over it) after the save's first check,
      // as the backup is made: that version must become neither the backup nor the one the
      // save expects.
      let racing = StorageClient.fileSystem(
        directory: state, files: ["doc": file], backups: .only(["doc"]), recycling: ["ids"],
        beforeBackingUp: { document in
          if document.path == file.path { saveAsAnEditorDoes("theirs", to: file) }
        },
        beforeReplacing: { (_: URL, _: URL) throws(StorageError) in }
      )
      #expect(try racing.load("doc") == Data("mine".utf8))
      #expect(throws: StorageError.changedSinceRead(document: "doc", path: file.path)) {
        try racing.save([(data: Data("ids v1".utf8), name: "ids"), (data: Data("mine, changed".utf8), name: "doc")])
      }
      #expect(try Data(contentsOf: file) == Data("theirs".utf8))
      #expect(try Data(contentsOf: state.appendingPathComponent("doc.bak")) == Data("v0".utf8))
      var info = stat()
      #expect(stat(file.path, &info) == 0 && info.st_nlink == 1, "the editor's file is not the backup too")
      #expect(try racing.load("ids") == nil, "nothing saved with it")
    }
  }

  @Test func aSaveThatFailsAfterExchangingSomeDocumentsPutsThemBack() throws {
    try withTemporaryDirectory { root throws in
      let file = root.appendingPathComponent("todo.taskpaper")
      try Data("mine".utf8).write(to: file)
      let state = root.appendingPathComponent("state")
      let storage = StorageClient.fileSystem(directory: state, files: ["doc": file], backups: .only(["doc"]), recycling: ["ids"])
      try storage.save(Data("ids v1".utf8), "ids")
      try storage.save(Data("ids v2".utf8), "ids")
      let failure = StorageError.fileSystem(operation: .replace, path: file.path, code: EPERM)
      let failing = StorageClient.fileSystem(directory: state, files: ["doc": file], backups: .only(["doc"]), recycling: ["ids"]) {
        (_: URL, document: URL) throws(StorageError) in
        // The file cannot be replaced (an immutable file, a sticky directory), once the ids are.
        if document.path == file.path { throw failure }
      }
      _ = try failing.load("doc")
      #expect(throws: failure) {
        try failing.save([(data: Data("ids v3".utf8), name: "ids"), (data: Data("mine, changed".utf8), name: "doc")])
      }
      #expect(try storage.load("ids") == Data("ids v2".utf8))
      #expect(try Data(contentsOf: file) == Data("mine".utf8))
      try storage.save(Data("ids v4".utf8), "ids")
      #expect(try storage.load("ids") == Data("ids v4".utf8))
    }
  }

  @Test func aDocumentThatWasNotThereIsNotWrittenOverOneThatAppearedSince() throws {
    try withTemporaryDirectory { root throws in
      let file = root.appendingPathComponent("todo.taskpaper")
      let racing = StorageClient.fileSystem(directory: root.appendingPathComponent("state"), files: ["doc": file]) {
        (_: URL, document: URL) throws(StorageError) in
        if document.path == file.path { try? Data("theirs".utf8).write(to: file) }
      }
      #expect(try racing.load("doc") == nil)
      #expect(throws: StorageError.changedSinceRead(document: "doc", path: file.path)) {
        try racing.save(Data("mine".utf8), "doc")
      }
      #expect(try Data(contentsOf: file) == Data("theirs".utf8))
    }
  }

  @Test(.enabled(if: geteuid() == 0, "only the superuser may give a file to someone else"))
  func aDocumentSavedByTheSuperuserKeepsItsOwnerGroupAndPermissions() throws {
    try withTemporaryDirectory { root throws in
      let file = root.appendingPathComponent("todo.taskpaper")
      try Data("theirs".utf8).write(to: file)
      try #require(chown(file.path, 1234, 2345) == 0 && chmod(file.path, 0o640) == 0)
      let storage = StorageClient.fileSystem(directory: root.appendingPathComponent("state"), files: ["doc": file])
      _ = try storage.load("doc")
      try storage.save(Data("changed by root".utf8), "doc")
      var info = stat()
      #expect(stat(file.path, &info) == 0)
      #expect(info.st_uid == 1234 && info.st_gid == 2345)
      #expect(info.st_mode & 0o7777 == 0o640)
      #expect(try Data(contentsOf: file) == Data("changed by root".utf8))
    }
  }

  @Test func documentsSavedTogetherAreAllReplacedOrNoneIs() throws {
    try withTemporaryDirectory { root throws in
      let file = root.appendingPathComponent("todo.taskpaper")
      try Data("mine".utf8).write(to: file)
      let state = root.appendingPathComponent("state")
      let storage = StorageClient.fileSystem(directory: state, files: ["doc": file])
      try storage.save(Data("log v1".utf8), "log")
      #expect(try storage.load("doc") == Data("mine".utf8))
      try storage.save([(data: Data("log v2".utf8), name: "log"), (data: Data("mine, changed".utf8), name: "doc")])
      #expect(try storage.load("log") == Data("log v2".utf8))
      #expect(try Data(contentsOf: file) == Data("mine, changed".utf8))
      // The file changes behind the storage's back: the log, saved first, is not replaced either.
      try Data("theirs".utf8).write(to: file)
      #expect(throws: StorageError.changedSinceRead(document: "doc", path: file.path)) {
        try storage.save([(data: Data("log v3".utf8), name: "log"), (data: Data("mine again".utf8), name: "doc")])
      }
      #expect(try storage.load("log") == Data("log v2".utf8))
      #expect(try Data(contentsOf: file) == Data("theirs".utf8))
      #expect(try fileNames(in: state).filter { $0.hasSuffix(".tmp") }.isEmpty, "no temporary file is left behind")
      #expect(try fileNames(in: root).filter { $0.hasSuffix(".tmp") }.isEmpty)
      #expect(throws: StorageError.self) { try storage.save([(data: Data(), name: "log"), (data: Data(), name: "a.tmp")]) }
      #expect(try storage.load("log") == Data("log v2".utf8), "a bad name anywhere saves nothing")
    }
  }

  @Test func newDirectoriesAndFilesAreTheOwnersOnlyWhateverTheUmask() throws {
    try withTemporaryDirectory { root throws in
      let old = umask(0)
      defer { umask(old) }
      let storage = StorageClient.fileSystem(directory: root.appendingPathComponent("a/b"))
      try storage.save(Data("x".utf8), "doc")
      try storage.withExclusiveAccess(to: "doc", timeout: .zero) { _ in }
      for (path, mode) in [("a", 0o700), ("a/b", 0o700), ("a/b/doc", 0o600), ("a/b/doc.lock", 0o600)] {
        let attributes = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(path).path)
        #expect(attributes[.posixPermissions] as? Int == mode, "\(path)")
      }
    }
  }

  @Test func aSharedLockNeedsNoDirectoryAndCreatesNone() async throws {
    try await withTemporaryDirectory { root async throws in
      let storage = StorageClient.fileSystem(directory: root.appendingPathComponent("not/there"))
      let read = try await storage.withSharedAccess(to: "doc", timeout: .zero) { try storage.load("doc") }
      #expect(read == nil)
      #expect(try fileNames(in: root) == [])
    }
  }

  @Test func readersShareTheLockAndAWriterWaitsForThem() async throws {
    try await withTemporaryDirectory { root async throws in
      let storage = StorageClient.fileSystem(directory: root)
      try await storage.withSharedAccess(to: "doc", timeout: .zero) {
        try await storage.withSharedAccess(to: "doc", timeout: .zero) {}
        #expect(throws: StorageError.self) { try storage.withExclusiveAccess(to: "doc", timeout: .zero) { _ in } }
      }
      try storage.withExclusiveAccess(to: "doc", timeout: .zero) { _ in }
    }
  }

  // MARK: Interrupted saves

  @Test func aSaveInterruptedBeforeItsRenameLeavesTheOldDocumentIntact() throws {
    try withTemporaryDirectory { directory throws in
      let old = Data("old version\n".utf8)
      try StorageClient.fileSystem(directory: directory).save(old, "doc")

      let interruption = StorageError.fileSystem(operation: .replace, path: "simulated", code: EIO)
      let seen = Lock<(temporaryFile: URL, contents: Data?, document: URL)?>(nil)
      let interrupted = StorageClient.fileSystem(directory: directory) {
        (temporaryFile: URL, document: URL) throws(StorageError) in
        seen.withLock { $0 = (temporaryFile, try? Data(contentsOf: temporaryFile), document) }
        throw interruption
      }
      #expect(throws: interruption) { try interrupted.save(Data("new version\n".utf8), "doc") }

      // The hook ran when the new version was complete, next to the document.
      let hook = try #require(seen.withLock { $0 })
      #expect(hook.contents == Data("new version\n".utf8))
      #expect(hook.temporaryFile.deletingLastPathComponent().path == directory.path)
      #expect(hook.document.path == directory.appendingPathComponent("doc").path)

      #expect(try Data(contentsOf: directory.appendingPathComponent("doc")) == old)
      #expect(try fileNames(in: directory) == ["doc", "doc.bak"], "the temporary file is removed")

      let storage = StorageClient.fileSystem(directory: directory)
      try storage.save(Data("newer".utf8), "doc")
      #expect(try storage.load("doc") == Data("newer".utf8))
      #expect(try Data(contentsOf: directory.appendingPathComponent("doc.bak")) == old)
      // The interrupted save had already made `doc.bak` the document's file; backing up that
      // same file again must not leave an extra link behind.
      #expect(try fileNames(in: directory) == ["doc", "doc.bak"])
    }
  }

  // MARK: Recycling

  @Test func aRecycledDocumentIsWrittenOverTheFileOfTheVersionItReplaced() throws {
    try withTemporaryDirectory { directory throws in
      // Where names cannot be exchanged, saves replace files as for any other document.
      guard try exchangeIsSupported(in: directory) else { return }
      let storage = StorageClient.fileSystem(directory: directory, files: [:], backups: .only([]), recycling: ["ids"])
      try storage.save(Data("v1".utf8), "ids")
      let first = try inode(of: directory.appendingPathComponent("ids"))
      try storage.save(Data("version 2".utf8), "ids")
      #expect(try storage.load("ids") == Data("version 2".utf8))
      #expect(try fileNames(in: directory) == [".ids.spare", "ids"])
      #expect(try inode(of: directory.appendingPathComponent(".ids.spare")) == first, "the replaced version's file is kept")

      try storage.save(Data("3".utf8), "ids")
      #expect(try storage.load("ids") == Data("3".utf8), "a shorter version is cut to its length")
      #expect(try inode(of: directory.appendingPathComponent("ids")) == first, "and written over by the next save")
      #expect(try Data(contentsOf: directory.appendingPathComponent(".ids.spare")) == Data("version 2".utf8))
      #expect(try fileNames(in: directory) == [".ids.spare", "ids"])
    }
  }

  @Test func aSpareThatIsNotTheStoragesOwnFileIsNeverWrittenThrough() throws {
    try withTemporaryDirectory { root throws in
      let directory = root.appendingPathComponent("state")
      let storage = StorageClient.fileSystem(directory: directory, files: [:], backups: .only([]), recycling: ["ids", "journal"])
      try storage.save(Data("v1".utf8), "ids")
      try storage.save(Data("v1".utf8), "journal")
      // A link to another file planted as the spare, and a spare that is another file too.
      let linked = root.appendingPathComponent("linked")
      let shared = root.appendingPathComponent("shared")
      try Data("keep".utf8).write(to: linked)
      try Data("keep".utf8).write(to: shared)
      try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent(".ids.spare"), withDestinationURL: linked)
      try FileManager.default.linkItem(at: shared, to: directory.appendingPathComponent(".journal.spare"))

      try storage.save(Data("v2".utf8), "ids")
      try storage.save(Data("v2".utf8), "journal")
      #expect(try storage.load("ids") == Data("v2".utf8))
      #expect(try storage.load("journal") == Data("v2".utf8))
      #expect(try Data(contentsOf: linked) == Data("keep".utf8))
      #expect(try Data(contentsOf: shared) == Data("keep".utf8))
    }
  }

  @Test func aSaveInterruptedBeforeItReplacesARecycledDocumentLeavesItIntact() throws {
    try withTemporaryDirectory { directory throws in
      let storage = StorageClient.fileSystem(directory: directory, files: [:], backups: .only([]), recycling: ["ids"])
      try storage.save(Data("v1".utf8), "ids")
      try storage.save(Data("v2".utf8), "ids")
      let interruption = StorageError.fileSystem(operation: .replace, path: "simulated", code: EIO)
      let interrupted = StorageClient.fileSystem(directory: directory, backups: .only([]), recycling: ["ids"]) {
        (temporaryFile: URL, _: URL) throws(StorageError) in
        // The new version is complete in the spare when the replacing begins.
        if (try? Data(contentsOf: temporaryFile)) != Data("v3".utf8) { throw .fileSystem(operation: .write, path: "wrong", code: EIO) }
        throw interruption
      }
      #expect(throws: interruption) { try interrupted.save(Data("v3".utf8), "ids") }
      #expect(try storage.load("ids") == Data("v2".utf8))
      try storage.save(Data("v4".utf8), "ids")
      #expect(try storage.load("ids") == Data("v4".utf8))
    }
  }

  @Test func savesOfARecycledDocumentUnderTheLockAreReadWhole() throws {
    try withTemporaryDirectory(inMemory: true) { directory throws in
      let storage = StorageClient.fileSystem(directory: directory, files: [:], backups: .only([]), recycling: ["doc"])
      let failures = Lock<[String]>([])
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        for save in 0..<25 {
          do {
            // Versions of other lengths, so that a mix of two would show.
            let version = String(repeating: "\(thread)-\(save);", count: 1 + (thread * 7 + save) % 50)
            try storage.withExclusiveAccess(to: "doc", timeout: .seconds(600)) { access in
              try access.save(Data(version.utf8))
            }
            let text = try storage.withExclusiveAccess(to: "doc", timeout: .seconds(600)) { access in
              try access.load().map { String(decoding: $0, as: UTF8.self) }
            }
            if text?.wholeMatch(of: /([0-3]-[0-9]+;)\1*/) == nil { failures.withLock { $0.append("read \(String(describing: text))") } }
            // Saves without the lock still replace the document whole.
            try storage.save(Data(version.utf8), "doc")
          } catch {
            failures.withLock { $0.append("\(error)") }
          }
        }
      }
      #expect(failures.withLock { $0 } == [])
      let last = String(decoding: try #require(try storage.load("doc")), as: UTF8.self)
      #expect(last.wholeMatch(of: /([0-3]-[0-9]+;)\1*/) != nil)
      #expect(try fileNames(in: directory).filter { !$0.hasSuffix(".lock") } == [".doc.spare", "doc"])
    }
  }

  // MARK: Locking within one process

  @Test func aLockExcludesOtherOpensInTheSameProcess() throws {
    try withTemporaryDirectory { directory throws in
      let storage = StorageClient.fileSystem(directory: directory)
      let other = StorageClient.fileSystem(directory: directory)
      try storage.withExclusiveAccess(to: "doc", timeout: .zero) { _ in
        // Another client, and the same client again: each opens the lock file anew.
        #expect(throws: StorageError.self) {
          try other.withExclusiveAccess(to: "doc", timeout: .zero) { _ in }
        }
        let error = #expect(throws: StorageError.self) {
          try storage.withExclusiveAccess(to: "doc", timeout: .zero) { _ in }
        }
        guard case let .lockTimeout(document, lockFile, _) = error else {
          Issue.record("expected a lock timeout, got \(String(describing: error))")
          return
        }
        #expect(document == "doc")
        #expect(lockFile == directory.appendingPathComponent("doc.lock").path)

        try other.withExclusiveAccess(to: "another", timeout: .zero) { _ in }
      }
      try other.withExclusiveAccess(to: "doc", timeout: .zero) { _ in }
    }
  }

  @Test func threadsIncrementingUnderTheLockLoseNoUpdate() throws {
    try withTemporaryDirectory(inMemory: true) { directory throws in
      let storage = StorageClient.fileSystem(directory: directory)
      let failures = Lock<[String]>([])
      DispatchQueue.concurrentPerform(iterations: 4) { _ in
        do {
          for _ in 0..<25 { try increment("counter", in: storage) }
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }
      #expect(failures.withLock { $0 } == [])
      #expect(try storage.load("counter") == Data("100".utf8))
    }
  }

  @Test func concurrentPlainSavesAreEachAtomicAndLeaveNoTemporaryFiles() throws {
    try withTemporaryDirectory(inMemory: true) { directory throws in
      let storage = StorageClient.fileSystem(directory: directory)
      let failures = Lock<[String]>([])
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        for save in 0..<25 {
          do {
            try storage.save(Data("\(thread)-\(save)".utf8), "doc")
            // A reader sees some complete version, never a mix or nothing.
            let text = try storage.load("doc").map { String(decoding: $0, as: UTF8.self) }
            if text?.wholeMatch(of: /[0-3]-[0-9]+/) == nil { failures.withLock { $0.append("read \(String(describing: text))") } }
          } catch {
            failures.withLock { $0.append("\(error)") }
          }
        }
      }
      #expect(failures.withLock { $0 } == [])
      #expect(try fileNames(in: directory) == ["doc", "doc.bak"])
    }
  }

  // MARK: Default directory

  @Test func theDefaultDirectoryFollowsXDG() {
    let absolute = StorageClient.defaultDirectory(
      applicationName: "taskman", environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/me"], home: "/unused"
    )
    #expect(absolute.path == "/xdg/taskman")

    let relative = StorageClient.defaultDirectory(
      applicationName: "taskman", environment: ["XDG_DATA_HOME": "xdg", "HOME": "/home/me"], home: "/unused"
    )
    #expect(relative.path == "/home/me/.local/share/taskman", "a relative XDG_DATA_HOME is ignored")

    let noHome = StorageClient.defaultDirectory(applicationName: "taskman", environment: [:], home: "/passwd/home")
    #expect(noHome.path == "/passwd/home/.local/share/taskman")
  }
}

/// Adds one to the decimal number in `name` (missing: 0) while holding its lock.
private func increment(_ name: String, in storage: StorageClient) throws {
  try storage.withExclusiveAccess(to: name, timeout: .seconds(20)) { access in
    let value = Int(String(decoding: try access.load() ?? Data(), as: UTF8.self)) ?? 0
    try access.save(Data(String(value + 1).utf8))
  }
}

/// Whether the file system of `directory` can exchange two names (Linux's RENAME_EXCHANGE).
private func exchangeIsSupported(in directory: URL) throws -> Bool {
  let (first, second) = (directory.appendingPathComponent("first"), directory.appendingPathComponent("second"))
  try Data("1".utf8).write(to: first)
  try Data("2".utf8).write(to: second)
  defer {
    try? FileManager.default.removeItem(at: first)
    try? FileManager.default.removeItem(at: second)
  }
  return storage_exchange(first.path, second.path) == 0
}

/// The inode number of the file at `url` (links not followed).
private func inode(of url: URL) throws -> UInt64 {
  var info = stat()
  guard lstat(url.path, &info) == 0 else { throw TestFailure("lstat \(url.path): \(String(cString: strerror(errno)))") }
  return UInt64(info.st_ino)
}

/// Saves `text` to `file` as editors that save safely do: a new file beside it, renamed over it.
private func saveAsAnEditorDoes(_ text: String, to file: URL) {
  let editors = file.deletingLastPathComponent().appendingPathComponent("." + file.lastPathComponent + ".swp")
  try? Data(text.utf8).write(to: editors)
  rename(editors.path, file.path)
}
