/// The text of a text field and where its cursor is, kept in the feature's state and changed
/// through a binding: a ``TextFieldView`` sends `.binding(.set(\.title, edited))` for each key.
///
/// The cursor counts characters (grapheme clusters), so that it never stops inside `é` written
/// as `e` and a combining accent, or inside an emoji made of several joined ones:
///
/// ```swift
/// var title = TextFieldState("cafe\u{301}")
/// title.cursor  // 4: after the é
/// title = title.applying(.backspace)
/// title.text  // "caf"
/// ```
public struct TextFieldState: Hashable, Sendable {
  /// The text.
  public var text: String
  /// How many characters are before the cursor: 0 at the start, `text.count` at the end.
  public var cursor: Int

  /// A field holding `text`, with the cursor at its end unless given.
  public init(_ text: String = "", cursor: Int? = nil) {
    self.text = text
    self.cursor = cursor.map { max(0, min($0, text.count)) } ?? text.count
  }

  /// An edit a key asks for.
  public enum Edit: Hashable, Sendable {
    /// Types text at the cursor.
    case insert(String)
    /// A character left or right.
    case left, right
    /// The start or the end of the text.
    case home, end
    /// Deletes the character before the cursor, or the one at it.
    case backspace, delete
    /// Deletes everything before the cursor (Ctrl-U), or from it to the end (Ctrl-K).
    case deleteToStart, deleteToEnd
    /// Deletes the word before the cursor, back to the space before it (Ctrl-W, as shells do).
    case deleteWordBackward
    /// To the start of the word before the cursor (Alt-B), or the end of the one after it
    /// (Alt-F), where a word is letters and digits, as readline has them.
    case wordLeft, wordRight
  }

  /// The field after `edit`.
  public func applying(_ edit: Edit) -> TextFieldState {
    var characters = Array(text)
    var cursor = max(0, min(cursor, characters.count))
    switch edit {
    case let .insert(typed):
      // Controls would act on the terminal rather than show; a field keeps one line.
      let inserted = typed.filter { !Canvas.isHidden($0) }
      characters.insert(contentsOf: inserted, at: cursor)
      cursor += inserted.count
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(characters.count, cursor + 1)
    case .home: cursor = 0
    case .end: cursor = characters.count
    case .backspace:
      guard cursor > 0 else { break }
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .delete:
      guard cursor < characters.count else { break }
      characters.remove(at: cursor)
    case .deleteToStart:
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .deleteToEnd:
      characters.removeSubrange(cursor...)
    case .deleteWordBackward:
      var start = cursor
      while start > 0, characters[start - 1].isWhitespace { start -= 1 }
      while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .wordLeft:
      while cursor > 0, !Self.isWordCharacter(characters[cursor - 1]) { cursor -= 1 }
      while cursor > 0, Self.isWordCharacter(characters[cursor - 1]) { cursor -= 1 }
    case .wordRight:
      while cursor < characters.count, !Self.isWordCharacter(characters[cursor]) { cursor += 1 }
      while cursor < characters.count, Self.isWordCharacter(characters[cursor]) { cursor += 1 }
    }
    return TextFieldState(String(characters), cursor: cursor)
  }

  private static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
  }
}
