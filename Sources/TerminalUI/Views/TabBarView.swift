/// A row of tab titles with the selected one reversed, and the keys that switch tabs: Tab and
/// Shift-Tab to the next and previous (round the end), and 1 to 9 straight to one.
///
/// ```swift
/// TabBarView(
///   titles: ["Tasks", "Text", "Settings"], selected: { $0.tab.rawValue }, select: { .tabSelected(Tab(rawValue: $0)!) }
/// )
/// //  Tasks  Text  Settings       (Tasks reversed)
/// ```
///
/// The selected tab lives in the feature's state; the keys send `select` with the index of the
/// tab to show. On the help line they are `Tab/Shift-Tab tabs`.
public struct TabBarView<State, Action>: View {
  private let titles: [String]
  private let selected: (State) -> Int
  private let select: (Int) -> Action

  /// A tab bar of `titles`, showing the one at `selected` chosen, whose keys send `select`.
  public init(titles: [String], selected: @escaping (State) -> Int, select: @escaping (Int) -> Action) {
    self.titles = titles
    self.selected = selected
    self.select = select
  }

  /// Draws the titles on the first row, each with a space either side, the selected one
  /// reversed and bold.
  public func render(_ state: State, in canvas: inout Canvas) {
    let chosen = selected(state)
    var column = 0
    for (index, title) in titles.enumerated() {
      let style = index == chosen ? Style(bold: true, reverse: true) : .plain
      column += canvas.draw(" \(title) ", column: column, row: 0, style: style)
    }
  }

  /// Tab and Shift-Tab (on the help line), and the digits of the tabs (off it).
  public func keyMap(for state: State) -> KeyMap<Action> {
    let count = titles.count
    guard count > 0 else { return KeyMap() }
    let chosen = selected(state)
    let select = select
    return KeyMap([
      KeyBinding(label: "Tab/Shift-Tab", help: "tabs") { key in
        switch key {
        case .tab: select((chosen + 1) % count)
        case .backTab: select((chosen - 1 + count) % count)
        default: nil
        }
      },
      KeyBinding(label: "1-\(min(count, 9))", help: nil) { key in
        guard let digit = key.typedCharacter?.wholeNumberValue, digit >= 1, digit <= min(count, 9) else { return nil }
        return select(digit - 1)
      },
    ])
  }
}
