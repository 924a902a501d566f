/// What a terminal shows: a grid of ``Cell``s, `width` columns by `height` rows.
///
/// A view draws a frame from state (``View/frame(of:width:height:)``), the runtime writes only
/// the cells that differ from the frame it wrote last, and tests compare frames cell by cell
/// (``lines`` for the text, ``cell(column:row:)`` for a style) rather than escape bytes.
///
/// ```swift
/// let frame = CounterView().frame(of: Counter.State(count: 3), width: 20, height: 2)
/// frame.lines  // ["Count: 3", "+ more  - less  q quit"]
/// ```
public struct Frame: Hashable, Sendable {
  /// How many columns.
  public let width: Int
  /// How many rows.
  public let height: Int
  /// The cells, row after row.
  public internal(set) var cells: [Cell]

  /// A frame of blank cells.
  public init(width: Int, height: Int, filling cell: Cell = .blank) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: cell, count: self.width * self.height)
  }

  /// The whole frame as a rectangle.
  public var bounds: Rect { Rect(width: width, height: height) }

  /// The cell at `column`, `row` (from 0, top left).
  public func cell(column: Int, row: Int) -> Cell {
    precondition(bounds.contains(column: column, row: row), "cell (\(column), \(row)) is outside a \(width)x\(height) frame")
    return cells[row * width + column]
  }

  /// Row `row`'s text: each cell's character, a wide character once, trailing spaces kept.
  public func text(ofRow row: Int) -> String {
    var text = ""
    for column in 0..<width {
      let cell = cells[row * width + column]
      if !cell.isContinuation { text.append(cell.character) }
    }
    return text
  }

  /// Every row's text without trailing spaces: what a person reads on the screen, the form
  /// golden tests compare.
  public var lines: [String] {
    (0..<height).map { row in
      var text = text(ofRow: row)
      while text.last == " " { text.removeLast() }
      return text
    }
  }
}

extension Frame: CustomStringConvertible {
  /// The rows' text, one per line.
  public var description: String { lines.joined(separator: "\n") }
}
