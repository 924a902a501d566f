/// What to write to a terminal to turn the frame it shows into a new one: only the cells that
/// changed, reached by the shortest cursor move, with a style written only when it changes
/// (as ratatui's buffer diff does).
///
/// It remembers the last frame written, where the cursor was left and the style in force, so
/// it must be the terminal's only writer while the screen is up (the runtime hides the cursor
/// and turns autowrap off, so writing the last column of the last row never scrolls).
package struct ScreenWriter: Sendable {
  /// Whether colours are written; without them styles are written ``Style/withoutColors``.
  package var colors: Bool
  /// The frame the terminal shows, or nil when unknown (the next update repaints in full).
  package private(set) var shown: Frame?
  private var cursor: (column: Int, row: Int)?
  private var pen = Style.plain

  package init(colors: Bool) {
    self.colors = colors
  }

  /// Forgets what the terminal shows: the next update clears it and writes every cell (after
  /// a resize, or anything else that may have drawn on it).
  package mutating func invalidate() {
    shown = nil
    cursor = nil
  }

  /// The bytes that turn the screen into `frame`.
  package mutating func update(to frame: Frame) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(256)
    let old: Frame
    if let shown, shown.width == frame.width, shown.height == frame.height {
      old = shown
    } else {
      // Clear in the plain style, so that erased cells are blank ones.
      out.append(contentsOf: Self.clearScreen)
      pen = .plain
      cursor = (0, 0)
      old = Frame(width: frame.width, height: frame.height)
    }
    let width = frame.width
    for row in 0..<frame.height {
      let base = row * width
      var column = 0
      while column < width {
        let cell = frame.cells[base + column]
        let wide = column + 1 < width && frame.cells[base + column + 1].isContinuation
        let changed =
          !cell.isContinuation
          && (cell != old.cells[base + column] || (wide && frame.cells[base + column + 1] != old.cells[base + column + 1]))
        guard changed else {
          column += 1
          continue
        }
        move(to: column, row: row, in: frame, into: &out)
        write(cell, into: &out)
        let advance = wide ? 2 : 1
        column += advance
        // After the last column the cursor's place depends on the terminal: say unknown. So it
        // is after a character whose width terminals disagree about ("❤️", emoji with a
        // variation selector, East Asian ambiguous ones): a relative move or a rewritten cell
        // from a guessed place would shift the rest of the row.
        cursor = column < width && Self.hasAgreedWidth(cell.character, wide: wide) ? (column, row) : nil
      }
    }
    shown = frame
    return out
  }

  /// Whether every terminal gives `character` the width the frame does: ASCII, or one of the
  /// CJK ideographs, kana, Hangul syllables or full-width forms (two columns, East Asian Width
  /// W or F), so that a row of Japanese costs no cursor move a character. Not accented Latin,
  /// Greek or Cyrillic letters: East Asian Width calls them ambiguous, and terminals set for
  /// CJK draw them two columns wide.
  static func hasAgreedWidth(_ character: Character, wide: Bool) -> Bool {
    if character.isASCII { return true }
    let scalars = character.unicodeScalars
    guard scalars.count == 1, let scalar = scalars.first else { return false }
    switch scalar.value {
    case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60:
      return wide
    default:
      return false
    }
  }

  private mutating func write(_ cell: Cell, into out: inout [UInt8]) {
    let style = colors ? cell.style : cell.style.withoutColors
    if style != pen {
      out.append(contentsOf: Self.sgr(style))
      pen = style
    }
    out.append(contentsOf: String(cell.character).utf8)
  }

  /// Moves the cursor to `column`, `row` by the shortest of: absolute (CUP), relative moves,
  /// carriage return and line feed, or rewriting the few unchanged cells in between when they
  /// are in the style in force.
  private mutating func move(to column: Int, row: Int, in frame: Frame, into out: inout [UInt8]) {
    guard let (x, y) = cursor else {
      out.append(contentsOf: Self.cursorPosition(column: column, row: row))
      return
    }
    if x == column, y == row { return }
    var best = Self.cursorPosition(column: column, row: row)
    var relative: [UInt8] = []
    if row > y {
      relative += row == y + 1 && column == 0 ? [] : Self.csi(row - y, "B")
      if row == y + 1 && column == 0 {
        relative += [0x0D, 0x0A]
      } else {
        relative += Self.horizontal(from: x, to: column)
      }
    } else if row < y {
      relative += Self.csi(y - row, "A") + Self.horizontal(from: x, to: column)
    } else {
      relative += Self.horizontal(from: x, to: column)
      if column > x, column - x <= 4 {
        // Rewriting the unchanged cells between can be shorter than a move.
        let between = frame.cells[(row * frame.width + x)..<(row * frame.width + column)]
        let colors = colors
        let pen = pen
        let inPen = { (cell: Cell) in (colors ? cell.style : cell.style.withoutColors) == pen }
        if between.allSatisfy({ !$0.isContinuation && inPen($0) && $0.character.isASCII }) {
          let text = between.map { UInt8(ascii: $0.character.unicodeScalars.first!) }
          if text.count < relative.count { relative = text }
        }
      }
    }
    if relative.count < best.count { best = relative }
    out.append(contentsOf: best)
  }

  private static func horizontal(from x: Int, to column: Int) -> [UInt8] {
    if column == x { return [] }
    if column == 0 { return [0x0D] }
    let direct = column > x ? csi(column - x, "C") : csi(x - column, "D")
    let fromStart = [0x0D] + csi(column, "C")
    return fromStart.count < direct.count ? fromStart : direct
  }

  private static func csi(_ count: Int, _ final: Character) -> [UInt8] {
    Array("\u{1B}[\(count == 1 ? "" : String(count))\(final)".utf8)
  }

  private static func cursorPosition(column: Int, row: Int) -> [UInt8] {
    switch (row, column) {
    case (0, 0): Array("\u{1B}[H".utf8)
    case (_, 0): Array("\u{1B}[\(row + 1)H".utf8)
    default: Array("\u{1B}[\(row + 1);\(column + 1)H".utf8)
    }
  }

  static let clearScreen = Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)

  /// Select Graphic Rendition: a reset, then the style's attributes and colours.
  static func sgr(_ style: Style) -> [UInt8] {
    var codes = ["0"]
    if style.bold { codes.append("1") }
    if style.dim { codes.append("2") }
    if style.italic { codes.append("3") }
    if style.underline { codes.append("4") }
    if style.reverse { codes.append("7") }
    if let code = colorCode(style.foreground, base: 30) { codes.append(code) }
    if let code = colorCode(style.background, base: 40) { codes.append(code) }
    return Array("\u{1B}[\(codes.joined(separator: ";"))m".utf8)
  }

  private static func colorCode(_ color: Color, base: Int) -> String? {
    let basic: [Color] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]
    let bright: [Color] = [
      .brightBlack, .brightRed, .brightGreen, .brightYellow, .brightBlue, .brightMagenta, .brightCyan, .brightWhite,
    ]
    switch color {
    case .default: return nil
    case let .palette(index): return "\(base + 8);5;\(index)"
    default:
      if let index = basic.firstIndex(of: color) { return String(base + index) }
      if let index = bright.firstIndex(of: color) { return String(base + 60 + index) }
      return nil
    }
  }
}
