import Foundation
import Testing

@testable import TaskmanCLI

/// `taskman __complete` as the shells' scripts run it: the built binary on a real data
/// directory.
@Suite("Completion: taskman __complete")
struct CompleteEntryPointTests {
  @Test func idsWithTitlesTagsAndProjectsFromTheFile() throws {
    let data = try TaskmanDataDirectory()
    let milk = try data.add("Buy milk @shopping")
    _ = try data.add("--project", "Errands", "Post a letter @errand")
    let before = try snapshot(data.path)

    let ids = try data.run(["__complete", "done", String(milk.prefix(2))])
    #expect(ids.status == 0 && ids.errors.isEmpty)
    #expect(ids.output.split(separator: "\n").contains("\(milk)\tBuy milk"))
    #expect(try data.run(["__complete", "list", "--tag", "sh"]).output == "shopping\t1 item\n")
    #expect(try data.run(["__complete", "list", "--project", ""]).output == "Errands\tproject\n")
    #expect(try data.run(["__complete", "list", "--sort=c"]).output == "--sort=created\n")
    #expect(try data.run(["__complete", "--file", ""]).output == ":files\n")
    // Nothing was written: not the file, not its ids, not a lock or a journal.
    #expect(try snapshot(data.path) == before)
  }

  @Test func theHiddenEntryPointIsListedNowhere() throws {
    let help = try TaskmanProcess.run(["help"])
    #expect(!help.output.contains("__complete"))
    #expect(help.output.contains("completion"))
    #expect(!(try TaskmanProcess.run(["__complete", ""]).output.contains("__complete")))
  }

  @Test func aBadFileGivesNoValuesNoErrorAndStatusZero() throws {
    let data = try TaskmanDataDirectory()
    // Not UTF-8: a damaged task list.
    try Data([0x2D, 0x20, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: data.dataFile))
    for words in [["done", ""], ["list", "--tag", ""], ["list", "--project", ""]] {
      let result = try data.run(["__complete"] + words)
      #expect(result.status == 0 && result.output.isEmpty && result.errors.isEmpty, "\(words)")
    }
    // A directory where the file should be, a data directory that is a file, a missing --file.
    try FileManager.default.removeItem(atPath: data.dataFile)
    try FileManager.default.createDirectory(atPath: data.dataFile, withIntermediateDirectories: false)
    let cases = [
      ["__complete", "done", ""],
      ["__complete", "--data-dir", data.dataFile + "/x", "done", ""],
      ["__complete", "--file", data.path + "/missing/tasks.taskpaper", "done", ""],
      ["__complete", "--data-dir", data.path + "/afile", "done", ""],
    ]
    try Data("x".utf8).write(to: URL(fileURLWithPath: data.path + "/afile"))
    for arguments in cases {
      let result = try data.run(arguments)
      #expect(result.status == 0 && result.output.isEmpty && result.errors.isEmpty, "\(arguments): \(result.errors)")
    }
    // Words that are not UTF-8 are no error either.
    let odd = try TaskmanProcess.run([Array("__complete".utf8), Array("done".utf8), [0xFF]])
    #expect(odd.status == 0 && odd.errors.isEmpty)
  }

  @Test func anEmptyDataDirectoryStaysEmptyAndAMissingOneIsNotCreated() throws {
    let data = try TaskmanDataDirectory()
    for words in [["done", ""], ["list", "--tag", ""], ["", ""], ["list", "--"]] {
      let result = try data.run(["__complete"] + words)
      #expect(result.status == 0 && result.errors.isEmpty)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: data.path).isEmpty)
    let missing = data.path + "/not/there"
    let result = try TaskmanProcess.run(["__complete", "done", ""], environment: ["TASKMAN_DATA_DIR": missing])
    #expect(result.status == 0 && result.output.isEmpty && result.errors.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: data.path + "/not"))
  }

  @MainActor
  @Test func inAShellTheValuesAreTheShellsFilesWhateverTheLineSays() async throws {
    let data = try TaskmanDataDirectory()
    let milk = try data.add("Buy milk")
    let session = makeSession(environment: ["TASKMAN_DATA_DIR": data.path + "/elsewhere"])
    session.shellGlobals = GlobalOptions(dataDirectory: data.path)
    let engine = CompletionEngine.readingTaskFile(in: session)
    let candidates = await engine.complete(["--data-dir", "/nowhere", "done"], partial: String(milk.prefix(3))).candidates
    #expect(candidates == [CompletionCandidate(value: milk, description: "Buy milk")])
  }

  /// Every file under `path` with its size and modification time.
  private func snapshot(_ path: String) throws -> [String: String] {
    var files: [String: String] = [:]
    let enumerator = FileManager.default.enumerator(atPath: path)
    while let name = enumerator?.nextObject() as? String {
      let attributes = try FileManager.default.attributesOfItem(atPath: path + "/" + name)
      files[name] = "\(attributes[.size] ?? "") \(attributes[.modificationDate] ?? "")"
    }
    return files
  }
}
