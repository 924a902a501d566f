import Composable
import ComposableTesting
import TerminalUI
import Testing

@MainActor
@Suite struct TextFieldTests {
  @Test func theCursorMovesAndDeletesByCharacterNotByScalar() {
    var field = TextFieldState("cafe\u{301}")
    #expect(field.cursor == 4)
    field = field.applying(.left)
    #expect(field.cursor == 3, "before the é, not between the e and its accent")
    field = field.applying(.delete)
    #expect(field == TextFieldState("caf", cursor: 3))

    field = TextFieldState("a👨‍👩‍👧b日本", cursor: 1)
    field = field.applying(.right)
    #expect(field.cursor == 2, "over the whole family")
    field = field.applying(.backspace)
    #expect(field == TextFieldState("ab日本", cursor: 1))
    field = field.applying(.end).applying(.backspace).applying(.insert("🇫🇷"))
    #expect(field == TextFieldState("ab日🇫🇷", cursor: 4))
  }

  @Test func wordsAndLines() {
    let field = TextFieldState("hello, big world")
    #expect(field.applying(.wordLeft).cursor == 11)
    #expect(field.applying(.wordLeft).applying(.wordLeft).cursor == 7)
    #expect(field.applying(.home).applying(.wordRight).cursor == 5, "to the end of the word")
    #expect(field.applying(.home).applying(.wordRight).applying(.wordRight).cursor == 10)
    #expect(field.applying(.deleteWordBackward) == TextFieldState("hello, big "))
    #expect(TextFieldState("hello, big ").applying(.deleteWordBackward) == TextFieldState("hello, "))
    let middle = TextFieldState("hello, big world", cursor: 7)
    #expect(middle.applying(.deleteToStart) == TextFieldState("big world", cursor: 0))
    #expect(middle.applying(.deleteToEnd) == TextFieldState("hello, ", cursor: 7))
    #expect(TextFieldState("ab").applying(.insert("\u{1B}[2J")) == TextFieldState("ab[2J"), "no control characters")
  }

  @Test func keysAreReadlines() {
    let view = TextFieldView<Picker.State, Picker.Action>(\.query)
    let state = Picker.State(rows: [], query: TextFieldState("big world", cursor: 4))
    let keys = view.keyMap(for: state)
    func edited(_ key: Key) -> TextFieldState? {
      keys.action(for: key)?.binding?.value(for: \.query)
    }
    #expect(edited(Key("x")) == TextFieldState("big xworld", cursor: 5))
    #expect(edited(Key("X")) == TextFieldState("big Xworld", cursor: 5), "Shift types")
    #expect(edited(Key(" ")) == TextFieldState("big  world", cursor: 5))
    #expect(edited(.control("a"))?.cursor == 0)
    #expect(edited(.control("e"))?.cursor == 9)
    #expect(edited(.home)?.cursor == 0)
    #expect(edited(.end)?.cursor == 9)
    #expect(edited(.left)?.cursor == 3)
    #expect(edited(.right)?.cursor == 5)
    #expect(edited(.alt("b"))?.cursor == 0)
    #expect(edited(.alt("f"))?.cursor == 9)
    #expect(edited(Key(.left, modifiers: .control))?.cursor == 0)
    #expect(edited(Key(.right, modifiers: .control))?.cursor == 9)
    #expect(edited(.backspace) == TextFieldState("bigworld", cursor: 3))
    #expect(edited(.delete) == TextFieldState("big orld", cursor: 4))
    #expect(edited(.control("u")) == TextFieldState("world", cursor: 0))
    #expect(edited(.control("k")) == TextFieldState("big ", cursor: 4))
    #expect(edited(.control("w")) == TextFieldState("world", cursor: 0))
    #expect(keys.action(for: .enter) == nil)
    #expect(keys.action(for: .escape) == nil)
    #expect(keys.action(for: .up) == nil)
    #expect(keys.action(for: .control("c")) == nil)
    #expect(HelpLine(keys).entries.isEmpty)
  }

  @Test func eachKeystrokeIsOneBindingAction() async {
    let store = TestStore(initialState: Picker.State(rows: [])) { Picker() }
    let field = TextFieldView<Picker.State, Picker.Action>(\.query)
    await store.press(Key("e"), on: field) { $0.query = TextFieldState("e") }
    await store.press(Key("\u{301}"), on: field) { $0.query = TextFieldState("e\u{301}") }
    #expect(store.state.query.text.count == 1, "the accent joined the e")
    await store.press(Key("日"), on: field) { $0.query = TextFieldState("e\u{301}日") }
    await store.press(.left, on: field) { $0.query.cursor = 1 }
    await store.press(Key("👩‍💻"), on: field) { $0.query = TextFieldState("e\u{301}👩‍💻日", cursor: 2) }
    await store.press(.backspace, on: field) { $0.query = TextFieldState("e\u{301}日", cursor: 1) }
    await store.press(.home, on: field) { $0.query.cursor = 0 }
    await store.press(.left, on: field)  // already at the start: sent, and nothing changes
    await store.press(.delete, on: field) { $0.query = TextFieldState("日", cursor: 0) }
  }

  @Test func theCursorIsAReversedCell() {
    let field = TextFieldView<Picker.State, Picker.Action>(\.query)
    let atEnd = field.frame(of: Picker.State(rows: [], query: TextFieldState("abc")), width: 6, height: 1)
    #expect(atEnd.lines == ["abc"])
    #expect(atEnd.cell(column: 3, row: 0).style == Style(reverse: true))
    #expect(atEnd.cell(column: 2, row: 0).style == .plain)

    let wide = Picker.State(rows: [], query: TextFieldState("日本語", cursor: 1))
    let onWide = field.frame(of: wide, width: 10, height: 1)
    #expect(onWide.lines == ["日本語"])
    #expect([1, 2, 3, 4].map { onWide.cell(column: $0, row: 0).style.reverse } == [false, true, true, false])

    let unfocused = TextFieldView<Picker.State, Picker.Action>(\.query, isFocused: false)
    let blurred = unfocused.frame(of: Picker.State(rows: [], query: TextFieldState("abc")), width: 6, height: 1)
    #expect(blurred.lines == ["abc"])
    #expect(blurred.cells.allSatisfy { $0.style == .plain }, "no cursor")
  }

  @Test func aLongTextScrollsToShowTheCursorAndNeverSplitsAWideCharacter() {
    let field = TextFieldView<Picker.State, Picker.Action>(\.query)
    func frame(_ text: String, cursor: Int) -> Frame {
      field.frame(of: Picker.State(rows: [], query: TextFieldState(text, cursor: cursor)), width: 6, height: 1)
    }
    // 14 columns of text in a field of 6, the cursor after it: the last two characters show.
    let end = frame("日本語テキスト", cursor: 7)
    #expect(end.lines == ["スト"])
    #expect(end.cell(column: 4, row: 0).style == Style(reverse: true))
    // From the start, the character that would cross the right edge is left out whole.
    let start = frame("abc日本", cursor: 0)
    #expect(start.lines == ["abc日"])
    #expect(start.text(ofRow: 0) == "abc日 ")
    // A cursor on a wide character past the edge scrolls it in whole.
    let middle = frame("abcd日本", cursor: 5)
    #expect(middle.lines == ["cd日本"])
    #expect(middle.cell(column: 4, row: 0).style == Style(reverse: true))
  }

  @Test func anEmptyFieldShowsItsPlaceholder() {
    let field = TextFieldView<Picker.State, Picker.Action>(\.query, placeholder: "Search")
    let frame = field.frame(of: Picker.State(rows: []), width: 10, height: 1)
    #expect(frame.lines == ["Search"])
    #expect(frame.cell(column: 0, row: 0).style == Style(dim: true, reverse: true))
    #expect(frame.cell(column: 1, row: 0).style == Style(dim: true))
  }
}
