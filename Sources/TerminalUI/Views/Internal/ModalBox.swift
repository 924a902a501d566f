import Composable

/// What ``AlertView`` and ``ConfirmationDialogView`` share: a centred box with a title, a
/// wrapped message and buttons, each button with a key of its own.
struct ModalBox<ButtonAction> {
  var title: String?
  var message: String?
  var buttons: [ButtonState<ButtonAction>]
  /// Buttons one per line (a dialog's choices) rather than side by side (an alert's).
  var stacksButtons: Bool

  init(title: String?, message: String?, buttons: [ButtonState<ButtonAction>], stacksButtons: Bool) {
    self.title = title
    self.message = message
    // An alert with no buttons has one that only closes it.
    self.buttons = buttons.isEmpty ? [.default("OK")] : buttons
    self.stacksButtons = stacksButtons
  }

  /// Each button's key: the first letter or digit of its label that no button before it took,
  /// else the first free digit from 1.
  var keys: [Character] {
    var taken: Set<Character> = []
    return buttons.map { button in
      let candidates = button.label.string.lazy.filter { $0.isLetter || $0.isNumber }.map { Character($0.lowercased()) }
      let key =
        candidates.first { !taken.contains($0) }
        ?? "123456789".first { !taken.contains($0) }
        ?? " "
      taken.insert(key)
      return key
    }
  }

  /// The button Enter chooses: the first with no role, else the cancel button. Never a
  /// destructive one: that takes its own key.
  var defaultIndex: Int? {
    buttons.firstIndex { $0.role == nil } ?? buttons.firstIndex { $0.role == .cancel }
  }

  /// The action a chosen button sends: its own, presented, or `.dismiss` when it has none.
  static func send(_ button: ButtonState<ButtonAction>) -> PresentationAction<ButtonAction> {
    button.action.map { .presented($0) } ?? .dismiss
  }

  var keyMap: KeyMap<PresentationAction<ButtonAction>> {
    let keys = keys
    var bindings = zip(buttons, keys).map { button, key in
      KeyBinding(Key(key), help: button.label.string, send: Self.send(button))
    }
    let cancel = buttons.first { $0.role == .cancel }
    bindings.append(KeyBinding(.escape, help: nil, send: cancel.map(Self.send) ?? .dismiss))
    if let defaultIndex {
      bindings.append(KeyBinding(.enter, help: nil, send: Self.send(buttons[defaultIndex])))
    }
    return KeyMap(bindings)
  }

  /// A label with its key in brackets where the key first occurs in it (`[D]elete`), or before
  /// it (`[1] Delete`).
  static func labeled(_ label: String, key: Character) -> String {
    guard let index = label.firstIndex(where: { Character($0.lowercased()) == key }) else { return "[\(key)] \(label)" }
    return String(label[..<index]) + "[" + String(label[index]) + "]" + String(label[label.index(after: index)...])
  }

  func render(in canvas: inout Canvas) {
    let maxInner = max(1, min(canvas.width, 64) - 4)
    let labels = zip(buttons, keys).map { Self.labeled($0.label.string, key: $1) }
    let sideBySide = labels.map { DisplayWidth.of($0) }.reduce(0, +) + 2 * (labels.count - 1)
    let stacked = stacksButtons || sideBySide > maxInner
    let titleLines = title.map { TextWrapping.lines(of: $0, width: maxInner) } ?? []
    let messageLines = message.map { TextWrapping.lines(of: $0, width: maxInner) } ?? []
    let widest = (titleLines + messageLines + (stacked ? labels : [])).map(DisplayWidth.of).max() ?? 0
    let inner = min(maxInner, max(widest, stacked ? 0 : sideBySide, 20))

    // Rows inside the border: title, a blank, message, a blank, buttons.
    var rows: [(text: String, style: Style)] = titleLines.map { ($0, Style(bold: true)) }
    if !messageLines.isEmpty {
      if !rows.isEmpty { rows.append(("", .plain)) }
      rows += messageLines.map { ($0, .plain) }
    }
    if !rows.isEmpty { rows.append(("", .plain)) }
    let buttonRow = rows.count
    let box = Rect(width: canvas.width, height: canvas.height)
      .centered(width: inner + 4, height: rows.count + (stacked ? labels.count : 1) + 2)
    canvas.withRegion(box) { box in
      box.fill()
      drawBorder(in: &box)
      for (line, row) in rows.enumerated() {
        box.draw(row.text, column: 2, row: line + 1, style: row.style, maxWidth: inner)
      }
      var column = 2
      for (index, label) in labels.enumerated() {
        var style = buttons[index].role == .destructive ? Style(foreground: .red) : .plain
        if index == defaultIndex { style.bold = true }
        if stacked {
          box.draw(label, column: 2, row: buttonRow + index + 1, style: style, maxWidth: inner)
        } else {
          column += box.draw(label, column: column, row: buttonRow + 1, style: style) + 2
        }
      }
    }
  }

  private func drawBorder(in box: inout Canvas) {
    let width = box.width
    let height = box.height
    guard width >= 2, height >= 2 else { return }
    let horizontal = String(repeating: "─", count: width - 2)
    box.draw("┌" + horizontal + "┐", column: 0, row: 0)
    box.draw("└" + horizontal + "┘", column: 0, row: height - 1)
    for row in 1..<(height - 1) {
      box.draw("│", column: 0, row: row)
      box.draw("│", column: width - 1, row: row)
    }
  }
}
