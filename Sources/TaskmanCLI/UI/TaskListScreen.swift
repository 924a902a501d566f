import Foundation
import TaskManager
import TerminalUI

/// The task list on a screen: the outline as `taskman list` shows it (each line with its short
/// id, indented under its parent, context lines and done items dim), the selected row reversed.
///
/// Only the rows of the page the selection is on are drawn: the list scrolls a page at a time,
/// so the page is a function of the selection and the height alone and the state holds no
/// scroll position that could disagree with it.
struct TaskListScreen: View {
  /// Today, for the red of a task past its `@due` day.
  var today: TaskDate.Day
  /// How far PgUp and PgDn move: the rows the screen shows.
  var pageRows: Int = 20
  /// Called for every row drawn (tests count them).
  var rowDrawn: (@MainActor () -> Void)?
  /// The rows and short ids of the last state, for the next key and frame.
  var memo = TaskListMemo()

  /// The rows the list's filter shows, and which is selected.
  @MainActor
  struct Rows {
    var rows: [OutlineRow]
    /// The selected row's index: the state's selection, else the first row.
    var selected: Int?

    init(_ state: AppFeature.State, memo: TaskListMemo) {
      rows = memo.rows(of: state)
      guard !rows.isEmpty else { return }
      guard let id = state.selection else {
        selected = 0
        return
      }
      selected = rows.firstIndex { $0.entry.item.id == id } ?? Self.row(following: id, among: rows, in: state.taskList.tasks.elements)
    }

    /// The row a selection the list no longer shows falls to: the first shown after the item
    /// in the document (a task marked done while done ones are hidden gives way to the next
    /// one, as the row under it moves up), else the last row; the first when the item is gone.
    static func row(following id: UUID, among rows: [OutlineRow], in items: [Item]) -> Int {
      var next = 0
      var walk = OutlineWalk(items)
      while walk.next() {
        let visited = walk.item.id
        if visited == id { return min(next, rows.count - 1) }
        if next < rows.count, rows[next].entry.item.id == visited { next += 1 }
      }
      return 0
    }

    var selectedItem: Item? { selected.map { rows[$0].entry.item } }

    /// The id of the row `offset` rows from the selected one, kept inside the list.
    func id(movingBy offset: Int) -> UUID? {
      guard let selected else { return nil }
      return rows[min(max(0, selected + offset), rows.count - 1)].entry.item.id
    }
  }

  /// The rows of the page holding `selected`, `height` rows a page.
  static func page(selected: Int, count: Int, height: Int) -> Range<Int> {
    guard height > 0, count > 0 else { return 0..<0 }
    let top = (selected / height) * height
    return top..<min(count, top + height)
  }

  func render(_ state: AppFeature.State, in canvas: inout Canvas) {
    switch state.taskList.loadStatus {
    case let .failed(error):
      canvas.draw("The task file could not be read: \(error.description)", column: 0, row: 0, style: ScreenStyle.error)
      return
    case .notLoaded:
      canvas.draw("Loading…", column: 0, row: 0)
      return
    case .loaded:
      break
    }
    let list = Rows(state, memo: memo)
    guard let selected = list.selected else {
      let filtered = state.taskList.filter.searchText != nil
      canvas.draw(filtered ? "Nothing matches the search." : "No tasks yet. Press a to add one.", column: 0, row: 0, style: Style(dim: true))
      return
    }
    let page = Self.page(selected: selected, count: list.rows.count, height: canvas.height)
    let index = memo.shortIDIndex(of: state)
    let ids = index.shortIDs(for: page.map { list.rows[$0].entry.item.id })
    let idWidth = ids.map(\.count).max() ?? 0
    for (offset, rowIndex) in page.enumerated() {
      rowDrawn?()
      let row = list.rows[rowIndex]
      let dim = row.isContext || row.entry.item.isDone
      canvas.draw(ids[offset], column: 0, row: offset, style: dim ? ScreenStyle.id.with(\.dim, true) : ScreenStyle.id)
      let indent = idWidth + 2 + 2 * row.entry.depth
      ScreenStyle.drawItemLine(row.entry.item, in: &canvas, column: indent, row: offset, today: today, dim: dim)
      if rowIndex == selected {
        canvas.restyle(Rect(y: offset, width: canvas.width, height: 1)) { $0.reverse = true }
      }
    }
  }

  func keyMap(for state: AppFeature.State) -> KeyMap<AppFeature.Action> {
    let list = Rows(state, memo: memo)
    var bindings: [KeyBinding<AppFeature.Action>] = []
    if let item = list.selectedItem {
      bindings += [
        KeyBinding(label: "↑↓", help: "select") { key in
          switch key {
          case .up, Key("k"): .selectionChanged(list.id(movingBy: -1))
          case .down, Key("j"): .selectionChanged(list.id(movingBy: 1))
          case .pageUp: .selectionChanged(list.id(movingBy: -pageRows))
          case .pageDown: .selectionChanged(list.id(movingBy: pageRows))
          case .home, Key("g"): .selectionChanged(list.id(movingBy: -list.rows.count))
          case .end, Key("G"): .selectionChanged(list.id(movingBy: list.rows.count))
          default: nil
          }
        },
        KeyBinding(.enter, .right, help: "open", send: .itemTapped(id: item.id)),
        KeyBinding(
          Key(" "), help: item.isDone ? "undone" : "done",
          send: .taskList(item.isDone ? .markNotDone(ids: [item.id]) : .markDone(ids: [item.id]))
        ),
        KeyBinding(Key("a"), help: "add", send: .taskList(.addTaskTapped(at: item.kind == .project ? .inside(item.id) : .after(item.id)))),
        KeyBinding(Key("e"), help: "edit", send: .taskList(.editTask(item))),
        KeyBinding(Key("d"), .delete, help: "delete", send: .taskList(.deleteButtonTapped(item))),
        KeyBinding(Key("#"), help: "tag", send: .promptOpened(.tag(item.id))),
        KeyBinding(Key("m"), help: "move", send: .promptOpened(.move(item.id))),
      ]
      // The siblings are looked up only when J or K is pressed: the key map is made for every
      // key and for the help line of every frame.
      bindings.append(
        KeyBinding(label: "J/K", help: "move down/up") { key in
          guard key == Key("J") || key == Key("K"), let moves = siblingMoves(of: item.id, in: state) else { return nil }
          return key == Key("J") ? moves.down : moves.up
        }
      )
    } else {
      bindings.append(KeyBinding(Key("a"), help: "add", send: .taskList(.addButtonTapped)))
    }
    let showsDone = state.taskList.filter.status != .notDone
    var filter = state.taskList.filter
    filter.status = showsDone ? .notDone : .all
    // As `list --all`: done items and those not yet actionable show and hide together.
    filter.actionableOn = showsDone ? today : nil
    bindings += [
      KeyBinding(Key("/"), help: "search", send: .promptOpened(.search)),
      KeyBinding(Key("."), help: showsDone ? "hide done" : "show done", send: .taskList(.filterChanged(filter))),
      KeyBinding(Key("u"), help: "undo", send: .taskList(.undo)),
      KeyBinding(Key("r"), .control("r"), help: "redo", send: .taskList(.redo)),
    ]
    return KeyMap(bindings)
  }

  /// The moves of the item with `id` one place down and up among its siblings (nil where it
  /// is last or first).
  private func siblingMoves(of id: UUID, in state: AppFeature.State) -> (down: AppFeature.Action?, up: AppFeature.Action?)? {
    let siblings: [Item]
    if state.taskList.tasks[id: id] != nil {
      siblings = state.taskList.tasks.elements
    } else {
      guard let parent = Self.parent(of: id, in: state.taskList.tasks.elements) else { return nil }
      siblings = parent.children
    }
    let movable = siblings.filter { !$0.isBlank }
    guard let index = movable.firstIndex(where: { $0.id == id }) else { return nil }
    let down = index + 1 < movable.count ? AppFeature.Action.taskList(.move(id, to: .after(movable[index + 1].id))) : nil
    let up = index > 0 ? AppFeature.Action.taskList(.move(id, to: .before(movable[index - 1].id))) : nil
    return (down, up)
  }

  /// The item whose children hold the item with `id`.
  static func parent(of id: UUID, in items: [Item]) -> Item? {
    for item in items {
      if item.children.contains(where: { $0.id == id }) { return item }
      if let found = parent(of: id, in: item.children) { return found }
    }
    return nil
  }
}
