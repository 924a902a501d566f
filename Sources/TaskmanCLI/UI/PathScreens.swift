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
    case let .outlineEditor(editor): renderEditor(editor, in: &canvas)
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
        KeyBinding(label: "text", help: nil) { key in
          // The cursor stays at the end of the text: typing and Backspace work there.
          LineEditing.apply(key, to: editor.text, cursor: editor.text.count, multiline: true).map { send(.textChanged($0.text)) }
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

  private func renderEditor(_ editor: OutlineEditor.State, in canvas: inout Canvas) {
    canvas.draw("Text of “\(editor.item.title)”", column: 0, row: 0, style: ScreenStyle.title)
    var lines = editor.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The text's end, where typing goes, stays in sight.
    let room = max(0, canvas.height - 2)
    if lines.count > room { lines.removeFirst(lines.count - room) }
    for (offset, line) in lines.enumerated() {
      // Tabs are TaskPaper's indentation: two columns each, as the list indents.
      let shown = line.replacingOccurrences(of: "\t", with: "  ")
      let width = canvas.draw(shown, column: 0, row: offset + 2)
      if offset == lines.count - 1 { canvas.draw("▏", column: width, row: offset + 2, style: Style(reverse: true)) }
    }
  }
}
