import TerminalUI
import Testing

@testable import TaskmanCLI

@Suite("taskman ui: editing text with lines")
struct LineEditingTests {
  let text = "Errands:\n\t- Buy milk\n- Call"

  @Test func upAndDownKeepTheColumnWhereTheLineIsLongEnough() throws {
    // After "Errands:" (8): down to the same column of "\t- Buy milk", down again to the end
    // of the shorter "- Call", up again to column 6 of the line above.
    var edit = try #require(LineEditing.apply(.down, to: text, cursor: 8, multiline: true))
    #expect(edit.cursor == 9 + 8)
    edit = try #require(LineEditing.apply(.down, to: text, cursor: edit.cursor, multiline: true))
    #expect(edit.cursor == text.count)
    edit = try #require(LineEditing.apply(.up, to: text, cursor: edit.cursor, multiline: true))
    #expect(edit.cursor == 9 + 6)
    #expect(LineEditing.apply(.up, to: text, cursor: 3, multiline: true)?.cursor == 0)
  }

  @Test func homeEndAndTheDeletionsActOnTheCursorsLine() {
    #expect(LineEditing.apply(.home, to: text, cursor: 14, multiline: true)?.cursor == 9)
    #expect(LineEditing.apply(.control("e"), to: text, cursor: 14, multiline: true)?.cursor == 20)
    #expect(LineEditing.apply(.control("k"), to: text, cursor: 16, multiline: true)?.text == "Errands:\n\t- Buy \n- Call")
    #expect(LineEditing.apply(.control("u"), to: text, cursor: 11, multiline: true)?.text == "Errands:\n Buy milk\n- Call")
  }

  @Test func enterAndTabTypeALineBreakAndAnIndentButNotOnOneLine() {
    #expect(LineEditing.apply(.enter, to: "ab", cursor: 1, multiline: true)! == ("a\nb", 2))
    #expect(LineEditing.apply(.tab, to: "ab", cursor: 0, multiline: true)! == ("\tab", 1))
    #expect(LineEditing.apply(.enter, to: "ab", cursor: 1) == nil)
    #expect(LineEditing.apply(.control("w"), to: "buy fresh milk", cursor: 14)! == ("buy fresh ", 10))
  }
}
