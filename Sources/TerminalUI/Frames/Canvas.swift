/// Where a view draws: a ``Frame`` and the rectangle of it the view may draw in. Coordinates are
/// relative to that rectangle, and nothing drawn leaves it, so a child view drawn in a region
/// (``withRegion(_:_:)``) cannot spill into its neighbours.
///
/// ```swift
/// func render(_ state: Counter.State, in canvas: inout Canvas) {
///   canvas.draw("Count: \(state.count)", column: 0, row: 0, style: Style(bold: true))
///   canvas.withRegion(Rect(x: 0, y: 1, width: canvas.width, height: 1)) { line in
///     line.fill(Style(reverse: true))
///   }
/// }
/// ```
///
/// Text is laid out by ``DisplayWidth``: a wide character takes two cells and is never split,
/// a character drawn over half of a wide one blanks its other half, and control and
/// bidirectional-control characters are drawn as `�`, so text from a file cannot move the
/// cursor or reorder what the screen shows.
public struct Canvas: Sendable {
  /// The frame drawn so far.
  public private(set) var frame: Frame
  /// The part of ``frame`` this canvas draws in, in the frame's coordinates.
  public private(set) var bounds: Rect

  /// A canvas over a blank frame of the given size.
  public init(width: Int, height: Int) {
    frame = Frame(width: width, height: height)
    bounds = frame.bounds
  }

  /// How many columns the canvas has.
  public var width: Int { bounds.width }
  /// How many rows the canvas has.
  public var height: Int { bounds.height }

  /// Draws `text` on `row` from `column`, clipped to the canvas (and to `maxWidth` columns), and
  /// returns the columns it took. Line breaks and tabs are not laid out: draw a line at a time.
  @discardableResult
  public mutating func draw(_ text: String, column: Int, row: Int, style: Style = .plain, maxWidth: Int? = nil) -> Int {
    guard row >= 0, row < height, column < width else { return 0 }
    let limit = min(width, maxWidth.map { column + max(0, $0) } ?? width)
    var x = column
    for character in text {
      let shown = Self.isHidden(character) ? "\u{FFFD}" : character
      let columns = DisplayWidth.of(shown)
      if columns == 0 {
        // A lone combining mark: nothing of its own to show, and no cell to join it to here.
        continue
      }
      if x + columns > limit {
        // A wide character that does not fit whole is not split: its first cell stays blank.
        if x < limit, x >= 0 { put(Cell(" ", style: style), column: x, row: row) }
        x = limit
        break
      }
      if x >= 0 {
        put(Cell(shown, style: style), column: x, row: row)
        if columns == 2 { put(.continuation(of: style), column: x + 1, row: row) }
      }
      x += columns
    }
    return max(0, x - max(0, column))
  }

  /// Blanks `rect` (the whole canvas when nil) in `style`.
  public mutating func fill(_ style: Style = .plain, in rect: Rect? = nil) {
    let area = (rect ?? Rect(width: width, height: height)).intersection(Rect(width: width, height: height))
    for row in area.y..<area.maxY {
      for column in area.x..<area.maxX { put(Cell(" ", style: style), column: column, row: row) }
    }
  }

  /// Changes the style of every cell in `rect` (the whole canvas when nil), keeping the
  /// characters: how a selected row is shown.
  public mutating func restyle(_ rect: Rect? = nil, _ change: (inout Style) -> Void) {
    let area = (rect ?? Rect(width: width, height: height)).intersection(Rect(width: width, height: height))
    for row in area.y..<area.maxY {
      for column in area.x..<area.maxX {
        let index = (bounds.y + row) * frame.width + bounds.x + column
        change(&frame.cells[index].style)
      }
    }
  }

  /// Runs `body` with a canvas limited to `rect` (in this canvas's coordinates, clipped to it),
  /// keeping what it draws.
  public mutating func withRegion<Result>(_ rect: Rect, _ body: (inout Canvas) throws -> Result) rethrows -> Result {
    let saved = bounds
    let local = rect.intersection(Rect(width: width, height: height))
    bounds = Rect(x: saved.x + local.x, y: saved.y + local.y, width: local.width, height: local.height)
    defer { bounds = saved }
    return try body(&self)
  }

  /// Sets one cell (in the canvas's coordinates), blanking the other half of a wide character
  /// it overwrites half of.
  private mutating func put(_ cell: Cell, column: Int, row: Int) {
    guard column >= 0, column < width, row >= 0, row < height else { return }
    let x = bounds.x + column
    let y = bounds.y + row
    let index = y * frame.width + x
    let old = frame.cells[index]
    // The cell before may already be the left half of a new wide character drawn over the
    // old one's right half: only an old wide character's left half is blanked.
    if old.isContinuation, !cell.isContinuation, x > 0, !frame.cells[index - 1].isContinuation {
      frame.cells[index - 1] = Cell(" ", style: frame.cells[index - 1].style)
    }
    if !old.isContinuation, DisplayWidth.of(old.character) == 2, x + 1 < frame.width, frame.cells[index + 1].isContinuation {
      // A wide character brings its own continuation next; anything else (a narrow character,
      // or the right half of a wide one starting in the cell before) leaves the old right half
      // blank.
      if cell.isContinuation || DisplayWidth.of(cell.character) != 2 {
        frame.cells[index + 1] = Cell(" ", style: frame.cells[index + 1].style)
      }
    }
    frame.cells[index] = cell
  }

  /// Whether a character would act on the terminal rather than show: a control character (the
  /// escape of an escape sequence, a line feed) or a bidirectional control.
  static func isHidden(_ character: Character) -> Bool {
    character.unicodeScalars.contains { scalar in
      switch scalar.value {
      case 0x00...0x1F, 0x7F...0x9F,  // C0 and C1 controls
        0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:  // bidirectional controls
        return true
      default:
        return false
      }
    }
  }
}
