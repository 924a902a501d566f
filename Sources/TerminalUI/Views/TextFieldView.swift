import Composable

/// A one-line text field over a ``TextFieldState`` in the feature's state, changed through a
/// binding: each key it answers sends one action, `.binding(.set(\.field, edited))`, with the
/// whole edited field, so the reducer needs nothing but `BindingReducer`.
///
/// ```swift
/// struct State: Equatable { var title = TextFieldState() }
/// enum Action: BindableAction { case binding(BindingAction<State>) … }
///
/// TextFieldView<State, Action>(\.title, placeholder: "Title")
/// ```
///
/// The cursor shows as a reversed cell (a reversed blank at the end of the text); a text wider
/// than the field scrolls so that the cursor stays in it, a wide character never split at its
/// left edge.
///
/// Keys: typed characters insert; ←/→ and Home/End (Ctrl-A/Ctrl-E) move; Ctrl-←/Ctrl-→ and
/// Alt-B/Alt-F move by word; Backspace and Delete delete a character, Ctrl-U to the start,
/// Ctrl-K to the end, Ctrl-W (and Alt-Backspace) the word before the cursor. Enter, Esc, Tab
/// and ↑/↓ are left to the screen. None of the field's keys is on the help line.
public struct TextFieldView<State, Action>: View {
  private let field: (State) -> TextFieldState
  private let action: (TextFieldState) -> Action
  private let placeholder: String
  private let isFocused: Bool
  private let style: Style

  /// A field reading its state with `field`, whose keys send `action` with the edited field;
  /// `placeholder` shows (dim) while the text is empty, and the cursor only while `isFocused`.
  public init(
    field: @escaping (State) -> TextFieldState,
    action: @escaping (TextFieldState) -> Action,
    placeholder: String = "",
    isFocused: Bool = true,
    style: Style = .plain
  ) {
    self.field = field
    self.action = action
    self.placeholder = placeholder
    self.isFocused = isFocused
    self.style = style
  }

  /// A field bound to the state at `keyPath`: its keys send `.binding(.set(keyPath, edited))`.
  public init(
    _ keyPath: WritableKeyPath<State, TextFieldState> & Sendable,
    placeholder: String = "",
    isFocused: Bool = true,
    style: Style = .plain
  ) where Action: BindableAction, Action.State == State {
    self.init(
      field: { $0[keyPath: keyPath] }, action: { .binding(.set(keyPath, $0)) }, placeholder: placeholder,
      isFocused: isFocused, style: style)
  }

  /// Draws the text on the first row, scrolled to show the cursor.
  public func render(_ state: State, in canvas: inout Canvas) {
    let value = field(state)
    let width = canvas.width
    guard width > 0, canvas.height > 0 else { return }
    canvas.fill(style, in: Rect(width: width, height: 1))
    if value.text.isEmpty {
      canvas.draw(placeholder, column: 0, row: 0, style: style.with(\.dim, true))
      if isFocused { canvas.restyle(Rect(width: 1, height: 1)) { $0.reverse = true } }
      return
    }
    let characters = Array(value.text)
    let widths = characters.map { DisplayWidth.of(Canvas.isHidden($0) ? "\u{FFFD}" : $0) }
    let cursor = max(0, min(value.cursor, characters.count))
    let cursorWidth = cursor < characters.count ? max(1, widths[cursor]) : 1
    // The first character shown: as far left as still shows the cursor's cell whole.
    var first = 0
    var before = widths[..<cursor].reduce(0, +)
    while first < cursor, before + cursorWidth > width {
      before -= widths[first]
      first += 1
    }
    canvas.draw(String(characters[first...]), column: 0, row: 0, style: style)
    if isFocused {
      canvas.restyle(Rect(x: before, y: 0, width: cursorWidth, height: 1)) { $0.reverse = true }
    }
  }

  /// The editing keys, each sending the edited field.
  public func keyMap(for state: State) -> KeyMap<Action> {
    let value = field(state)
    let action = action
    return KeyMap([
      KeyBinding(label: "text", help: nil) { key in
        TextFieldState.Edit(key: key).map { action(value.applying($0)) }
      }
    ])
  }
}
