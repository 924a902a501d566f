import Foundation
import Testing

/// `taskman merge-driver %O %A %B`, run as git runs it: on files, the result written over `%A`.
@Suite struct MergeDriverTests {
  /// A directory with the three versions as files; returns the directory.
  private func versions(_ base: [UInt8], _ ours: [UInt8], _ theirs: [UInt8]) throws -> String {
    let directory = try TaskmanProcess.makeTemporaryDirectory()
    try Data(base).write(to: URL(fileURLWithPath: directory + "/base"))
    try Data(ours).write(to: URL(fileURLWithPath: directory + "/ours"))
    try Data(theirs).write(to: URL(fileURLWithPath: directory + "/theirs"))
    return directory
  }

  private func run(in directory: String) throws -> TaskmanProcess.Result {
    try TaskmanProcess.run(["merge-driver", directory + "/base", directory + "/ours", directory + "/theirs"])
  }

  private func ours(in directory: String) throws -> String {
    try String(contentsOfFile: directory + "/ours", encoding: .utf8)
  }

  @Test func writesTheMergeOverOursAndExitsZero() throws {
    let directory = try versions(
      Array("Home:\r\n\t- Call mom\r\n\t- Buy milk\r\n".utf8), Array("Home:\r\n\t- Call mom @today\r\n\t- Buy milk\r\n".utf8),
      Array("Home:\r\n\t- Call mom\r\n\t- Buy milk @done\r\n\t- Pay rent\r\n".utf8)
    )
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try run(in: directory)
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    #expect(result.output.isEmpty)
    #expect(try ours(in: directory) == "Home:\r\n\t- Call mom @today\r\n\t- Buy milk @done\r\n\t- Pay rent\r\n")
    // Nothing left beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["base", "ours", "theirs"])
  }

  @Test func conflictsAreKeptBothWaysAndCountedOnStandardError() throws {
    let directory = try versions(Array("- Call mom\n".utf8), Array("- Call mom tonight\n".utf8), Array("- Call mother\n".utf8))
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try run(in: directory)
    #expect(result.status == 0)
    #expect(try ours(in: directory) == "- Call mom tonight\n- Call mother @conflict\n")
    #expect(
      result.errors
        == "taskman merge-driver: 1 item was changed differently on both sides: both versions kept, the other marked @conflict (line 2)\n"
    )
  }

  @Test func aVersionTaskmanCannotReadLeavesOursAsItWasAndFails() throws {
    let oursBytes = Array("- Call mom @today\n".utf8)
    let directory = try versions(Array("- Call mom\n".utf8), oursBytes, Array("- Call mom\n- caf".utf8) + [0xE9, 0x0A])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try run(in: directory)
    #expect(result.status == 3)
    #expect(result.errors.hasPrefix("taskman merge-driver: could not merge: the theirs version: "))
    #expect(result.errors.contains("is left as it was, for git to report a conflict"))
    #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/ours"))) == oursBytes)
  }

  @Test func aFileThatCannotBeReadIsAClearError() throws {
    let directory = try versions([], [], [])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.removeItem(atPath: directory + "/theirs")
    let result = try run(in: directory)
    #expect(result.status == 3)
    #expect(result.errors == "taskman merge-driver: could not read theirs version '\(directory)/theirs': No such file or directory (errno 2)\n")
  }

  @Test func anotherNumberOfFilesIsAUsageError() throws {
    let result = try TaskmanProcess.run(["merge-driver", "a", "b"])
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("taskman merge-driver: expected 3 files (the ancestor's, ours, theirs), got 2\n"))
  }
}
