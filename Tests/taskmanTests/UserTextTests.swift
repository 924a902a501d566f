import Foundation
import Testing

/// What a TaskPaper user found taskman changing in their text that no command asked it to change
/// (issue 39): every command rewrites only what it changes, and reads lines as the app does.
@Suite("the user's text stays as written")
struct UserTextTests {
  @Test func aNoteStartingWithAMinusSignIsANoteAndKeepsItsSign() throws {
    let file = try UserFile("Weather:\n\t-5 degrees at night @cold\n\t---\n\t-- Ben\n\t- Buy a coat\n")
    let projects = try file.run(["projects"])
    #expect(projects.output.contains("1 open"), "\(projects.output)")
    let ids = try file.allIDs()
    let note = try #require(ids["-5 degrees at night"], "\(ids)")
    #expect(try file.change(["untag", note, "cold"]) == [2])
    #expect(file.text == "Weather:\n\t-5 degrees at night\n\t---\n\t-- Ben\n\t- Buy a coat\n")
  }

  @Test func everyCommandKeepsTheMarkerAndSpacingTheUserTyped() throws {
    let file = try UserFile("-Call mom  @home\t@due(2026-11-30)   \n")
    let id = try #require(try file.ids()["Call mom"])
    #expect(try file.change(["tag", id, "@due(2026-12-01)"]) == [1])
    #expect(file.text == "-Call mom  @home\t@due(2026-12-01)   \n")
    #expect(try file.change(["untag", id, "home"]) == [1])
    #expect(file.text == "-Call mom\t@due(2026-12-01)   \n")
    #expect(try file.change(["edit", id, "Call Mom"]) == [1])
    #expect(file.text.hasPrefix("-Call Mom"), "\(file.text)")
    for _ in 0..<3 { #expect(try file.run(["undo"]).status == 0) }
    #expect(file.text == "-Call mom  @home\t@due(2026-11-30)   \n")
  }

  @Test func doneWorksOnATaskWhoseTextHoldsAnUnclosedValue() throws {
    let file = try UserFile("- Renew passport @due(2020\n")
    let ids = try file.ids()
    let id = try #require(ids["Renew passport @due(2020"], "\(ids)")
    let result = try file.run(["done", id])
    #expect(result.status == 0, "\(result.errors)")
    #expect(file.text.hasPrefix("- Renew passport @due(2020 @done("), "\(file.text)")
    let listed = try file.run(["list", "--all", "--json"])
    #expect(listed.output.contains("\"title\" : \"Renew passport @due(2020\"") || listed.output.contains("\"title\": \"Renew passport @due(2020\""))
  }

  @Test func aBareTagNeverSilentlyDropsTheValueOfOneTheItemHas() throws {
    let file = try UserFile("- Pay rent @due(2026-11-30)\n")
    let id = try #require(try file.ids()["Pay rent"])
    let refused = try file.run(["tag", id, "@due"])
    #expect(refused.status == 2)
    #expect(refused.errors.contains("@due(2026-11-30)"), "\(refused.errors)")
    #expect(refused.errors.contains("--replace"), "\(refused.errors)")
    #expect(file.text == "- Pay rent @due(2026-11-30)\n")
    // A new value is what `tag` is for; --replace lets the bare tag through.
    #expect(try file.change(["tag", id, "@due(2026-12-01)"]) == [1])
    #expect(try file.change(["tag", id, "@due", "--replace"]) == [1])
    #expect(file.text == "- Pay rent @due\n")
  }

  @Test func aFileWithClassicMacLineBreaksIsRefusedAndNeverMixedWithOthers() throws {
    let text = "Work:\r\t- a\r\t- b"
    let file = try UserFile(text)
    for arguments in [["list"], ["add", "c"], ["project", "Home"], ["doctor"]] {
      let result = try file.run(arguments)
      #expect(result.status == 3, "\(arguments)")
      #expect(result.errors.contains("carriage returns alone"), "\(arguments): \(result.errors)")
      #expect(result.errors.contains("tr '\\r' '\\n'"), "\(result.errors)")
    }
    #expect(file.text == text)
    // A file of one line that ends with a stray carriage return is read as that line.
    let one = try UserFile("- a\r", name: "one.taskpaper")
    #expect(try one.run(["list"]).status == 0)
  }

  @Test func aTagWithoutItsAtOrWithBareParenthesesIsRefusedWithWhatToType() throws {
    let file = try UserFile("- Hike\n")
    let id = try #require(try file.ids()["Hike"])
    let bare = try file.run(["tag", id, "weekend"])
    #expect(bare.status == 2)
    #expect(bare.errors.contains("did you mean @weekend?"), "\(bare.errors)")
    let parentheses = try file.run(["tag", id, "@where(hut (north))"])
    #expect(parentheses.status == 2)
    #expect(parentheses.errors.contains("@where(hut \\(north\\))"), "\(parentheses.errors)")
    #expect(file.text == "- Hike\n")
    #expect(try file.change(["tag", id, "@where(hut \\(north\\))"]) == [1])
  }

  @Test func editReplacesOnlyTheTagsItNamesUnlessAskedToReplaceThemAll() throws {
    let file = try UserFile("- Call Bob @due(2026-11-30) @done(2026-11-28) @home\n")
    let id = try #require(try file.ids()["Call Bob"])
    #expect(try file.change(["edit", id, "Call Bob about the van @urgent @due(2026-12-02)"]) == [1])
    #expect(file.text == "- Call Bob about the van @due(2026-12-02) @done(2026-11-28) @home @urgent\n")
    #expect(try file.change(["edit", id, "Call Bob @urgent", "--replace-tags"]) == [1])
    #expect(file.text == "- Call Bob @urgent\n")
  }

  @Test func anUnreadableDateIsRefusedLikeAnImpossibleOneNamingTheFormsThatWork() throws {
    let file = try UserFile("- Call Bob @due(someday)\n")
    for typed in ["Pay rent @due(next fortnight)", "Pay rent @due(2026-02-30)"] {
      let refused = try file.run(["add", typed])
      #expect(refused.status == 2, "\(typed)")
      #expect(refused.errors.contains("tomorrow") || refused.errors.contains("Invalid date"), "\(refused.errors)")
    }
    let id = try #require(try file.ids()["Call Bob"])
    #expect(try file.run(["tag", id, "@start(next fortnight)"]).status == 2)
    #expect(file.text == "- Call Bob @due(someday)\n")
    // A value the item had already is the person's own: an edit of the title keeps it.
    #expect(try file.change(["edit", id, "Call Bob back"]) == [1])
    #expect(file.text == "- Call Bob back @due(someday)\n")
  }
}
