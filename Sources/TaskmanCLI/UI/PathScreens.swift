import Composable
import Foundation
import TaskManager
import TerminalUI

/// The screen on top of the app's stack: an item with its children (``ItemScreen``), or an
/// item's outline as editable text (``OutlineEditor``, the app's "Text" tab). Its keys send the
/// top element's actions; Esc pops it, with `path(.popFrom(id:))` as a back button would.
struct PathScreen: View {
  var today: TaskDate.Day

  func render(_ state: AppFeature.State, in canvas: inout Canvas) {
    guard let id = state.path.ids.last, let element = state.path[id: id] else { return }
    switch element {
    case let .itemScreen(screen): renderItem(screen, in: &canvas)
    case let .outlineEditor(editor): renderEditor(editor, cursor: state.textCursor, in: &canvas)
    }
  }

  func keyMap(for state: AppFeature.State) -> KeyMap<AppFeature.Action> {
    guard let id = state.path.ids.last, let element = state.path[id: id] else { return KeyMap() }
    let back = KeyBinding<AppFeature.Action>(.escape, help: "back", send: .path(.popFrom(id: id)))
    switch element {
    case let .itemScreen(screen):
      return itemKeys(screen, id: id, back: back)
    case let .outlineEditor(editor):
      let send = { (action: OutlineEditor.Action) in AppFeature.Action.path(.element(id: id, action: .outlineEditor(action))) }
      return KeyMap([
        KeyBinding(.control("s"), help: "save", send: send(.saveButtonTapped)),
        back,
        KeyBinding(label: "text", help: nil) { [cursor = state.textCursor ?? editor.text.count] key in
          LineEditing.apply(key, to: editor.text, cursor: cursor, multiline: true).map { .textEdited(text: $0.text, cursor: $0.cursor) }
        },
      ])
    }
  }

  // MARK: - An item and its children

  private func renderItem(_ screen: ItemScreen.State, in canvas: inout Canvas) {
    ScreenStyle.drawItemLine(screen.item, in: &canvas, column: 0, row: 0, today: today)
    canvas.restyle(Rect(width: canvas.width, height: 1)) { $0.underline = true }
    let children = screen.item.children.filter { !$0.isBlank }
    guard !children.isEmpty else {
      canvas.draw("Nothing under it. Press t to write its outline as text.", column: 2, row: 2, style: Style(dim: true))
      return
    }
    let selected = selectedIndex(screen, among: children)
    let page = TaskListScreen.page(selected: selected, count: children.count, height: canvas.height - 2)
    for (offset, index) in page.enumerated() {
      let row = offset + 2
      let child = children[index]
      let more = child.children.contains { !$0.isBlank } ? " ›" : ""
      let width = ScreenStyle.drawItemLine(child, in: &canvas, column: 2, row: row, today: today)
      canvas.draw(more, column: 2 + width, row: row, style: Style(dim: true))
      if index == selected { canvas.restyle(Rect(y: row, width: canvas.width, height: 1)) { $0.reverse = true } }
    }
  }

  private func selectedIndex(_ screen: ItemScreen.State, among children: [Item]) -> Int {
    screen.selection.flatMap { id in children.firstIndex { $0.id == id } } ?? 0
  }

  private func itemKeys(_ screen: ItemScreen.State, id: StackElementID, back: KeyBinding<AppFeature.Action>) -> KeyMap<AppFeature.Action> {
    let send = { (action: ItemScreen.Action) in AppFeature.Action.path(.element(id: id, action: .itemScreen(action))) }
    let item = screen.item
    let children = item.children.filter { !$0.isBlank }
    var bindings: [KeyBinding<AppFeature.Action>] = []
    if !children.isEmpty {
      let selected = selectedIndex(screen, among: children)
      let child = children[selected]
      bindings += [
        KeyBinding(label: "↑↓", help: "select") { key in
          switch key {
          case .up, Key("k"): send(.selectionChanged(children[max(0, selected - 1)].id))
          case .down, Key("j"): send(.selectionChanged(children[min(children.count - 1, selected + 1)].id))
          default: nil
          }
        },
        KeyBinding(.enter, .right, help: "open", send: send(.childTapped(id: child.id))),
      ]
    }
    bindings += [
      KeyBinding(Key("t"), help: "text", send: send(.editOutlineButtonTapped)),
      // Straight to the list, which saves it: the screen's own toggle starts a message timer,
      // and a change waits for every effect before the file's lock is released.
      KeyBinding(
        Key(" "), help: item.isDone ? "undone" : "done",
        send: .taskList(item.isDone ? .markNotDone(ids: [item.id]) : .markDone(ids: [item.id]))
      ),
      back,
      KeyBinding(.left, help: nil, send: .path(.popFrom(id: id))),
    ]
    return KeyMap(bindings)
  }

  // MARK: - The outline as text

  /// The text below its title, the cursor's line in sight and, on a line wider than the
  /// screen, the cursor's column too.
  private func renderEditor(_ editor: OutlineEditor.State, cursor: Int?, in canvas: inout Canvas) {
    canvas.draw("Text of “\(editor.item.title)”", column: 0, row: 0, style: ScreenStyle.title)
    let lines = editor.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let (cursorLine, cursorColumn) = LineEditing.position(of: min(cursor ?? editor.text.count, editor.text.count), in: editor.text)
    let room = max(1, canvas.height - 2)
    let first = max(0, cursorLine - room + 1)
    for (offset, line) in lines[first..<min(lines.count, first + room)].enumerated() {
      let characters = Array(line)
      // Tabs are TaskPaper's indentation: two columns each, as the list indents.
      func width(_ slice: ArraySlice<Character>) -> Int {
        slice.reduce(0) { $0 + ($1 == "\t" ? 2 : DisplayWidth.of($1)) }
      }
      var shownFrom = 0
      var cursorX = 0
      if first + offset == cursorLine {
        cursorX = width(characters[..<cursorColumn])
        while cursorX + 1 > canvas.width, shownFrom < cursorColumn {
          cursorX -= width(characters[shownFrom...shownFrom])
          shownFrom += 1
        }
      }
      canvas.draw(String(characters[shownFrom...]).replacingOccurrences(of: "\t", with: "  "), column: 0, row: offset + 2)
      if first + offset == cursorLine {
        let under = cursorColumn < characters.count ? max(1, width(characters[cursorColumn...cursorColumn])) : 1
        canvas.restyle(Rect(x: cursorX, y: offset + 2, width: under, height: 1)) { $0.reverse = true }
      }
    }
  }
}
