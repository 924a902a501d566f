import Dependencies
import Foundation
import Storage
import TaskManager
import Testing

@testable import TaskmanCLI

/// The store every command drives: the lock around each command, loading (and refusing a
/// damaged file), and one store across the lines of a shell.
@Suite("taskman's store and data file")
struct AppStoreTests {
  @Test func aDamagedDataFileIsReportedWithPathAndLineAndLeftByteIdentical() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("Buy milk")
    let original = try #require(data.dataFileBytes)
    // A line that is not UTF-8 after the first: line 2.
    let damaged = original + Data("- Caf".utf8) + Data([0xE9, 0x0A])
    try damaged.write(to: URL(fileURLWithPath: data.dataFile))

    for arguments in [["list"], ["add", "More"], ["undo"], ["export"]] {
      let result = try data.run(arguments)
      #expect(result.status == 3, "\(arguments)")
      #expect(result.output.isEmpty)
      #expect(
        result.errors.hasPrefix("taskman: cannot read the task file \(data.dataFile), line 2: invalid UTF-8: byte 0xE9 at column 6\n"),
        "\(result.errors)"
      )
    }
    #expect(data.dataFileBytes == damaged)
  }

  @Test func theVersionBeforeTaskmansLastChangeIsOfferedOnlyWhenThereIsOne() throws {
    let data = try TaskmanDataDirectory()
    try (Data("- Caf".utf8) + Data([0xE9, 0x0A])).write(to: URL(fileURLWithPath: data.dataFile))
    let never = try data.run(["list"])
    #expect(never.status == 3)
    #expect(!never.errors.contains(".bak"), "taskman never changed this file: \(never.errors)")

    try Data("- Tea\n".utf8).write(to: URL(fileURLWithPath: data.dataFile))
    _ = try data.add("Buy milk")
    try (Data("- Caf".utf8) + Data([0xE9, 0x0A])).write(to: URL(fileURLWithPath: data.dataFile))
    let changed = try data.run(["list"])
    #expect(changed.errors.contains("restore the version before taskman's last change from \(data.stateDirectory)/tasks.taskpaper.bak"), "\(changed.errors)")
  }

  @Test func aTaskFileThatIsADirectoryIsTheSameErrorForReadingAndChanging() throws {
    let data = try TaskmanDataDirectory()
    let directory = data.path + "/a-directory.taskpaper"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for command in [["list"], ["add", "Tea"]] {
      let result = try data.run(["--file", directory] + command)
      #expect(result.status == 2, "\(command)")
      #expect(result.errors.hasPrefix("taskman: the task file \(directory) is a directory\n"), "\(command): \(result.errors)")
    }
  }

  @Test func aFailedSaveIsTheFeaturesMessageAndExitThree() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("Buy milk")
    let before = data.dataFileBytes
    // A directory where the backup goes makes the next save fail, even for root.
    let backup = data.stateDirectory + "/tasks.taskpaper.bak"
    try FileManager.default.createDirectory(atPath: backup + "/in-the-way", withIntermediateDirectories: true)

    let result = try data.run(["add", "Call Bob"])
    #expect(result.status == 3)
    #expect(result.output.isEmpty)
    #expect(result.errors.hasPrefix("taskman: Could not save the task list: Could not keep the previous version as \(backup)"))
    #expect(data.dataFileBytes == before)
  }

  @Test func aDataDirectoryThatIsAFileIsExitThree() throws {
    let data = try TaskmanDataDirectory()
    let file = try data.write("", to: "not-a-directory")
    let result = try TaskmanProcess.run(["list"], environment: ["TASKMAN_DATA_DIR": file])
    #expect(result.status == 3)
    #expect(result.errors.hasPrefix("taskman: cannot use the data directory \(file): it is a file, not a directory\n"))
  }

  @Test func aLockHeldTooLongIsExitFourAndChangesNothing() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("Buy milk")
    let before = data.dataFileBytes
    let storage = StorageClient.fileSystem(directory: URL(fileURLWithPath: data.stateDirectory))
    let result = try storage.withExclusiveAccess(to: TaskFile.documentName, timeout: .zero) { _ in
      try data.run(["add", "Blocked"], environment: ["TASKMAN_LOCK_TIMEOUT": "0.05"])
    }
    #expect(result.status == 4)
    #expect(result.errors.hasPrefix("taskman: the task file \(data.dataFile) is locked by another taskman\n"))
    #expect(result.errors.contains("longer than this one waits, 0.05 s (TASKMAN_LOCK_TIMEOUT, 10 by default)"), "\(result.errors)")
    #expect(data.dataFileBytes == before)
    // Released, the next command goes through.
    #expect(try data.run(["add", "Unblocked"], environment: ["TASKMAN_LOCK_TIMEOUT": "0"]).status == 0)
  }

  @Test func aBadLockTimeoutIsAUsageError() throws {
    let result = try TaskmanProcess.run(["list"], environment: ["TASKMAN_LOCK_TIMEOUT": "soon"])
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("taskman: TASKMAN_LOCK_TIMEOUT is 'soon', not a number of seconds in decimal, like 10 or 0.5\n"))
  }

  /// `0x10` was read as a hexadecimal float, 16 seconds; only decimal seconds are taken.
  @Test func aLockTimeoutIsDecimalSecondsOnly() throws {
    for text in ["0x10", "0x1p3", "1e1", "2s", "inf", "nan", "-1", "+1", " 1", "1.", ".", "1.2.3", ".25", "١٠"] {
      let result = try TaskmanProcess.run(["list"], environment: ["TASKMAN_LOCK_TIMEOUT": text])
      #expect(result.status == 2, "\(text)")
      #expect(result.errors.contains("not a number of seconds in decimal, like 10 or 0.5"), "\(text): \(result.errors)")
    }
    for text in ["0", "10", "0.5", "007", "86400", "1.000"] {
      let result = try TaskmanProcess.run(["list"], environment: ["TASKMAN_LOCK_TIMEOUT": text])
      #expect(result.status == 0, "\(text): \(result.errors)")
    }
    let long = try TaskmanProcess.run(["list"], environment: ["TASKMAN_LOCK_TIMEOUT": "86400.5"])
    #expect(long.status == 2)
    #expect(long.errors.hasPrefix("taskman: TASKMAN_LOCK_TIMEOUT is '86400.5' seconds, longer than a day (86400 seconds), the most taskman waits\n"), "\(long.errors)")
  }

  @Test @MainActor func aShellKeepsOneStoreAndReloadsBeforeEachCommand() async throws {
    let data = try TaskmanDataDirectory()
    let session = makeSession(environment: ["TASKMAN_DATA_DIR": data.path])
    session.shellGlobals = GlobalOptions()
    #expect(await Taskman.execute(["add", "From the shell"], session: session) == .success)
    let store = try #require(session.appStore)

    // Another process changes the file between two lines of the shell.
    _ = try data.add("From elsewhere")

    #expect(await Taskman.execute(["list"], session: session) == .success)
    #expect(session.appStore === store)
    #expect(store.state.tasks.map(\.title) == ["From the shell", "From elsewhere"])
    #expect(session.output.text.contains("From elsewhere\n"))
  }
}
