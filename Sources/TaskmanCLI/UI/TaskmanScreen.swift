import Composable
import Foundation
import TaskManager
import TerminalUI

/// `taskman ui`'s whole screen, a function of ``AppFeature``'s state: the tab bar at the top,
/// the screen of the tab (the task list, the screen on top of its stack, or the settings), the
/// line being typed or the last message above the help line at the bottom, and a form or the
/// delete confirmation over it all.
///
/// The keys are the view's key map, in the order a person expects: an alert answers alone, then
/// an open form, then the line being typed, then the screen's keys and the tab keys. The help
/// line is made from that same key map. Quitting is not the app's business but the program's:
/// ``UISession`` answers `q` (when nothing is being typed) and Ctrl-C, and ``isTyping(_:)``
/// says when `q` is text.
package struct TaskmanScreen: View {
  /// Today, for the red of overdue tasks.
  var today: TaskDate.Day
  /// The rows a page of the list has: the screen's height less its bars.
  var pageRows: Int = 20
  /// Called for every list row drawn (tests count them).
  var rowDrawn: (@MainActor () -> Void)?
  /// The list's rows, built once for a key and the frame after it.
  let memo = TaskListMemo()

  /// The screen for `today`, with pages of `pageRows` list rows.
  package init(today: TaskDate.Day, pageRows: Int = 20, rowDrawn: (@MainActor () -> Void)? = nil) {
    self.today = today
    self.pageRows = pageRows
    self.rowDrawn = rowDrawn
  }

  /// The rows the bars take: the tab bar, the message line, the help line.
  static let barRows = 3

  /// Whether a key types text now (a form, a prompt or the outline editor has the keys), so
  /// that `q` is a letter rather than quit.
  static func isTyping(_ state: AppFeature.State) -> Bool {
    if state.prompt != nil || state.taskList.destination != nil { return true }
    if state.settings == nil, let id = state.path.ids.last, case .outlineEditor? = state.path[id: id] { return true }
    return false
  }

  package func render(_ state: AppFeature.State, in canvas: inout Canvas) {
    let (rest, bottom) = Rect(width: canvas.width, height: canvas.height).splitting(bottom: 2)
    let (top, body) = rest.splitting(top: 1)
    canvas.withRegion(top) { drawTabs(state, in: &$0) }
    canvas.withRegion(body) { body in
      if state.settings != nil {
        SettingsScreen().render(state, in: &body)
      } else if !state.path.isEmpty {
        PathScreen(today: today).render(state, in: &body)
      } else {
        TaskListScreen(today: today, pageRows: pageRows, rowDrawn: rowDrawn, memo: memo).render(state, in: &body)
      }
    }
    canvas.withRegion(bottom) { bottom in
      drawMessage(state, in: &bottom)
      var entries = keyMap(for: state).helpEntries
      if !Self.isTyping(state) { entries.append((keys: "q", help: "quit")) }
      ScreenStyle.drawHelp(entries, in: &bottom, row: 1)
    }
    if let alert = state.taskList.alert {
      Modals.drawAlert(alert, in: &canvas)
    } else if let (form, _) = Modals.form(in: state) {
      Modals.drawForm(form, cursor: state.textCursor, in: &canvas)
    }
  }

  package func keyMap(for state: AppFeature.State) -> KeyMap<AppFeature.Action> {
    if let alert = state.taskList.alert { return Modals.alertKeys(alert) }
    if let (form, send) = Modals.form(in: state) { return Modals.formKeys(form, cursor: state.textCursor, send: send) }
    if let prompt = state.prompt { return Modals.promptKeys(prompt) }
    if state.settings != nil {
      return SettingsScreen().keyMap(for: state) + KeyMap([KeyBinding(.tab, .backTab, help: "tasks", send: .settingsTabClosed)])
    }
    let tabs = KeyMap<AppFeature.Action>([KeyBinding(.tab, .backTab, help: "settings", send: .settingsTabOpened)])
    if !state.path.isEmpty { return PathScreen(today: today).keyMap(for: state) + tabs }
    return TaskListScreen(today: today, pageRows: pageRows, memo: memo).keyMap(for: state) + tabs
  }

  // MARK: - Bars

  private func drawTabs(_ state: AppFeature.State, in canvas: inout Canvas) {
    var x = 0
    for (name, active) in [("Tasks", state.settings == nil), ("Settings", state.settings != nil)] {
      x += canvas.draw(" \(name) ", column: x, row: 0, style: active ? ScreenStyle.tabActive : Style(dim: true))
      x += 1
    }
    guard state.settings == nil else { return }
    for id in state.path.ids {
      guard let element = state.path[id: id], let item = state.taskList.item(withID: element.itemID) ?? pathItem(element) else { continue }
      let suffix: String
      if case .outlineEditor = element { suffix = " (text)" } else { suffix = "" }
      x += canvas.draw("› " + item.title + suffix + " ", column: x, row: 0, style: Style(dim: true))
    }
  }

  private func pathItem(_ element: AppFeature.Path.State) -> Item? {
    switch element {
    case let .itemScreen(screen): screen.item
    case let .outlineEditor(editor): editor.item
    }
  }

  /// The line being typed, else the last refusal or failure, else a screen's message, else
  /// what the list is filtered by.
  private func drawMessage(_ state: AppFeature.State, in canvas: inout Canvas) {
    if let prompt = state.prompt {
      Modals.drawPrompt(prompt, in: &canvas, row: 0)
    } else if let message = state.taskList.errorMessage {
      canvas.draw(message, column: 0, row: 0, style: ScreenStyle.error)
    } else if let message = topEditorOrScreenMessage(state) {
      canvas.draw(message, column: 0, row: 0, style: message.hasPrefix("Unable") ? ScreenStyle.error : .plain)
    } else if state.settings == nil, state.path.isEmpty {
      var parts: [String] = []
      if let search = state.taskList.filter.searchText { parts.append("search: \(search)") }
      if state.taskList.filter.status == .all { parts.append("done items shown") }
      canvas.draw(parts.joined(separator: "  "), column: 0, row: 0, style: Style(dim: true))
    }
  }

  private func topEditorOrScreenMessage(_ state: AppFeature.State) -> String? {
    guard state.settings == nil, let id = state.path.ids.last else { return nil }
    switch state.path[id: id] {
    case let .itemScreen(screen)?: return screen.message
    case let .outlineEditor(editor)?: return editor.errorMessage
    case nil: return nil
    }
  }
}
