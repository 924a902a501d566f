import Foundation
import Testing

@testable import TaskmanCLI

@Suite("taskman shell's history file")
struct ShellHistoryTests {
  private func temporaryFile() throws -> (directory: String, path: String) {
    let directory = try TaskmanProcess.makeTemporaryDirectory()
    return (directory, directory + "/data/shell_history")
  }

  private func text(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  @Test func linesAreKeptAcrossSessionsInAFileOnlyItsOwnerReads() throws {
    let (directory, path) = try temporaryFile()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var history = ShellHistory(path: path)
    #expect(history.entries.isEmpty && history.problem == nil)
    history.add("add Buy milk")
    history.add("list")
    #expect(ShellHistory(path: path).entries == ["add Buy milk", "list"])
    #expect(text(path) == "add Buy milk\nlist\n")
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test func blankLinesRepeatsAndLinesStartingWithASpaceAreNotRecorded() throws {
    let (directory, path) = try temporaryFile()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var history = ShellHistory(path: path)
    for line in ["list", "list", "", "   ", " add secret", "show 1d90", "list"] { history.add(line) }
    #expect(history.entries == ["list", "show 1d90", "list"])
    #expect(ShellHistory(path: path).entries == ["list", "show 1d90", "list"])
  }

  @Test func theHistoryKeepsItsLastLinesUpToTheLimit() throws {
    let (directory, path) = try temporaryFile()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var history = ShellHistory(path: path, limit: 5)
    for number in 1...23 { history.add("show \(number)") }
    #expect(history.entries == (19...23).map { "show \($0)" })
    let lines = text(path)?.split(separator: "\n") ?? []
    #expect(lines.count <= 10, "the file is cut back to the limit once it reaches twice it")
    #expect(lines.last == "show 23")
    #expect(ShellHistory(path: path, limit: 5).entries == (19...23).map { "show \($0)" })
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600, "the file that replaced it too")
  }

  @Test func twoShellsAtOnceInterleaveWholeLines() throws {
    let (directory, path) = try temporaryFile()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var first = ShellHistory(path: path, limit: 4)
    var second = ShellHistory(path: path, limit: 4)
    for number in 1...20 {
      first.add("first \(number)")
      second.add("second \(number)")
    }
    let lines = text(path)?.split(separator: "\n").map(String.init) ?? []
    #expect(lines.count >= 4 && lines.count <= 8)
    #expect(lines.suffix(2) == ["first 20", "second 20"])
    #expect(lines.allSatisfy { $0.hasPrefix("first ") || $0.hasPrefix("second ") })
  }

  @Test func aFileThatIsNotAHistoryIsLeftAloneAndNothingIsSaved() throws {
    let (directory, path) = try temporaryFile()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.createDirectory(atPath: directory + "/data", withIntermediateDirectories: true)
    let garbage = Data([0x6C, 0x69, 0x73, 0x74, 0x0A, 0xFF, 0x00, 0xFE, 0x0A])
    try garbage.write(to: URL(fileURLWithPath: path))
    var history = ShellHistory(path: path)
    #expect(history.entries.isEmpty)
    #expect(history.problem?.contains("is not text") == true)
    history.add("list")
    #expect(history.entries == ["list"], "this session still has its history")
    #expect(FileManager.default.contents(atPath: path) == garbage)
    // A directory where the file would be, and a line cut short: no crash either.
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    var directoryHistory = ShellHistory(path: path)
    directoryHistory.add("list")
    #expect(directoryHistory.problem != nil)
    try FileManager.default.removeItem(atPath: path)
    try Data("list\nadd half".utf8).write(to: URL(fileURLWithPath: path))
    #expect(ShellHistory(path: path).entries == ["list"])
  }
}
