import TerminalUI

/// Just enough of a terminal to read what the runtime writes: printable text (a wide
/// character takes two cells), cursor positioning and relative moves, CR and LF, erasing the
/// screen, SGR styles, and the private modes (recorded). Tests compare its cells with the
/// frame drawn, rather than comparing escape bytes.
///
/// Autowrap is taken as off, as the runtime sets it: writing at the last column stays there.
/// A write that would fall off the screen, or a sequence it does not know, is recorded in
/// `problems`, which tests expect to be empty.
struct TerminalEmulator {
  var width: Int
  var height: Int
  var cells: [[Cell]]
  var cursor = (column: 0, row: 0)
  var pen = Style.plain
  var modes: [String: Bool] = [:]
  var problems: [String] = []
  /// Widths this terminal gives some characters against ``DisplayWidth``, as real terminals
  /// disagree about emoji with a variation selector ("❤️" one column in some, two in others).
  var widths: [Character: Int] = [:]

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    cells = Array(repeating: Array(repeating: Cell.blank, count: width), count: height)
  }

  /// What the screen shows, as a frame.
  var frame: Frame {
    var canvas = Canvas(width: width, height: height)
    for row in 0..<height {
      for column in 0..<width where !cells[row][column].isContinuation {
        let cell = cells[row][column]
        canvas.draw(String(cell.character), column: column, row: row, style: cell.style)
      }
    }
    return canvas.frame
  }

  mutating func feed(_ bytes: [UInt8]) {
    var index = 0
    let text = bytes
    while index < text.count {
      let byte = text[index]
      switch byte {
      case 0x1B:
        index = escape(text, at: index)
      case 0x0D:
        cursor.column = 0
        index += 1
      case 0x0A:
        if cursor.row == height - 1 { problems.append("line feed on the last row scrolls") } else { cursor.row += 1 }
        index += 1
      case 0x18:
        index += 1
      case 0x00..<0x20, 0x7F:
        problems.append("control byte \(byte)")
        index += 1
      default:
        var end = index + 1
        while end < text.count, text[end] & 0xC0 == 0x80 { end += 1 }
        // Join combining scalars that follow into the same character.
        var string = String(decoding: text[index..<end], as: UTF8.self)
        while end < text.count, text[end] >= 0x80 {
          var next = end + 1
          while next < text.count, text[next] & 0xC0 == 0x80 { next += 1 }
          let candidate = string + String(decoding: text[end..<next], as: UTF8.self)
          guard candidate.count == 1 else { break }
          string = candidate
          end = next
        }
        put(Character(string))
        index = end
      }
    }
  }

  private mutating func put(_ character: Character) {
    let columns = widths[character] ?? max(1, DisplayWidth.of(character))
    guard cursor.row < height, cursor.column + columns <= width else {
      problems.append("\(character) written past the edge at \(cursor)")
      return
    }
    cells[cursor.row][cursor.column] = Cell(character, style: pen)
    if columns == 2 { cells[cursor.row][cursor.column + 1] = .continuation(of: pen) }
    cursor.column = min(width - 1, cursor.column + columns)
  }

  private mutating func escape(_ text: [UInt8], at start: Int) -> Int {
    guard start + 1 < text.count, text[start + 1] == UInt8(ascii: "[") else {
      problems.append("escape not followed by [")
      return start + 1
    }
    var end = start + 2
    while end < text.count, (0x20...0x3F).contains(text[end]) { end += 1 }
    guard end < text.count else {
      problems.append("unterminated sequence")
      return end
    }
    let parameters = String(decoding: text[(start + 2)..<end], as: UTF8.self)
    let final = Character(Unicode.Scalar(text[end]))
    if parameters.hasPrefix("?") {
      for mode in parameters.dropFirst().split(separator: ";") { modes[String(mode)] = final == "h" }
      return end + 1
    }
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    let first = max(1, numbers.first ?? 1)
    switch final {
    case "H":
      cursor = (max(1, numbers.count > 1 ? numbers[1] : 1) - 1, first - 1)
    case "A": cursor.row -= first
    case "B": cursor.row += first
    case "C": cursor.column += first
    case "D": cursor.column -= first
    case "J" where numbers.first == 2:
      cells = Array(repeating: Array(repeating: Cell(" ", style: pen), count: width), count: height)
    case "m":
      applySGR(parameters.isEmpty ? [0] : numbers)
    default:
      problems.append("unknown sequence \(parameters)\(final)")
    }
    if cursor.row < 0 || cursor.row >= height || cursor.column < 0 || cursor.column >= width {
      problems.append("cursor moved off the screen to \(cursor)")
    }
    return end + 1
  }

  private mutating func applySGR(_ codes: [Int]) {
    let basic: [Color] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]
    let bright: [Color] = [
      .brightBlack, .brightRed, .brightGreen, .brightYellow, .brightBlue, .brightMagenta, .brightCyan, .brightWhite,
    ]
    var index = 0
    while index < codes.count {
      let code = codes[index]
      switch code {
      case 0: pen = .plain
      case 1: pen.bold = true
      case 2: pen.dim = true
      case 3: pen.italic = true
      case 4: pen.underline = true
      case 7: pen.reverse = true
      case 30...37: pen.foreground = basic[code - 30]
      case 40...47: pen.background = basic[code - 40]
      case 90...97: pen.foreground = bright[code - 90]
      case 100...107: pen.background = bright[code - 100]
      case 38, 48:
        guard index + 2 < codes.count, codes[index + 1] == 5 else {
          problems.append("bad extended colour")
          return
        }
        let color = Color.palette(UInt8(codes[index + 2]))
        if code == 38 { pen.foreground = color } else { pen.background = color }
        index += 2
      default:
        problems.append("unknown SGR \(code)")
      }
      index += 1
    }
  }
}
