/// Which row of a list is selected and which row is at its top, kept in the feature's state so
/// that a `TestStore` drives it and a frame is the same whenever the state is.
///
/// Moves are pure: ``moving(_:rowCount:visibleRows:)`` returns the selection after a key,
/// with the selected row kept on screen, and a ``ListView`` sends that new selection as one
/// action (a binding, say):
///
/// ```swift
/// var selection = ListSelection()
/// selection = selection.moving(.pageDown, rowCount: 10_000, visibleRows: 20)
/// selection.selected  // 19: the last row of the first page
/// selection = selection.moving(.pageDown, rowCount: 10_000, visibleRows: 20)
/// selection.selected  // 39, and the list scrolled a page: offset 20
/// ```
///
/// `visibleRows` is the list's height as the feature last knew it (the runtime's size minus
/// what the screen puts around the list). A ``ListView`` keeps the selected row visible at the
/// height it is drawn at whatever that says, so a stale height only makes a page move a
/// different number of rows.
public struct ListSelection: Hashable, Sendable {
  /// The selected row's index (0 in an empty list).
  public var selected: Int
  /// The index of the row shown at the top.
  public var offset: Int
  /// How many rows the list shows, as last known: what a page moves.
  public var visibleRows: Int

  /// A selection of row `selected`, with row `offset` at the top of a list `visibleRows` high.
  public init(selected: Int = 0, offset: Int = 0, visibleRows: Int = 1) {
    self.selected = max(0, selected)
    self.offset = max(0, offset)
    self.visibleRows = max(1, visibleRows)
  }

  /// A move of the selection, one a key asks for.
  public enum Move: Hashable, Sendable {
    /// The row above, the row below.
    case up, down
    /// A page up or down: the top row of the page, or a page higher when already there (and
    /// the bottom row, or a page lower).
    case pageUp, pageDown
    /// The first row, the last row.
    case home, end
    /// The row at an index (clamped to the list).
    case row(Int)
  }

  /// The selection after `move`, in a list of `rowCount` rows showing `visibleRows` of them,
  /// scrolled as little as keeps the selected row on screen.
  public func moving(_ move: Move, rowCount: Int, visibleRows: Int) -> ListSelection {
    let page = max(1, visibleRows)
    var next = self
    next.visibleRows = page
    let top = clampedOffset(offset, selected: selected, rowCount: rowCount, visibleRows: page)
    switch move {
    case .up: next.selected = selected - 1
    case .down: next.selected = selected + 1
    case .home: next.selected = 0
    case .end: next.selected = rowCount - 1
    case let .row(index): next.selected = index
    case .pageUp:
      // On the page's top row already: a page further; otherwise the page's top row first, as
      // file managers and pagers do.
      next.selected = selected == top ? selected - page : top
      if selected == top { next.offset = top - page }
    case .pageDown:
      let bottom = top + page - 1
      next.selected = selected == bottom ? selected + page : bottom
      if selected == bottom { next.offset = top + page }
    }
    return next.keepingVisible(rowCount: rowCount, visibleRows: page)
  }

  /// The same selection moved into a list of `rowCount` rows (the last row when the list got
  /// shorter), scrolled as little as shows it in `visibleRows` rows, and no further than the
  /// end of the list allows: what to do after rows are removed or the screen resized.
  public func keepingVisible(rowCount: Int, visibleRows: Int) -> ListSelection {
    let page = max(1, visibleRows)
    let selected = max(0, min(selected, rowCount - 1))
    let offset = clampedOffset(offset, selected: selected, rowCount: rowCount, visibleRows: page)
    return ListSelection(selected: selected, offset: offset, visibleRows: page)
  }

  private func clampedOffset(_ offset: Int, selected: Int, rowCount: Int, visibleRows page: Int) -> Int {
    var offset = min(offset, selected)  // the selection above the top: scroll up to it
    offset = max(offset, selected - page + 1)  // below the bottom: scroll down to it
    offset = min(offset, max(0, rowCount - page))  // no blank rows after the last while some are above
    return max(0, offset)
  }
}
