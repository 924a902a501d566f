import Testing

@testable import TaskmanCLI

@Suite("Suggestions for unknown words")
struct SuggestionTests {
  let commands = ["add", "list", "show", "edit", "done", "undone", "tag", "untag", "delete", "tags"]

  @Test(arguments: [
    ("lsit", "list"), ("lst", "list"), ("delte", "delete"), ("untga", "untag"), ("shwo", "show"),
    ("LIST", "list"), ("del", "delete"), ("ad", "add"),
  ])
  func typosAndAbbreviationsFindTheCommand(typed: String, expected: String) {
    #expect(Suggestion.nearest(to: typed, in: commands) == expected)
  }

  @Test(arguments: ["frobnicate", "x", "", "un", "zzzz"])
  func wordsNearNothingGetNoSuggestion(typed: String) {
    #expect(Suggestion.nearest(to: typed, in: commands) == nil)
  }

  @Test func optionsAreComparedWithoutTheirDashes() {
    let options = ["--tag", "--not-tag", "--json", "-h", "--help"]
    #expect(Suggestion.nearest(to: "--tga", in: options) == "--tag")
    #expect(Suggestion.nearest(to: "--jsno", in: options) == "--json")
    #expect(Suggestion.nearest(to: "--nottag", in: options) == "--not-tag")
    #expect(Suggestion.nearest(to: "-5", in: options) == nil)
  }

  @Test func aSwapOfNeighboursCostsOneStep() {
    #expect(Suggestion.distance(Array("lsit"), Array("list")) == 1)
    #expect(Suggestion.distance(Array("kitten"), Array("sitting")) == 3)
    #expect(Suggestion.distance(Array(""), Array("abc")) == 3)
  }
}
