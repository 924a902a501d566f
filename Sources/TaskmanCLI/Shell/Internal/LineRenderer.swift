import TerminalUI

/// Draws the prompt and the line being edited on one row of the terminal, and works out the
/// least output that turns what is shown into what should be.
///
/// A line wider than the row scrolls sideways within it (as readline's horizontal-scroll mode
/// and zsh's line editor with a narrow terminal): the row never wraps, so the cursor's row is
/// always known, and a resize only has to draw the row again. When the cursor leaves the
/// visible part, the view jumps to put it in the middle, so that typing at the end of a long
/// line redraws the row once every half width rather than at every key. The last column stays
/// empty, which keeps the terminal from ever being at the point of wrapping.
///
/// Columns are counted by ``DisplayWidth``: a CJK character or an emoji takes two, a combining
/// accent none (it is drawn with the character before it). Only moves the cursor relative to
/// where it is, except when the whole row is drawn again (a resize), which starts with `\r`.
struct LineRenderer {
  var prompt: String
  /// The terminal's width.
  var columns: Int

  /// What the row shows now, prompt included, and where the cursor is on it; nil before the
  /// first draw, or after ``forget()``.
  private var shown: [Character]?
  private var cursorColumn = 0
  /// The first character of the line that is shown.
  private var offset = 0

  init(prompt: String, columns: Int) {
    self.prompt = prompt
    self.columns = columns
  }

  /// Forgets the row: the next ``update(_:)`` draws the prompt and line from the cursor,
  /// which is at the start of a fresh row (after a new line, or a cleared screen).
  mutating func forget() {
    shown = nil
    cursorColumn = 0
  }

  /// The output that shows `field`; with `leavingCursorAtEnd`, the cursor is left after the
  /// last character shown, for writing below the row (on Enter, Ctrl-C, or a listing).
  mutating func update(_ field: TextFieldState, leavingCursorAtEnd: Bool = false) -> String {
    let (row, fieldCursor) = layout(field)
    let cursor = leavingCursorAtEnd ? Self.width(row[...]) : fieldCursor
    guard let old = shown else {
      shown = row
      cursorColumn = Self.width(row[...])
      return String(row) + move(to: cursor)
    }
    // Characters are grapheme clusters: an accent typed after `e` changes that character.
    var common = 0
    while common < old.count, common < row.count, old[common] == row[common] { common += 1 }
    var output = ""
    if common < old.count || common < row.count {
      output += move(to: Self.width(row[..<common]))
      output += String(row[common...])
      cursorColumn = Self.width(row[...])
      if Self.width(old[...]) > cursorColumn { output += "\u{1B}[K" }
    }
    shown = row
    return output + move(to: cursor)
  }

  /// The output that draws the row again in full (after a resize, or when unsure what it shows).
  mutating func redraw(_ field: TextFieldState) -> String {
    shown = nil
    cursorColumn = 0
    return "\r\u{1B}[K" + update(field)
  }

  // MARK: - Layout

  /// The row for `field` (the prompt and the part of the line shown) and the cursor's column.
  private mutating func layout(_ field: TextFieldState) -> (row: [Character], cursor: Int) {
    let characters = Array(field.text)
    let cursor = max(0, min(field.cursor, characters.count))
    let promptWidth = DisplayWidth.of(prompt)
    let available = max(1, columns - promptWidth - 1)
    if Self.width(characters[..<cursor]) <= available {
      offset = 0
    } else if cursor < offset || Self.width(characters[offset..<cursor]) > available {
      // The cursor in the middle of the row.
      offset = cursor
      var width = 0
      while offset > 0, width + DisplayWidth.of(characters[offset - 1]) <= available / 2 {
        offset -= 1
        width += DisplayWidth.of(characters[offset])
      }
    }
    var row = Array(prompt)
    var width = 0
    for character in characters[offset...] {
      let columns = DisplayWidth.of(character)
      guard width + columns <= available else { break }
      row.append(character)
      width += columns
    }
    return (row, promptWidth + Self.width(characters[offset..<cursor]))
  }

  private static func width(_ characters: ArraySlice<Character>) -> Int {
    characters.reduce(0) { $0 + DisplayWidth.of($1) }
  }

  /// Moves the cursor to `column` of the row.
  private mutating func move(to column: Int) -> String {
    defer { cursorColumn = column }
    if column < cursorColumn { return "\u{1B}[\(cursorColumn - column)D" }
    if column > cursorColumn { return "\u{1B}[\(column - cursorColumn)C" }
    return ""
  }
}
