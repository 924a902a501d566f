import Foundation
import Testing

/// `done` and `undone`.
@Suite("taskman done and undone")
struct DoneCommandTests {
  @Test func doneStampsTodayAndUndoneRemovesIt() throws {
    let data = try TaskmanDataDirectory()
    let milk = try data.add("Buy milk")
    let bread = try data.add("Buy bread")
    let other = try data.add("Stay open")

    let done = try data.run(["done", milk, bread])
    #expect(done.status == 0)
    let lines = done.output.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { $0.range(of: #"@done\(\d{4}-\d{2}-\d{2}\)$"#, options: .regularExpression) != nil })
    #expect(try data.listedTitles() == ["Stay open"])
    #expect(try data.listedTitles(["--done"]) == ["Buy milk", "Buy bread"])

    let undone = try data.run(["undone", bread])
    #expect(undone.status == 0)
    #expect(undone.output == "\(bread)  Buy bread\n")
    #expect(try data.listedTitles() == ["Buy bread", "Stay open"])
    _ = other
  }

  @Test func aDoneTagInAnyCaseIsDone() throws {
    let data = try TaskmanDataDirectory()
    let file = try data.write("- Paid rent @Done(2026-11-01)\n- Call Bob\n", to: "case.taskpaper")
    let paid = try #require(try data.listed(["--file", file, "--done"]).first?["shortId"] as? String)
    #expect(try data.run(["--file", file, "done", paid]).status == 0)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "- Paid rent @Done(2026-11-01)\n- Call Bob\n", "done already")
    #expect(try data.run(["--file", file, "undone", paid]).status == 0)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "- Paid rent\n- Call Bob\n")
  }

  @Test func undoNamesOnlyTheItemsTheChangeMarked() throws {
    let data = try TaskmanDataDirectory()
    let milk = try data.add("Buy milk")
    let bread = try data.add("Buy bread")
    #expect(try data.run(["done", milk]).status == 0)
    #expect(try data.run(["done", milk, bread]).status == 0)
    #expect(try data.run(["undo"]).output == "Undid: done “Buy bread”\n")
    #expect(try data.run(["undone", milk, bread]).status == 0)
    #expect(try data.run(["undo"]).output == "Undid: undone “Buy milk”\n")
  }

  @Test func doneWorksOnNestedTasks() throws {
    let data = try TaskmanDataDirectory()
    let file = try data.write("Home:\n\t- Paint\n\t\t- Buy paint\n", to: "in.taskpaper")
    try #require(try data.run(["import", file]).status == 0)
    let id = try #require(try data.listed(["--search", "buy"]).first?["shortId"] as? String)
    #expect(try data.run(["done", id]).status == 0)
    #expect(try data.listedTitles() == ["Paint"])
  }

  @Test func oneUnknownIDChangesNothing() throws {
    let data = try TaskmanDataDirectory()
    let id = try data.add("Buy milk")
    let before = data.dataFileBytes
    let result = try data.run(["done", id, "abcdef0123"])
    #expect(result.status == 1)
    #expect(result.errors.hasPrefix("taskman: no item has an id starting with 'abcdef0123'"))
    #expect(data.dataFileBytes == before)
  }
}
