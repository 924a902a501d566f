import Foundation
import Testing

@Suite("taskman tags")
struct TagsCommandTests {
  @Test func countsEveryTagAtAnyDepth() throws {
    let data = try TaskmanDataDirectory()
    let file = try data.write("Home: @home\n\t- Paint @home @due(2026-01-01)\n- Call @due(2026-02-01)\n", to: "in.taskpaper")
    try #require(try data.run(["import", file]).status == 0)

    let text = try data.run(["tags"])
    #expect(text.status == 0)
    #expect(text.output == "@due   2\n@home  2\n")

    let json = try data.json(["tags", "--json"])
    let tags = try #require(json["tags"] as? [[String: Any]])
    #expect(tags.map { $0["name"] as? String } == ["due", "home"])
    #expect(tags.map { $0["count"] as? Int } == [2, 2])
  }

  @Test func noTagsPrintNothing() throws {
    let data = try TaskmanDataDirectory()
    let result = try data.run(["tags"])
    #expect(result.status == 0)
    #expect(result.output.isEmpty)
  }
}
