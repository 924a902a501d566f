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

  @Test func untagRefusesANameThatCannotBeATag() throws {
    let data = try TaskmanDataDirectory()
    let id = try data.add("Buy milk")
    let result = try data.run(["untag", id, "two words"])
    #expect(result.status == 2)
  }
}
