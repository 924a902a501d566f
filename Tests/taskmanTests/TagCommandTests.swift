import Foundation
import Testing

/// `tag` and `untag`.
@Suite("taskman tag and untag")
struct TagCommandTests {
  @Test func tagAddsOrReplacesTagsAndUntagRemovesThem() throws {
    let data = try TaskmanDataDirectory()
    let id = try data.add("Buy milk", "@due(2026-01-01)")

    let tagged = try data.run(["tag", id, "@today", "@due(2026-12-01)"])
    #expect(tagged.status == 0)
    #expect(tagged.output == "\(id)  Buy milk @due(2026-12-01) @today\n")

    let untagged = try data.run(["untag", id, "due", "@today"])
    #expect(untagged.status == 0)
    #expect(untagged.output == "\(id)  Buy milk\n")
  }

  @Test func untagOfATagTheItemDoesNotHaveSaysSo() throws {
    let data = try TaskmanDataDirectory()
    let id = try data.add("Call Bob @home @due(2026-12-01)")
    let result = try data.run(["untag", id, "hom", "due", "@x"])
    #expect(result.status == 0)
    #expect(result.errors == "taskman: “Call Bob” had no @hom, @x to remove (its tags: @home @due).\n")
    #expect(data.dataFileText == "- Call Bob @home\n")
    #expect(try data.run(["untag", id, "home"]).errors == "")
  }

  @Test func aBadTagIsTheFeaturesErrorAndChangesNothing() throws {
    let data = try TaskmanDataDirectory()
    let id = try data.add("Buy milk")
    let before = data.dataFileBytes
    let result = try data.run(["tag", id, "@ok", "@bad("])
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.errors.hasPrefix("taskman: Unable to convert @bad( into a tag.\n"))
    #expect(data.dataFileBytes == before)
  }

  @Test func untagRefusesToLeaveANoteOfTagsOnlyABlankLine() throws {
    // Without its tag the note would be a blank line, and `- child` would go under `Notes`.
    let data = try TaskmanDataDirectory()
    let text = "Notes:\n\t@v(a b)\n\t\t- child\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: data.dataFile))
    let listed = try data.json(["list", "--json", "--search", ""])["items"] as? [[String: Any]]
    let note = try #require(listed?.first { ($0["kind"] as? String) == "note" }?["shortId"] as? String)
    let result = try data.run(["untag", note, "v"])
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("taskman: “@v(a b)” would be left a blank line, which is no item: nothing was changed."), "\(result.errors)")
    #expect(data.dataFileText == text)
    // So does `undone` for a note that is only `@done`.
    try Data("Notes:\n\t@done\n".utf8).write(to: URL(fileURLWithPath: data.dataFile))
    let done = try data.json(["list", "--json", "--all", "--search", ""])["items"] as? [[String: Any]]
    let doneNote = try #require(done?.first { ($0["kind"] as? String) == "note" }?["shortId"] as? String)
    #expect(try data.run(["undone", doneNote]).status == 2)
    #expect(data.dataFileText == "Notes:\n\t@done\n")
  }

  @Test func untagRefusesANameThatCannotBeATag() throws {
    let data = try TaskmanDataDirectory()
    let id = try data.add("Buy milk")
    let result = try data.run(["untag", id, "two words"])
    #expect(result.status == 2)
  }
}
