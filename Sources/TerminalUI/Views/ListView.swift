/// A scrolling list that draws only the rows on screen, asking for each by index, so that a
/// list of 100,000 rows costs what a screenful does; the selected row is shown reversed, and
/// a scroll indicator in the last column shows where the screen is when the rows do not fit.
///
/// The selection is a ``ListSelection`` in the feature's state; the list's keys send the
/// moved selection as one action, a binding say:
///
/// ```swift
/// ListView(
///   rowCount: { $0.rows.count },
///   selection: { $0.selection },
///   action: { .binding(.set(\.selection, $0)) },
///   placeholder: "No tasks"
/// ) { state, index, canvas in
///   canvas.draw(state.rows[index].title, column: 0, row: 0)
/// }
/// ```
///
/// `row` draws row `index` into a canvas one row high (the width of the list less the
/// indicator's column), where column 0 is the list's left edge. Keys: ↑/↓ move, PgUp/PgDn a
/// page, Home/End the first and last rows.
public struct ListView<State, Action>: View {
  private let rowCount: (State) -> Int
  private let selection: (State) -> ListSelection
  private let action: (ListSelection) -> Action
  private let placeholder: String?
  private let row: (_ state: State, _ index: Int, _ canvas: inout Canvas) -> Void

  /// A list of `rowCount` rows, selected as `selection` says, whose keys send `action` with
  /// the moved selection, drawing row `index` with `row`; `placeholder` shows (dim) when the
  /// list is empty.
  public init(
    rowCount: @escaping (State) -> Int,
    selection: @escaping (State) -> ListSelection,
    action: @escaping (ListSelection) -> Action,
    placeholder: String? = nil,
    row: @escaping (_ state: State, _ index: Int, _ canvas: inout Canvas) -> Void
  ) {
    self.rowCount = rowCount
    self.selection = selection
    self.action = action
    self.placeholder = placeholder
    self.row = row
  }

  /// Draws the visible rows, the selected one reversed, and the scroll indicator.
  public func render(_ state: State, in canvas: inout Canvas) {
    let count = rowCount(state)
    let height = canvas.height
    guard count > 0 else {
      if let placeholder { canvas.draw(placeholder, column: 0, row: 0, style: Style(dim: true)) }
      return
    }
    let shown = selection(state).keepingVisible(rowCount: count, visibleRows: height)
    let scrolls = count > height
    let rowWidth = canvas.width - (scrolls ? 1 : 0)
    for line in 0..<min(height, count - shown.offset) {
      let index = shown.offset + line
      let rect = Rect(x: 0, y: line, width: rowWidth, height: 1)
      canvas.withRegion(rect) { row(state, index, &$0) }
      if index == shown.selected { canvas.restyle(rect) { $0.reverse = true } }
    }
    if scrolls { drawIndicator(offset: shown.offset, count: count, in: &canvas) }
  }

  /// ↑/↓, PgUp/PgDn, Home/End, each sending the moved selection.
  public func keyMap(for state: State) -> KeyMap<Action> {
    let count = rowCount(state)
    let current = selection(state)
    let action = action
    func moving(_ moves: [Key: ListSelection.Move]) -> (Key) -> Action? {
      { key in moves[key].map { action(current.moving($0, rowCount: count, visibleRows: current.visibleRows)) } }
    }
    return KeyMap([
      KeyBinding(label: "↑/↓", help: "move", action: moving([.up: .up, .down: .down])),
      KeyBinding(label: "PgUp/PgDn", help: "page", action: moving([.pageUp: .pageUp, .pageDown: .pageDown])),
      KeyBinding(label: "Home/End", help: "first/last", action: moving([.home: .home, .end: .end])),
    ])
  }

  /// A bar in the last column: a thick thumb as long as the share of rows shown, placed where
  /// they are, over a faint track.
  private func drawIndicator(offset: Int, count: Int, in canvas: inout Canvas) {
    let height = canvas.height
    let column = canvas.width - 1
    let thumb = max(1, height * height / count)
    let position = (height - thumb) * offset / (count - height)
    for line in 0..<height {
      let inThumb = line >= position && line < position + thumb
      canvas.draw(inThumb ? "┃" : "│", column: column, row: line, style: inThumb ? .plain : Style(dim: true))
    }
  }
}
