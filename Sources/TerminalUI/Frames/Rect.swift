/// A rectangle of cells: a column and row (from 0, at the top left) and a size.
///
/// ```swift
/// let screen = Rect(width: 80, height: 24)
/// let (body, helpLine) = screen.splitting(bottom: 1)
/// ```
public struct Rect: Hashable, Sendable {
  /// The leftmost column.
  public var x: Int
  /// The top row.
  public var y: Int
  /// How many columns.
  public var width: Int
  /// How many rows.
  public var height: Int

  /// A rectangle; sizes below zero are taken as zero.
  public init(x: Int = 0, y: Int = 0, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// Whether it has no cells.
  public var isEmpty: Bool { width == 0 || height == 0 }
  /// The column after its last.
  public var maxX: Int { x + width }
  /// The row after its last.
  public var maxY: Int { y + height }

  /// Whether the cell at `column`, `row` is inside.
  public func contains(column: Int, row: Int) -> Bool {
    column >= x && column < maxX && row >= y && row < maxY
  }

  /// The part of it inside `other`.
  public func intersection(_ other: Rect) -> Rect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    return Rect(x: left, y: top, width: min(maxX, other.maxX) - left, height: min(maxY, other.maxY) - top)
  }

  /// The rectangle without `rows` rows at the top, and those rows.
  public func splitting(top rows: Int) -> (top: Rect, rest: Rect) {
    let taken = min(max(0, rows), height)
    return (Rect(x: x, y: y, width: width, height: taken), Rect(x: x, y: y + taken, width: width, height: height - taken))
  }

  /// The rectangle without `rows` rows at the bottom, and those rows.
  public func splitting(bottom rows: Int) -> (rest: Rect, bottom: Rect) {
    let taken = min(max(0, rows), height)
    return (
      Rect(x: x, y: y, width: width, height: height - taken), Rect(x: x, y: maxY - taken, width: width, height: taken)
    )
  }

  /// The rectangle shrunk by `columns` on the left and right and `rows` at the top and bottom.
  public func insetBy(columns: Int, rows: Int) -> Rect {
    Rect(x: x + columns, y: y + rows, width: width - 2 * columns, height: height - 2 * rows)
  }

  /// A rectangle of the given size centred in this one (no larger than it).
  public func centered(width: Int, height: Int) -> Rect {
    let w = min(width, self.width)
    let h = min(height, self.height)
    return Rect(x: x + (self.width - w) / 2, y: y + (self.height - h) / 2, width: w, height: h)
  }
}
