import Testing

@testable import TaskmanCLI

@Suite("JSON output")
struct JSONValueTests {
  @Test func keysAreSortedAndTheLayoutIsFixed() {
    let value = JSONValue.object([
      "zeta": .int(-3),
      "alpha": .array([.bool(true), .null, .string("x")]),
      "empty": .array([]),
      "nested": .object([:]),
    ])
    #expect(
      value.text == """
        {
          "alpha": [
            true,
            null,
            "x"
          ],
          "empty": [],
          "nested": {},
          "zeta": -3
        }

        """
    )
  }

  @Test func stringsEscapeOnlyWhatJSONRequiresAndEveryControlCharacter() {
    let value = JSONValue.string("quote \" backslash \\ newline \n tab \t bell \u{7} café 🥛 / </")
    #expect(value.text == #""quote \" backslash \\ newline \n tab \t bell \u0007 café 🥛 / </""# + "\n")
    // DEL and the C1 controls too, which a terminal would act on; other text from U+0080 stays.
    let controls = JSONValue.string("x \u{7F} y \u{9B}z \u{80}\u{A0}é")
    #expect(controls.text == #""x \u007f y \u009bz \u0080\#u{A0}é""# + "\n")
  }

  @Test func theSameValueAlwaysPrintsTheSameBytes() {
    var members: [String: JSONValue] = [:]
    for index in 0..<50 { members["key\(index)"] = .int(index) }
    let first = JSONValue.object(members).text
    var reordered: [String: JSONValue] = [:]
    for index in (0..<50).reversed() { reordered["key\(index)"] = .int(index) }
    #expect(JSONValue.object(reordered).text == first)
  }
}
