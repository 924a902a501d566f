import Foundation
import TaskManager
import Testing

@testable import TaskmanCLI

@Suite("Rendering rows of tasks")
struct TaskRowRendererTests {
  private func task(_ line: String) throws -> Item {
    try TaskPaperParser.parseTask(line, makeID: { UUID() })
  }

  @Test func idsAreAlignedAndProjectsFollowInParentheses() throws {
    let rows = [
      TaskRowRenderer.Row(item: try task("- Buy milk @shopping"), shortID: "3f2a", project: Item(id: UUID(), kind: .project, title: "Errands")),
      TaskRowRenderer.Row(item: try task("- Call Bob"), shortID: "9c01b", project: nil),
    ]
    #expect(
      TaskRowRenderer.render(rows, style: .plain) == """
        3f2a   Buy milk @shopping  (Errands)
        9c01b  Call Bob

        """
    )
  }

  @Test func colourMarksIdsTagsProjectsAndDoneRows() throws {
    let style = TextStyle(isColored: true)
    let open = TaskRowRenderer.Row(shortID: "3f2a", text: "Call @bob about @due(2026-12-01) e@mail", project: "Work")
    #expect(
      TaskRowRenderer.render([open], style: style)
        == "\u{1B}[33m3f2a\u{1B}[0m  Call \u{1B}[36m@bob\u{1B}[0m about \u{1B}[36m@due(2026-12-01)\u{1B}[0m e@mail  \u{1B}[34m(Work)\u{1B}[0m\n"
    )
    let done = TaskRowRenderer.Row(shortID: "3f2a", text: "Old", isDone: true)
    #expect(TaskRowRenderer.render([done], style: style) == "\u{1B}[2m\u{1B}[33m3f2a\u{1B}[0m\u{1B}[2m  Old\u{1B}[0m\n")
  }

  @Test func onlyWhatTheParserReadsAsATagIsColouredAsOne() {
    let style = TextStyle(isColored: true)
    let tag = { (text: String) in "\u{1B}[36m\(text)\u{1B}[0m" }
    let cases: [(String, String)] = [
      ("Pay 25% @25% now", "Pay 25% @25% now"),
      ("Mail foo@bar.com @home", "Mail foo@bar.com " + tag("@home")),
      ("@due(2020 is not closed", "@due(2020 is not closed"),
      ("See @tag(value). later", "See @tag(value). later"),
      ("Ends @x", "Ends " + tag("@x")),
      ("Crème @où(là-bas) 🍮", "Crème " + tag("@où(là-bas)") + " 🍮"),
    ]
    for (text, expected) in cases {
      #expect(TaskRowRenderer.highlightTags(text, style: style) == expected, "\(text)")
    }
  }

  @Test func controlCharactersFromTheDataCannotReachTheTerminal() {
    let row = TaskRowRenderer.Row(shortID: "3f2a", text: "evil \u{1B}]0;title\u{7}", project: "p\u{9B}")
    #expect(TaskRowRenderer.render([row], style: .plain) == "3f2a  evil \u{FFFD}]0;title\u{FFFD}  (p\u{FFFD})\n")
  }

  @Test func bidirectionalControlsAreReplacedAlikeInStringsAndInBytes() {
    // Each one, and the characters beside them in UTF-8 (U+061B, U+200D, U+2029, U+202F, U+2065,
    // U+206A), which stay.
    let hidden: [UInt32] = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
    let kept: [UInt32] = [0x061B, 0x200D, 0x2029, 0x202F, 0x2065, 0x206A]
    for value in hidden + kept {
      let text = "a" + String(Character(Unicode.Scalar(value)!)) + "b"
      let expected = hidden.contains(value) ? "a\u{FFFD}b" : text
      #expect(TextStyle.printable(text) == expected, "U+\(String(value, radix: 16))")
      var bytes = Array("id  ".utf8) + Array(text.utf8)
      TextStyle.makePrintable(&bytes, from: 4)
      #expect(String(decoding: bytes, as: UTF8.self) == "id  " + expected, "U+\(String(value, radix: 16))")
    }
  }

  @Test func aTaskWithoutItsMarkerAndANoteAsWritten() throws {
    #expect(TaskRowRenderer.Row(item: try task("- Pay rent @done(2026-11-30)"), shortID: "a", project: nil).text == "Pay rent @done(2026-11-30)")
    #expect(TaskRowRenderer.Row(item: try task("- Pay rent @done(2026-11-30)"), shortID: "a", project: nil).isDone)
    let note = Item(id: UUID(), kind: .note, title: "A note")
    #expect(TaskRowRenderer.Row(item: note, shortID: "a", project: nil).text == "A note")
  }
}
