import TaskManager
import TerminalUI

/// The settings tab: each key with the value that applies and where it comes from (the config
/// file, a variable, a flag, the default), through ``SettingsFeature``, whose settings are
/// shared with the list: a value set here applies to the list at once. Enter types a new value,
/// saved in the config file as `taskman config set` saves it.
struct SettingsScreen: View {
  func render(_ state: AppFeature.State, in canvas: inout Canvas) {
    guard let settings = state.settings else { return }
    let selected = state.selectedSetting ?? SettingsKey.all[0]
    let nameWidth = SettingsKey.all.map { DisplayWidth.of($0.name) }.max() ?? 0
    for (row, key) in SettingsKey.all.enumerated() {
      canvas.draw(key.name, column: 0, row: row, style: ScreenStyle.title)
      let value = key.value(in: settings.settings)
      var x = nameWidth + 2
      x += canvas.draw(value.isEmpty ? "(none)" : value, column: x, row: row, style: ScreenStyle.tag)
      canvas.draw("  \(settings.origin(of: key).description)", column: x, row: row, style: Style(dim: true))
      if key == selected { canvas.restyle(Rect(y: row, width: canvas.width, height: 1)) { $0.reverse = true } }
    }
    var row = SettingsKey.all.count + 1
    canvas.draw(selected.summary, column: 0, row: row, maxWidth: canvas.width)
    row += 1
    if !selected.allowedValues.isEmpty {
      canvas.draw("One of: " + selected.allowedValues.joined(separator: ", "), column: 0, row: row, style: Style(dim: true))
      row += 1
    }
    if let failure = settings.failure {
      canvas.draw(failure.description, column: 0, row: row + 1, style: ScreenStyle.error)
    }
  }

  func keyMap(for state: AppFeature.State) -> KeyMap<AppFeature.Action> {
    let keys = SettingsKey.all
    let selected = keys.firstIndex { $0 == state.selectedSetting } ?? 0
    return KeyMap([
      KeyBinding(label: "↑↓", help: "select") { key in
        switch key {
        case .up, Key("k"): .settingSelected(keys[max(0, selected - 1)])
        case .down, Key("j"): .settingSelected(keys[min(keys.count - 1, selected + 1)])
        default: nil
        }
      },
      KeyBinding(.enter, help: "change", send: .promptOpened(.setting(keys[selected]))),
    ])
  }
}
