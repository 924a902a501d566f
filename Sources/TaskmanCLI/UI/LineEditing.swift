import TerminalUI

/// What a key does to text being typed on a screen, with the cursor as a count of characters
/// before it. A line (a prompt, the task form) takes ``TextFieldView``'s keys; the outline
/// editor's text has lines, so Enter and Tab type a line break and a tab (TaskPaper's
/// indentation), ↑/↓ move a line keeping the column, and Home/End, Ctrl-A/Ctrl-E, Ctrl-U and
/// Ctrl-K act on the cursor's line. The screens turn the result into their state's action, so
/// the text and the cursor are only ever in the feature's state.
///
/// ```swift
/// LineEditing.apply(.up, to: "ab\ncd", cursor: 4)  // ("ab\ncd", 1)
/// ```
enum LineEditing {
  /// The text and cursor after `key`, or nil when the key is not an editing key.
  static func apply(_ key: Key, to text: String, cursor: Int, multiline: Bool = false) -> (text: String, cursor: Int)? {
    let field = TextFieldState(text, cursor: cursor)
    guard multiline else {
      return TextFieldState.Edit(key: key).map { field.applying($0) }.map { ($0.text, $0.cursor) }
    }
    var characters = Array(text)
    let cursor = field.cursor
    let lineStart = characters[..<cursor].lastIndex(of: "\n").map { $0 + 1 } ?? 0
    let lineEnd = characters[cursor...].firstIndex(of: "\n") ?? characters.count
    switch key {
    case .enter, .tab:
      characters.insert(key == .enter ? "\n" : "\t", at: cursor)
      return (String(characters), cursor + 1)
    case .up:
      guard lineStart > 0 else { return (text, 0) }
      let previousStart = characters[..<(lineStart - 1)].lastIndex(of: "\n").map { $0 + 1 } ?? 0
      return (text, previousStart + min(cursor - lineStart, lineStart - 1 - previousStart))
    case .down:
      guard lineEnd < characters.count else { return (text, characters.count) }
      let nextEnd = characters[(lineEnd + 1)...].firstIndex(of: "\n") ?? characters.count
      return (text, lineEnd + 1 + min(cursor - lineStart, nextEnd - lineEnd - 1))
    case .home, .control("a"):
      return (text, lineStart)
    case .end, .control("e"):
      return (text, lineEnd)
    case .control("u"):
      characters.removeSubrange(lineStart..<cursor)
      return (String(characters), lineStart)
    case .control("k"):
      characters.removeSubrange(cursor..<lineEnd)
      return (String(characters), cursor)
    default:
      return TextFieldState.Edit(key: key).map { field.applying($0) }.map { ($0.text, $0.cursor) }
    }
  }

  /// The line the cursor is on and the characters before it on that line.
  static func position(of cursor: Int, in text: String) -> (line: Int, column: Int) {
    var line = 0
    var column = 0
    for (offset, character) in text.enumerated() {
      if offset == cursor { break }
      if character == "\n" {
        line += 1
        column = 0
      } else {
        column += 1
      }
    }
    return (line, column)
  }
}
