extension TextFieldState.Edit {
  /// The edit a key asks of a text field, as readline and most terminal line editors have them,
  /// or nil for a key a field leaves to its screen (Enter, Tab, Esc, ↑/↓): for an editor of
  /// its own that keeps ``TextFieldView``'s keys.
  ///
  /// ```swift
  /// TextFieldState.Edit(key: .control("w"))  // .deleteWordBackward
  /// TextFieldState.Edit(key: .enter)         // nil
  /// ```
  public init?(key: Key) {
    if let typed = key.typedCharacter {
      self = .insert(String(typed))
      return
    }
    let alt = key.modifiers == .alt
    let control = key.modifiers == .control
    switch key.code {
    case .left where key.modifiers.isEmpty: self = .left
    case .right where key.modifiers.isEmpty: self = .right
    case .left where control || alt: self = .wordLeft
    case .right where control || alt: self = .wordRight
    case .home: self = .home
    case .end: self = .end
    case .backspace where alt: self = .deleteWordBackward
    case .backspace: self = .backspace
    case .character("a") where control: self = .home
    case .character("e") where control: self = .end
    case .character("h") where control: self = .backspace
    case .delete: self = .delete
    case .character("u") where control: self = .deleteToStart
    case .character("k") where control: self = .deleteToEnd
    case .character("w") where control: self = .deleteWordBackward
    case .character("b") where alt: self = .wordLeft
    case .character("f") where alt: self = .wordRight
    default: return nil
    }
  }
}
