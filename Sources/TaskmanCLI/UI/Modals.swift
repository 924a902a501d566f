import Composable
import TaskManager
import TerminalUI

/// What is drawn over a screen: the task form as a sheet, the delete confirmation as a modal
/// alert, and the line being typed (``AppFeature/Prompt``). Each comes with the keys that
/// answer while it is shown, which take over from the screen's.
@MainActor
enum Modals {
  // MARK: - The task form, as a sheet

  /// The open form and the action that sends its actions, if a form is open.
  static func form(in state: AppFeature.State) -> (form: TaskForm.State, send: (TaskForm.Action) -> AppFeature.Action)? {
    switch state.taskList.destination {
    case let .addTask(form)?: (form, { .taskList(.destination(.presented(.addTask($0)))) })
    case let .editTask(form)?: (form, { .taskList(.destination(.presented(.editTask($0)))) })
    case nil: nil
    }
  }

  static func drawForm(_ form: TaskForm.State, cursor: Int?, in canvas: inout Canvas) {
    let box = drawBox(title: form.title, width: min(64, canvas.width - 12), height: form.errorMessage == nil ? 3 : 5, in: &canvas)
    canvas.withRegion(box) { inner in
      inner.withRegion(Rect(width: inner.width, height: 1)) { line in
        formField(form, cursor: cursor).render((), in: &line)
      }
      var row = 2
      if let message = form.errorMessage {
        inner.draw(message, column: 0, row: row, style: ScreenStyle.error)
        row += 2
      }
      inner.draw("TaskPaper line: text, then @tags", column: 0, row: row, style: Style(dim: true))
    }
  }

  /// The form's text as a field: its cursor is the app's (``AppFeature/State/textCursor``).
  private static func formField(_ form: TaskForm.State, cursor: Int?) -> TextFieldView<Void, AppFeature.Action> {
    TextFieldView(
      field: { _ in TextFieldState(form.text, cursor: cursor) },
      action: { .textEdited(text: $0.text, cursor: $0.cursor) },
      style: Style(underline: true)
    )
  }

  static func formKeys(
    _ form: TaskForm.State, cursor: Int?, send: @escaping (TaskForm.Action) -> AppFeature.Action
  ) -> KeyMap<AppFeature.Action> {
    var bindings: [KeyBinding<AppFeature.Action>] = [
      KeyBinding(.enter, help: "save", send: send(.saveButtonTapped)),
      KeyBinding(.escape, help: "cancel", send: send(.cancelButtonTapped)),
    ]
    if form.mode == .edit { bindings.append(KeyBinding(.control("d"), help: "delete", send: send(.deleteButtonTapped))) }
    return KeyMap(bindings) + formField(form, cursor: cursor).keyMap(for: ())
  }

  // MARK: - The delete confirmation, as a modal alert

  static func drawAlert(_ alert: AlertState<TaskList.Action.Alert>, in canvas: inout Canvas) {
    let message = alert.message?.string ?? ""
    let box = drawBox(title: alert.title.string, width: max(40, DisplayWidth.of(message) + 4), height: 4, in: &canvas)
    canvas.withRegion(box) { inner in
      inner.draw(message, column: 0, row: 0)
      var x = 0
      for (index, button) in alert.buttons.enumerated() {
        let key = button.role == .cancel ? "Esc" : index == 0 ? "Enter" : "\(index + 1)"
        x += inner.draw("[\(key)] ", column: x, row: 2, style: ScreenStyle.helpKey)
        x += inner.draw(button.label.string, column: x, row: 2, style: button.role == .destructive ? ScreenStyle.error : .plain)
        x += inner.draw("   ", column: x, row: 2)
      }
    }
  }

  /// Enter answers with the alert's first button, Esc (or n) with its cancel button; the
  /// buttons' actions are the alert's, sent as the presented alert's.
  static func alertKeys(_ alert: AlertState<TaskList.Action.Alert>) -> KeyMap<AppFeature.Action> {
    var bindings: [KeyBinding<AppFeature.Action>] = []
    let confirming = alert.buttons.first { $0.role != .cancel }
    if let confirming {
      let action: AppFeature.Action = confirming.action.map { .taskList(.alert(.presented($0))) } ?? .taskList(.alert(.dismiss))
      bindings.append(KeyBinding(.enter, Key("y"), help: confirming.label.string, send: action))
    }
    bindings.append(KeyBinding(.escape, Key("n"), help: alert.cancelButton?.label.string ?? "Cancel", send: .taskList(.alert(.dismiss))))
    return KeyMap(bindings)
  }

  // MARK: - The line being typed

  static func drawPrompt(_ prompt: AppFeature.Prompt, in canvas: inout Canvas, row: Int) {
    let x = canvas.draw(prompt.label + ": ", column: 0, row: row, style: ScreenStyle.title)
    canvas.withRegion(Rect(x: x, y: row, width: max(0, canvas.width - x), height: 1)) { line in
      promptField(prompt).render((), in: &line)
    }
  }

  static func promptKeys(_ prompt: AppFeature.Prompt) -> KeyMap<AppFeature.Action> {
    KeyMap([
      KeyBinding(.enter, help: "ok", send: .promptSubmitted),
      KeyBinding(.escape, help: "cancel", send: .promptCancelled),
    ]) + promptField(prompt).keyMap(for: ())
  }

  private static func promptField(_ prompt: AppFeature.Prompt) -> TextFieldView<Void, AppFeature.Action> {
    TextFieldView(
      field: { _ in TextFieldState(prompt.text, cursor: prompt.cursor) },
      action: { .promptEdited(text: $0.text, cursor: $0.cursor) }
    )
  }

  // MARK: - Boxes

  /// Draws a bordered box of at most `width` × `height` inner cells, centred, titled; returns
  /// its inside.
  @discardableResult
  static func drawBox(title: String, width: Int, height: Int, in canvas: inout Canvas) -> Rect {
    let outer = Rect(width: canvas.width, height: canvas.height).centered(width: width + 4, height: height + 2)
    canvas.fill(.plain, in: outer)
    guard outer.width >= 2, outer.height >= 2 else { return Rect(width: 0, height: 0) }
    let horizontal = String(repeating: "─", count: outer.width - 2)
    canvas.draw("┌" + horizontal + "┐", column: outer.x, row: outer.y)
    canvas.draw("└" + horizontal + "┘", column: outer.x, row: outer.maxY - 1)
    for row in (outer.y + 1)..<(outer.maxY - 1) {
      canvas.draw("│", column: outer.x, row: row)
      canvas.draw("│", column: outer.maxX - 1, row: row)
    }
    canvas.draw(" \(title) ", column: outer.x + 2, row: outer.y, style: ScreenStyle.title, maxWidth: outer.width - 4)
    return outer.insetBy(columns: 2, rows: 1)
  }
}
