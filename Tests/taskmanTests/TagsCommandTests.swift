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

  @Test func countsLineUpWhateverTheWidthOfTheNames() throws {
    let data = try TaskmanDataDirectory()
    let file = try data.write("- a @日本\n- b @home @cafe\u{301}\n- c @ｆｕｌｌ\n- d @日本\n", to: "wide.taskpaper")
    let text = try data.run(["--file", file, "tags"])
    #expect(text.status == 0)
    // Each wide character takes two columns, a combining accent none: the counts line up.
    #expect(text.output == "@cafe\u{301}      1\n@home      1\n@日本      2\n@ｆｕｌｌ  1\n")
  }

  @Test func noTagsPrintNothing() throws {
    let data = try TaskmanDataDirectory()
    let result = try data.run(["tags"])
    #expect(result.status == 0)
    #expect(result.output.isEmpty)
  }
}
