import TerminalUI
import Testing

@Suite struct HelpLineTests {
  enum Action: Equatable { case up, open, delete, quit, type(Character) }

  let keys = KeyMap<Action>([
    KeyBinding(.up, Key("k"), help: "up", send: .up),
    KeyBinding(.enter, help: "open", send: .open),
    KeyBinding(Key("d"), help: "delete", send: .delete),
    KeyBinding(Key("q"), help: "quit", send: .quit),
    KeyBinding(label: "text", help: nil) { $0.typedCharacter.map(Action.type) },
  ])

  @Test func theLineIsTheKeyMapsBindingsWithHelpKeysInBold() {
    var canvas = Canvas(width: 40, height: 1)
    HelpLine(keys).render(in: &canvas)
    #expect(canvas.frame.lines == ["↑/k up  Enter open  d delete  q quit"])
    #expect(canvas.frame.cell(column: 0, row: 0).style == Style(bold: true))
    #expect(canvas.frame.cell(column: 4, row: 0).style == .plain)
  }

  @Test func anEntryThatDoesNotFitIsDroppedWholeWithTheRest() {
    var canvas = Canvas(width: 27, height: 1)
    HelpLine(keys).render(in: &canvas)
    // "d delete" would end at column 28.
    #expect(canvas.frame.lines == ["↑/k up  Enter open"])
    #expect(HelpLine(keys).fitted(toWidth: 28).map(\.help) == ["up", "open", "delete"])
    #expect(HelpLine(keys).fitted(toWidth: 5).isEmpty)
  }

  @Test func keysAnEarlierBindingTakesAreLeftOffTheLine() {
    let typing = KeyMap<Action>([
      KeyBinding(label: "text", help: nil) { $0.typedCharacter.map(Action.type) },
      KeyBinding(.up, Key("k"), help: "up", send: .up),
      KeyBinding(.enter, help: "open", send: .open),
      KeyBinding(Key("d"), help: "delete", send: .delete),
    ])
    // While a field types letters, `k` and `d` are text: only ↑ and Enter are left to show.
    #expect(typing.helpEntries.map(\.keys) == ["↑", "Enter"])
    #expect(typing.helpEntries.map(\.help) == ["up", "open"])
    #expect(typing.action(for: Key("d")) == .type("d"))
  }
}
