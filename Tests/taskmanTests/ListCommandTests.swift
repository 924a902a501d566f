import Foundation
import Testing

@Suite("taskman list")
struct ListCommandTests {
  /// Projects, nesting, done items, tags with values and due dates far in the past and future,
  /// so `--overdue` does not depend on today.
  static let document = """
    Errands:
    \t- Buy milk @shopping @due(2026-12-01)
    \t\t- Check the date @today
    \t- Pay rent @due(2000-01-01)
    Work:
    \t- Call Bob @waiting(Bob)
    \t- Ship it @done(2024-05-01)
    - Plan 2999 @due(2999-01-01)

    """

  private func importedDocument() throws -> TaskmanDataDirectory {
    let data = try TaskmanDataDirectory()
    let file = try data.write(Self.document, to: "list.taskpaper")
    let result = try data.run(["import", file])
    try #require(result.status == 0, "\(result.errors)")
    return data
  }

  @Test func showsTheOutlineWithAnIdOnEveryLine() throws {
    let data = try importedDocument()
    let result = try data.run(["list"])
    #expect(result.status == 0)
    // The ids are random; the rest is the outline, done items left out.
    let lines = linesWithoutIDs(result.output)
    #expect(
      lines == [
        "Errands:",
        "  - Buy milk @shopping @due(2026-12-01)",
        "    - Check the date @today",
        "  - Pay rent @due(2000-01-01)",
        "Work:",
        "  - Call Bob @waiting(Bob)",
        "- Plan 2999 @due(2999-01-01)",
      ]
    )
    #expect(result.output.split(separator: "\n").allSatisfy { $0.prefix(4).allSatisfy(\.isHexDigit) })
  }

  @Test func aFilterKeepsTheItemsAboveAMatch() throws {
    let data = try importedDocument()
    let result = try data.run(["list", "--tag", "today"])
    let lines = linesWithoutIDs(result.output)
    #expect(lines == ["Errands:", "  - Buy milk @shopping @due(2026-12-01)", "    - Check the date @today"])
    let search = try data.run(["list", "--search", "ERRAND"]).output
    #expect(linesWithoutIDs(search) == ["Errands:"])
  }

  @Test func aDoneItemHidesWithItsNotesAndSubtasksUnlessAll() throws {
    let data = try TaskmanDataDirectory()
    let file = try data.write(
      "Errands:\n\t- Post letter @done(2026-11-20)\n\t\tThe red box.\n\t\t- Buy stamps\n\t- Buy milk\n", to: "done.taskpaper"
    )
    let list = { (arguments: [String]) in linesWithoutIDs(try data.run(["--file", file, "list"] + arguments).output) }
    #expect(try list([]) == ["Errands:", "  - Buy milk"])
    #expect(try list(["--project", "errands"]) == ["Errands:", "  - Buy milk"])
    #expect(try list(["--all"]).count == 5)
  }

  @Test func listsOpenTasksAtAnyDepthWithTheirProjectsWhenFlat() throws {
    let data = try importedDocument()
    let result = try data.run(["list", "--flat"])
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces) }
    #expect(
      lines == [
        "Buy milk @shopping @due(2026-12-01)  (Errands)",
        "Check the date @today  (Errands)",
        "Pay rent @due(2000-01-01)  (Errands)",
        "Call Bob @waiting(Bob)  (Work)",
        "Plan 2999 @due(2999-01-01)",
      ]
    )
  }

  @Test func aRelativeDateInATagFilterFindsWhatTaskmanWroteForIt() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("Call Bob @due(tomorrow)")
    _ = try data.add("Pay rent @due(+3d)")
    _ = try data.add("Read @topic(tomorrow)")
    #expect(try data.listedTitles(["--tag", "due=tomorrow"]) == ["Call Bob"])
    #expect(try data.listedTitles(["--tag", "due=+3d"]) == ["Pay rent"])
    // Only date tags hold dates: any other value is compared as typed.
    #expect(try data.listedTitles(["--tag", "topic=tomorrow"]) == ["Read"])
  }

  @Test func filtersCombine() throws {
    let data = try importedDocument()
    #expect(try data.listedTitles(["--tag", "due"]) == ["Buy milk", "Pay rent", "Plan 2999"])
    #expect(try data.listedTitles(["--tag", "due=2000-01-01"]) == ["Pay rent"])
    #expect(try data.listedTitles(["--tag", "@waiting(Bob)"]) == ["Call Bob"])
    #expect(try data.listedTitles(["--not-tag", "due", "--project", "errands"]) == ["Check the date"])
    #expect(try data.listedTitles(["--project", "err"]) == ["Buy milk", "Check the date", "Pay rent"], "a prefix, ignoring case")
    #expect(try data.listedTitles(["--search", "ERRAND"]) == ["Errands"], "a search finds projects and notes too")
    #expect(try data.listedTitles(["--due-after", "2026-12-01"]) == ["Plan 2999"])
    #expect(try data.listedTitles(["--due-after", "2026-11-30", "--due-before", "2027-01-01"]) == ["Buy milk"])
    #expect(try data.listedTitles(["--search", "MILK"]) == ["Buy milk"])
    #expect(try data.listedTitles(["--done"]) == ["Ship it"])
    #expect(try data.listedTitles(["--tag", "done"]) == ["Ship it"], "asking for the tag asks for done items")
    #expect(try data.listedTitles(["--tag", "done=2024-05-01"]) == ["Ship it"])
    #expect(try data.listedTitles(["--all", "--project", "Work"]) == ["Call Bob", "Ship it"])
    #expect(try data.listedTitles(["--due-before", "2026-12-02"]) == ["Buy milk", "Pay rent"])
    #expect(try data.listedTitles(["--overdue"]) == ["Pay rent"])
  }

  @Test func tagNamesMatchIgnoringCaseAndKeepTheirSpelling() throws {
    let data = try TaskmanDataDirectory()
    let text = "- Renew passport @DUE(2000-11-01)\n- Hike @Weekend\n- Swim @weekend\n- Paid @Done\n"
    let file = try data.write(text, to: "case.taskpaper")
    let run = { (arguments: [String]) in try data.run(["--file", file] + arguments) }
    #expect(linesWithoutIDs(try run(["list", "--overdue"]).output) == ["- Renew passport @DUE(2000-11-01)"])
    #expect(linesWithoutIDs(try run(["list", "--tag", "weekend"]).output) == ["- Hike @Weekend", "- Swim @weekend"])
    #expect(linesWithoutIDs(try run(["list", "--tag", "done"]).output) == ["- Paid @Done"])
    #expect(!(try run(["list"]).output.contains("Paid")))
    #expect(try run(["agenda"]).output.contains("Renew passport @DUE(2000-11-01)"))
    #expect(try run(["tags"]).output == "@Done     1\n@DUE      1\n@Weekend  2\n")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == text, "reading commands never change the file")
    let typo = try data.write("- Renew passport @DUE(tomorow)\n", to: "typo.taskpaper")
    let doctor = try data.run(["--file", typo, "doctor"])
    #expect(doctor.status == 1)
    #expect(doctor.output.contains("@DUE(tomorow) is not a date taskman reads"))
  }

  @Test func searchIgnoresAccents() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("Call Zoë")
    _ = try data.add("Café crème")
    _ = try data.add("Call Bob")
    #expect(try data.listedTitles(["--search", "zoe"]) == ["Call Zoë"])
    #expect(try data.listedTitles(["--search", "CREME"]) == ["Café crème"])
    #expect(try data.listedTitles(["--search", "zoë"]) == ["Call Zoë"])
  }

  @Test func jsonCarriesProjectAndParent() throws {
    let data = try importedDocument()
    let items = try data.listed(["--tag", "today"])
    let item = try #require(items.first)
    #expect(items.count == 1)
    #expect(item["project"] as? String == "Errands")
    #expect(item["kind"] as? String == "task")
    #expect(item["done"] as? Bool == false)
    let parent = try #require(item["parentId"] as? String)
    let buyMilk = try #require(try data.listed(["--search", "milk"]).first)
    #expect(buyMilk["id"] as? String == parent)
    #expect(buyMilk["parentId"] as? String != nil)
  }

  @Test func nothingMatchingIsAnEmptyAnswerNotAnError() throws {
    let data = try importedDocument()
    let result = try data.run(["list", "--tag", "nope"])
    #expect(result.status == 0)
    #expect(result.output.isEmpty && result.errors.isEmpty)
    let json = try data.json(["list", "--json", "--tag", "nope"])
    #expect((json["items"] as? [Any])?.isEmpty == true)

    let empty = try TaskmanDataDirectory()
    #expect(try empty.run(["list"]).output.isEmpty)
  }

  @Test func badFilterValuesAreUsageErrors() throws {
    let data = try TaskmanDataDirectory()
    let date = try data.run(["list", "--due-before", "tomorrow-ish"])
    #expect(date.status == 2)
    #expect(date.errors.hasPrefix("taskman: invalid value 'tomorrow-ish' for --due-before <date>"))
    let flag = try data.run(["list", "--overdu"])
    #expect(flag.status == 2)
    #expect(flag.errors.contains("--overdue"))
  }

  @Test func colourMarksOnlyWhatIsATag() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("Pay 25% @25% to foo@bar.com @home")
    let output = try data.run(["list", "--color", "always"]).output
    #expect(output.contains("Pay 25% @25% to foo@bar.com \u{1B}[36m@home\u{1B}[0m"), "\(output)")
  }

  @Test func colourOnlyWhenAsked() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("Tagged", "@home")
    #expect(try !data.run(["list"]).output.contains("\u{1B}["))
    #expect(try data.run(["list", "--color", "always"]).output.contains("\u{1B}[36m@home\u{1B}[0m"))
    #expect(try !data.run(["list"], environment: ["NO_COLOR": "1"]).output.contains("\u{1B}["))
    // An explicit --color always wins over NO_COLOR (no-color.org: a flag overrides the variable).
    #expect(try data.run(["list", "--color", "always"], environment: ["NO_COLOR": "1"]).output.contains("\u{1B}[36m@home\u{1B}[0m"))
  }
}
