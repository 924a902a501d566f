import Foundation
import Testing

@Suite("taskman edit")
struct EditCommandTests {
  @Test func replacesTheLineAndKeepsTheChildrenAndTheID() throws {
    let data = try TaskmanDataDirectory()
    let file = try data.write("- Buy milk @shopping\n\tOat, not soy.\n", to: "in.taskpaper")
    try #require(try data.run(["import", file]).status == 0)
    let before = try #require(try data.listed().first)
    let id = try #require(before["shortId"] as? String)

    let result = try data.run(["edit", id, "Buy", "oat", "milk", "@errands", "--replace-tags"])
    #expect(result.status == 0)
    #expect(result.output == "\(id)  Buy oat milk @errands\n")
    #expect(try data.export() == "- Buy oat milk @errands\n\tOat, not soy.\n")
    #expect(try data.listed().first?["id"] as? String == before["id"] as? String)
  }

  @Test func blankTextIsRefusedAndChangesNothing() throws {
    let data = try TaskmanDataDirectory()
    let id = try data.add("Keep")
    let result = try data.run(["edit", id, " "])
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("taskman: Unable to convert   into a task.\n"))
    #expect(try data.export() == "- Keep\n")
  }

  @Test func tagsWithoutATitleAreRefusedWithAHintToTagInstead() throws {
    let data = try TaskmanDataDirectory()
    let id = try data.add("Keep", "@home")
    let result = try data.run(["edit", id, "@work"])
    #expect(result.status == 2)
    #expect(
      result.errors
        == "taskman: Unable to convert @work into a task.\nThe new text needs a title before its tags; to change only the tags, use 'taskman tag \(id) <@tag…>' or 'taskman untag \(id) <name…>'.\n"
    )
    #expect(try data.export() == "- Keep @home\n")
  }

  @Test func anUnknownIDChangesNothing() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("Keep")
    let result = try data.run(["edit", "0000", "Other"])
    #expect(result.status == 1)
    #expect(try data.export() == "- Keep\n")
  }
}
