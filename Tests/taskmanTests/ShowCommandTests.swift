import Foundation
import Testing

@Suite("taskman show")
struct ShowCommandTests {
  private func nested() throws -> (TaskmanDataDirectory, id: String) {
    let data = try TaskmanDataDirectory()
    let file = try data.write("Errands:\n\t- Buy milk @shopping\n\t\tOat, not soy.\n\t\t- Check the date\n", to: "in.taskpaper")
    try #require(try data.run(["import", file]).status == 0)
    let id = try #require(try data.listed(["--search", "milk"]).first?["shortId"] as? String)
    return (data, id)
  }

  @Test func printsTheItemWithItsChildrenAsTaskPaper() throws {
    let (data, id) = try nested()
    let result = try data.run(["show", id])
    #expect(result.status == 0)
    #expect(result.output == "- Buy milk @shopping\n\tOat, not soy.\n\t- Check the date\n")
  }

  @Test func jsonHasChildrenAndText() throws {
    let (data, id) = try nested()
    let document = try data.json(["show", id, "--json"])
    let item = try #require(document["item"] as? [String: Any])
    #expect(item["title"] as? String == "Buy milk")
    #expect(item["project"] as? String == "Errands")
    #expect(item["text"] as? String == "- Buy milk @shopping\n\tOat, not soy.\n\t- Check the date\n")
    let children = try #require(item["children"] as? [[String: Any]])
    #expect(children.map { $0["kind"] as? String } == ["note", "task"])
    #expect(children.allSatisfy { ($0["shortId"] as? String)?.count ?? 0 >= 4 })
  }

  @Test func aFullIDWithDashesAndCapitalsWorks() throws {
    let (data, _) = try nested()
    let full = try #require(try data.listed(["--search", "milk"]).first?["id"] as? String)
    #expect(try data.run(["show", full.uppercased()]).status == 0)
  }

  @Test func anUnknownIDIsNothingMatched() throws {
    let (data, _) = try nested()
    let result = try data.run(["show", "ffffffff"])
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    #expect(result.errors.hasPrefix("taskman: no item has an id starting with 'ffffffff'\n"))

    let notHex = try data.run(["show", "milk"])
    #expect(notHex.status == 1)
    #expect(notHex.errors.hasPrefix("taskman: 'milk' is not an id\n"))
  }

  @Test func anAmbiguousPrefixNamesTheCandidates() throws {
    let data = try TaskmanDataDirectory()
    // Sixteen items: two of them must share their first hex digit.
    let file = try data.write((1...17).map { "- Task \($0)\n" }.joined(), to: "many.taskpaper")
    try #require(try data.run(["import", file]).status == 0)
    let ids = try data.listed().compactMap { $0["id"] as? String }
    let firsts = Dictionary(grouping: ids, by: { $0.prefix(1) })
    let (digit, sharing) = try #require(firsts.first { $0.value.count > 1 })
    let result = try data.run(["show", String(digit)])
    #expect(result.status == 1)
    #expect(result.errors.hasPrefix("taskman: the id '\(digit)' is ambiguous: it matches "))
    #expect(result.errors.contains("(Task "))
    #expect(result.errors.components(separatedBy: "(Task ").count - 1 == min(sharing.count, 10))
  }
}
