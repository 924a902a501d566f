import TerminalUI

/// What a key does to a line of text being typed, with the cursor as a count of characters
/// before it: typing inserts, Backspace and Delete remove, ←/→, Home/End (Ctrl-A/Ctrl-E) and
/// Alt-B/Alt-F (a word back, forward) move, Ctrl-U clears to the start. The screens turn the
/// result into their state's action (a prompt's `promptEdited`, a form's binding), so the text
/// is only ever in the feature's state.
///
/// ```swift
/// LineEditing.apply(Key("k"), to: "mil", cursor: 3)  // ("milk", 4)
/// ```
enum LineEditing {
  /// The text and cursor after `key`, or nil when the key is not an editing key. With
  /// `multiline`, Enter inserts a line break and Tab a tab (TaskPaper's indentation).
  static func apply(_ key: Key, to text: String, cursor: Int, multiline: Bool = false) -> (text: String, cursor: Int)? {
    var characters = Array(text)
    let cursor = min(max(0, cursor), characters.count)
    if let character = key.typedCharacter {
      characters.insert(character, at: cursor)
      return (String(characters), cursor + 1)
    }
    switch key {
    case .enter where multiline, .tab where multiline:
      characters.insert(key == .enter ? "\n" : "\t", at: cursor)
      return (String(characters), cursor + 1)
    case .backspace, Key(.character("h"), modifiers: .control):
      guard cursor > 0 else { return (text, cursor) }
      characters.remove(at: cursor - 1)
      return (String(characters), cursor - 1)
    case .delete:
      guard cursor < characters.count else { return (text, cursor) }
      characters.remove(at: cursor)
      return (String(characters), cursor)
    case .left: return (text, max(0, cursor - 1))
    case .right: return (text, min(characters.count, cursor + 1))
    case .home, .control("a"): return (text, 0)
    case .end, .control("e"): return (text, characters.count)
    case .control("u"): return (String(characters[cursor...]), 0)
    case .alt("b"):
      var index = cursor
      while index > 0, characters[index - 1] == " " { index -= 1 }
      while index > 0, characters[index - 1] != " " { index -= 1 }
      return (text, index)
    case .alt("f"):
      var index = cursor
      while index < characters.count, characters[index] == " " { index += 1 }
      while index < characters.count, characters[index] != " " { index += 1 }
      return (text, index)
    default:
      return nil
    }
  }
}
