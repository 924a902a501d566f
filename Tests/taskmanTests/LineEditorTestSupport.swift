import TerminalUI

@testable import TaskmanCLI

/// A terminal for the line editor made of memory: the keys it will read, one chunk each, what
/// was written, and whether raw mode is on.
final class FakeConsole {
  var events: [LineEditor.Console.Event]
  var output: [UInt8] = []
  var columns: Int
  /// The width the terminal has after each `.resized` event, in turn.
  var widthsAfterResizes: [Int] = []
  private(set) var isRaw = false
  private(set) var begins = 0
  private(set) var ends = 0
  /// Raw mode was asked for while already on, or given back while off.
  private(set) var unbalanced = false

  init(_ keys: [String], columns: Int = 40) {
    self.events = keys.map { .input(Array($0.utf8)) }
    self.columns = columns
  }

  var console: LineEditor.Console {
    LineEditor.Console(
      begin: { [self] in
        if isRaw { unbalanced = true }
        isRaw = true
        begins += 1
      },
      end: { [self] in
        if !isRaw { unbalanced = true }
        isRaw = false
        ends += 1
      },
      read: { [self] in
        guard !events.isEmpty else { return nil }
        let event = events.removeFirst()
        if event == .resized, !widthsAfterResizes.isEmpty { columns = widthsAfterResizes.removeFirst() }
        return event
      },
      write: { [self] in output += $0 },
      columns: { [self] in columns }
    )
  }

  /// The screen the output draws, on a terminal of this width.
  var screen: VirtualScreen {
    var screen = VirtualScreen(columns: columns)
    screen.apply(output)
    return screen
  }
}

/// Key presses as a terminal sends them.
enum Keys {
  static let left = "\u{1B}[D", right = "\u{1B}[C", up = "\u{1B}[A", down = "\u{1B}[B"
  static let home = "\u{1B}[H", end = "\u{1B}[F", delete = "\u{1B}[3~", backspace = "\u{7F}"
  static let ctrlLeft = "\u{1B}[1;5D", ctrlRight = "\u{1B}[1;5C"
  static let enter = "\r", tab = "\t"
  static func ctrl(_ letter: Character) -> String {
    String(UnicodeScalar(letter.asciiValue! & 0x1F))
  }
  static func alt(_ character: Character) -> String { "\u{1B}" + String(character) }
}

/// Enough of a terminal to check what the line editor draws: text with wide characters,
/// `\r`, `\n` (as a CR LF: output processing is on), cursor moves (`ESC[nC`, `ESC[nD`, `ESC[H`),
/// erasing (`ESC[K`, `ESC[2J`) and the bell; anything else is recorded as unknown.
struct VirtualScreen {
  let columns: Int
  /// Each row's cells; a wide character's second cell is an empty string.
  private(set) var rows: [[String]] = [[]]
  private(set) var row = 0
  private(set) var column = 0
  /// Whether text ever reached the last column and wrapped, which the editor never lets happen.
  private(set) var wrapped = false
  private(set) var bells = 0
  private(set) var unknown: [String] = []

  init(columns: Int) { self.columns = columns }

  /// The rows as text, trailing spaces removed.
  var lines: [String] {
    rows.map { cells in
      String(cells.joined().reversed().drop(while: { $0 == " " }).reversed())
    }
  }

  /// The row the cursor is on, as text.
  var cursorLine: String { lines[row] }

  mutating func apply(_ bytes: [UInt8]) {
    let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
    var index = 0
    var text = ""
    func flushText() {
      for character in text { put(character) }
      text = ""
    }
    while index < scalars.count {
      let scalar = scalars[index]
      switch scalar {
      case "\u{1B}":
        flushText()
        guard index + 1 < scalars.count, scalars[index + 1] == "[" else {
          unknown.append("ESC")
          index += 1
          continue
        }
        var end = index + 2
        while end < scalars.count, !(0x40...0x7E).contains(scalars[end].value) { end += 1 }
        let parameters = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
        control(parameters, final: end < scalars.count ? Character(scalars[end]) : "?")
        index = end + 1
        continue
      case "\r":
        flushText()
        column = 0
      case "\n":
        flushText()
        newLine()
      case "\u{07}":
        flushText()
        bells += 1
      default:
        text.unicodeScalars.append(scalar)
      }
      index += 1
    }
    flushText()
  }

  private mutating func control(_ parameters: String, final: Character) {
    let count = Int(parameters) ?? 1
    switch (parameters, final) {
    case (_, "C"): column = min(columns - 1, column + count)
    case (_, "D"): column = max(0, column - count)
    case ("", "K"): rows[row].removeSubrange(min(column, rows[row].count)...)
    case ("", "H"): (row, column) = (0, 0)
    case ("2", "J"): rows = rows.map { _ in [] }
    default: unknown.append("ESC[\(parameters)\(final)")
    }
  }

  private mutating func newLine() {
    row += 1
    column = 0
    while rows.count <= row { rows.append([]) }
  }

  private mutating func put(_ character: Character) {
    let width = DisplayWidth.of(character)
    if width == 0 {
      if column > 0, column - 1 < rows[row].count { rows[row][column - 1] += String(character) }
      return
    }
    if column + width > columns {
      wrapped = true
      newLine()
    }
    while rows[row].count < column + width { rows[row].append(" ") }
    rows[row][column] = String(character)
    if width == 2 { rows[row][column + 1] = "" }
    column += width
    if column >= columns { wrapped = true }
  }
}
