import Foundation
import Testing

@testable import TaskmanCLI

@Suite("Where the data lives")
struct DataDirectoryTests {
  private func resolve(_ option: String?, _ environment: [String: String]) -> String {
    DataDirectory.resolve(option: option, environment: environment, currentDirectory: "/work/here", home: "/home/pw")
  }

  @Test func theOptionWinsOverEverything() {
    let environment = ["TASKMAN_DATA_DIR": "/env", "XDG_DATA_HOME": "/xdg", "HOME": "/home/me"]
    #expect(resolve("/option", environment) == "/option")
  }

  @Test func thenTheEnvironmentVariable() {
    #expect(resolve(nil, ["TASKMAN_DATA_DIR": "/env", "XDG_DATA_HOME": "/xdg"]) == "/env")
    // Empty means unset.
    #expect(resolve(nil, ["TASKMAN_DATA_DIR": "", "XDG_DATA_HOME": "/xdg"]) == "/xdg/taskman")
  }

  @Test func thenXDGDataHomeWhenAbsolute() {
    #expect(resolve(nil, ["XDG_DATA_HOME": "/xdg", "HOME": "/home/me"]) == "/xdg/taskman")
    #expect(resolve(nil, ["XDG_DATA_HOME": "relative", "HOME": "/home/me"]) == "/home/me/.local/share/taskman")
  }

  @Test func thenTheHomeDirectory() {
    #expect(resolve(nil, ["HOME": "/home/me"]) == "/home/me/.local/share/taskman")
    #expect(resolve(nil, [:]) == "/home/pw/.local/share/taskman")
    #expect(resolve(nil, ["HOME": "not/absolute"]) == "/home/pw/.local/share/taskman")
  }

  @Test func relativeDirectoriesAreTakenFromTheCurrentOne() {
    #expect(resolve("data", [:]) == "/work/here/data")
    #expect(resolve("../data", [:]) == "/work/data")
    #expect(resolve(nil, ["TASKMAN_DATA_DIR": "d"]) == "/work/here/d")
  }

  @Test func pathsAreStandardizedAsFoundationDoes() {
    let cases: [(String, String)] = [
      ("data", "/work/here"), ("./data/", "/work/here"), ("../../../../up", "/a/b"), ("a//b/./c/../d", "/w"),
      ("/abs/./x/../y//", "/ignored"), ("..", "/"), ("/", "/x"), (".", "/work/here"), ("a/b/..", "/"),
      ("caf\u{E9}/ t", "/w"),
    ]
    for (path, directory) in cases {
      let foundation = URL(fileURLWithPath: path, isDirectory: true, relativeTo: URL(fileURLWithPath: directory, isDirectory: true))
        .standardizedFileURL.path
      #expect(DataDirectory.standardized(path, from: directory) == foundation, "\(path) from \(directory)")
    }
  }

  @Test func aDirectoryBelowAFileNamesTheFileInTheWay() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("taskmanTests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: base) }
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    let file = base.appendingPathComponent("file")
    try Data("x".utf8).write(to: file)
    do {
      try DataDirectory.create(file.appendingPathComponent("below/taskman").path)
      Issue.record("a directory was made below a file")
    } catch {
      #expect(error.exitCode == .dataFileUnreadable)
      #expect(error.message == "cannot create the data directory \(file.path)/below/taskman: \(file.path) is a file, not a directory")
    }
  }

  @Test func creationMakesMissingParentsAndReportsAFileInTheWay() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("taskmanTests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: base) }
    let directory = base.appendingPathComponent("a/b/taskman")
    try DataDirectory.create(directory.path)
    try DataDirectory.create(directory.path)  // again: already there
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) && isDirectory.boolValue)

    let file = base.appendingPathComponent("file")
    try Data("x".utf8).write(to: file)
    do {
      try DataDirectory.create(file.path)
      Issue.record("a file was taken for a directory")
    } catch {
      #expect(error.exitCode == .dataFileUnreadable)
      #expect(error.message == "cannot create the data directory \(file.path): \(file.path) is a file, not a directory")
    }
  }
}
