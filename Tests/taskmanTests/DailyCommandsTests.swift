import Foundation
import Testing

/// `archive`, repeating tasks (`done`, `skip`), `@start`/`@defer` in `list` and `agenda`, and `log`.
@Suite("taskman archive, skip, log")
struct DailyCommandsTests {
  @Test func archiveMovesDoneItemsAndUndoRestoresTheFile() throws {
    let data = try TaskmanDataDirectory()
    let text = "Work:\n\tReports:\n\t\t- Q3 @done(2026-11-20)\n\t\t- Q4\n- Loose @done\n"
    let file = try data.write(text, to: "work.taskpaper")
    let archived = try data.run(["--file", file, "archive"])
    #expect(archived.status == 0)
    #expect(archived.output == "Archived 2 done items.\n")
    #expect(
      try String(contentsOfFile: file, encoding: .utf8)
        == "Work:\n\tReports:\n\t\t- Q4\nArchive:\n\t- Q3 @done(2026-11-20) @project(Work / Reports)\n\t- Loose @done\n"
    )
    #expect(try data.run(["--file", file, "archive"]).output == "Nothing to archive: no done item outside the Archive: project.\n")
    #expect(try data.run(["--file", file, "undo"]).output == "Undid: archive 2 done items\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data(text.utf8))
  }

  @Test func doneOnARepeatingTaskPrintsTheNextInstance() throws {
    let data = try TaskmanDataDirectory()
    let file = try data.write("- Rent @due(2027-01-31) @repeat(monthly)\n", to: "rent.taskpaper")
    let id = try #require(try data.listed(["--file", file]).first?["shortId"] as? String)
    let done = try data.run(["--file", file, "done", id])
    #expect(done.status == 0)
    #expect(done.errors == "")
    let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines[0].hasPrefix("- Rent @due(2027-01-31) @repeat(monthly) @done("))
    #expect(lines[1] == "- Rent @due(2027-02-28) @repeat(monthly on 31)")
    #expect(done.output.split(separator: "\n").last?.hasPrefix("Next: ") == true)
    #expect(done.output.hasSuffix("Rent @due(2027-02-28) @repeat(monthly on 31)\n"))
  }

  @Test func anUnknownRuleIsMarkedDoneWithoutRepeatingAndSaysSo() throws {
    let data = try TaskmanDataDirectory()
    let file = try data.write("- Odd @due(2027-01-31) @repeat(fortnightly)\n", to: "odd.taskpaper")
    let id = try #require(try data.listed(["--file", file]).first?["shortId"] as? String)
    let done = try data.run(["--file", file, "done", id])
    #expect(done.status == 0)
    #expect(done.errors.hasPrefix("taskman: @repeat(fortnightly) is not a repeat rule taskman reads; write one of: daily, weekdays"))
    #expect(done.errors.hasSuffix("“Odd” was marked done without repeating.\n"))
    #expect(try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").count == 1)
  }

  @Test func skipMovesTheDueDateAndRefusesWhatCannotRepeat() throws {
    let data = try TaskmanDataDirectory()
    let file = try data.write("- Review @due(2027-01-04) @repeat(every 2 weeks)\n- Plain\n", to: "skip.taskpaper")
    let items = try data.listed(["--file", file])
    let review = try #require(items.first?["shortId"] as? String)
    let plain = try #require(items.last?["shortId"] as? String)
    let skipped = try data.run(["--file", file, "skip", review])
    #expect(skipped.status == 0)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "- Review @due(2027-01-18) @repeat(every 2 weeks)\n- Plain\n")
    let refused = try data.run(["--file", file, "skip", plain])
    #expect(refused.status != 0)
    #expect(refused.errors.contains("“Plain” has no @repeat tag."))
  }

  @Test func itemsNotYetActionableHideFromListUntilAll() throws {
    let data = try TaskmanDataDirectory()
    let file = try data.write(
      "- Now\n- Someday @start(2999-01-01)\n- Deferred @defer(2999-01-01) @due(2000-01-01)\n- Begun @start(2000-01-01)\n", to: "start.taskpaper")
    #expect(try data.listedTitles(["--file", file]) == ["Now", "Begun"])
    #expect(try data.listedTitles(["--file", file, "--all"]) == ["Now", "Someday", "Deferred", "Begun"])
    let outline = try data.run(["--file", file, "list"])
    #expect(linesWithoutIDs(outline.output) == ["- Now", "- Begun @start(2000-01-01)"])
    #expect(!(try data.run(["--file", file, "agenda"]).output.contains("Deferred")))
  }

  @Test func logListsChangesNewestFirstWithTheirItems() throws {
    let data = try TaskmanDataDirectory()
    #expect(try data.run(["log"]).output == "No changes recorded yet.\n")
    let milk = try data.add("Buy milk")
    #expect(try data.run(["done", milk]).status == 0)
    let log = try data.run(["log", "--color", "never"])
    #expect(log.status == 0)
    let lines = log.output.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines[0].range(of: #"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}  done “Buy milk”$"#, options: .regularExpression) != nil)
    #expect(lines[1].hasPrefix("  \(milk)  - Buy milk @done("))
    #expect(lines[2].hasSuffix("  add “Buy milk”"))
    #expect(lines[3] == "  \(milk)  - Buy milk")

    #expect(try data.run(["undo"]).status == 0)
    let json = try data.json(["log", "--json"])
    let changes = try #require(json["changes"] as? [[String: Any]])
    #expect(changes.map { $0["description"] as? String } == ["done “Buy milk”", "add “Buy milk”"])
    #expect(changes.map { $0["undone"] as? Bool } == [true, false])
    #expect((changes[1]["time"] as? String)?.hasSuffix("Z") == true)
    let items = try #require(changes[1]["items"] as? [[String: Any]])
    #expect(items.map { $0["line"] as? String } == ["- Buy milk"])
    #expect(items.first?["shortId"] as? String == milk)

    #expect(try data.run(["log", "--since", "2999-01-01"]).output == "No changes since then.\n")
    #expect(try data.json(["log", "--json", "--since", "2000-01-01"])["changes"].map { ($0 as? [Any])?.count } == 2)
  }
}
