import Foundation
import Testing

@Suite("taskman add")
struct AddCommandTests {
  @Test func printsTheNewTasksShortIDAndStoresTheLineWithItsTags() throws {
    let data = try TaskmanDataDirectory()
    let id = try data.add("Buy", "milk", "@shopping", "@due(2026-12-01)")
    #expect(id.count == 4 && id.allSatisfy(\.isHexDigit))

    let list = try data.run(["list"])
    #expect(list.output == "\(id)  - Buy milk @shopping @due(2026-12-01)\n")
    let item = try #require(try data.listed().first)
    #expect(item["shortId"] as? String == id)
    #expect((item["id"] as? String)?.replacingOccurrences(of: "-", with: "").hasPrefix(id) == true)
    let tags = item["tags"] as? [[String: Any]] ?? []
    #expect(tags.map { $0["name"] as? String } == ["shopping", "due"])
    #expect(tags.last?["value"] as? String == "2026-12-01")
  }

  @Test func aDateTagThatIsNoDateIsRefusedAsAnImpossibleOneIs() throws {
    let data = try TaskmanDataDirectory()
    let refused = try data.run(["add", "Call Bob @due(tomorow) @start(2026-12-01) @mood(tomorow)"])
    #expect(refused.status == 2)
    #expect(refused.errors.hasPrefix("taskman: Unable to convert - Call Bob @due(tomorow) @start(2026-12-01) @mood(tomorow) into a task. “tomorow” is not a date taskman reads: write 2026-12-01"), "\(refused.errors)")
    #expect(data.dataFileText == nil)
    // A tag that is no date tag holds any value.
    let id = try data.add("Call Bob @start(2026-12-01) @mood(tomorow)")
    let tagged = try data.run(["tag", id, "@defer(someday)", "@due(friday)"])
    #expect(tagged.status == 2)
    #expect(tagged.errors.contains("“someday” is not a date taskman reads"), "\(tagged.errors)")
    #expect(try data.run(["tag", id, "@due(friday)", "@x"]).errors == "")
  }

  @Test func createsTheDataDirectoryOnFirstUse() throws {
    let data = try TaskmanDataDirectory()
    let nested = data.path + "/not/yet/there"
    let result = try TaskmanProcess.run(["add", "First"], environment: ["TASKMAN_DATA_DIR": nested])
    #expect(result.status == 0)
    #expect(try String(contentsOfFile: nested + "/tasks.taskpaper", encoding: .utf8) == "- First\n")
    // Owner only, whatever the umask: the directory, the task file, the bookkeeping.
    for path in [data.path + "/not", data.path + "/not/yet", nested, nested + "/state"] {
      #expect(try permissions(of: path) == 0o700, "\(path)")
    }
    #expect(try permissions(of: nested + "/tasks.taskpaper") == 0o600)
  }

  @Test func keepsUnicodeTextExactly() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("Crème brûlée 🍮 für Zoë", "@où(là-bas)")
    #expect(try data.export() == "- Crème brûlée 🍮 für Zoë @où(là-bas)\n")
  }

  @Test func blankTextIsTheFormsErrorAndAddsNothing() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("Keep me")
    let before = data.dataFileBytes

    let result = try data.run(["add", "   "])
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.errors.hasPrefix("taskman: Unable to convert     into a task.\n"))
    #expect(data.dataFileBytes == before)
  }

  @Test func tagsWithoutATitleAreRefusedWithAHintToWriteOne() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("Keep me")
    let before = data.dataFileBytes
    let result = try data.run(["add", "@only", "@due(2026-12-01)"])
    #expect(result.status == 2)
    #expect(
      result.errors
        == "taskman: Unable to convert - @only @due(2026-12-01) into a task.\nA task needs a title before its tags, like: taskman add Call Bob @only @due(2026-12-01)\n"
    )
    #expect(data.dataFileBytes == before)
    // The task marker typed with the tags is not repeated in the example.
    #expect(try data.run(["add", "-", "@only"]).errors.hasSuffix("like: taskman add Call Bob @only\n"))
  }

  @Test func textMustBeGiven() throws {
    let result = try TaskmanProcess.run(["add"])
    #expect(result.status == 2)
    #expect(result.errors.contains("Usage: taskman add <text> ..."))
  }

  @Test func fiftyConcurrentAddsLoseNothing() throws {
    let data = try TaskmanDataDirectory()
    // Each waits its turn for the lock as long as it takes: on a loaded machine fifty adds in a
    // row can take longer than the default ten seconds, and a timeout is not what this tests.
    let running = try (1...50).map { try data.start(["add", "Task \($0)"], environment: ["TASKMAN_LOCK_TIMEOUT": "3600"]) }
    let results = running.map { $0.wait() }
    #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.errors).filter { !$0.isEmpty })")
    let titles = try data.listedTitles()
    #expect(titles.count == 50)
    #expect(Set(titles) == Set((1...50).map { "Task \($0)" }))
    // Fails too when a save is still running after its lock was released: the next add then
    // loads the list without it.
    // Each process printed its own id.
    #expect(Set(results.map { $0.output }).count == 50)
  }
}

/// The permission bits of the file at `path`.
func permissions(of path: String) throws -> Int {
  try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
}
