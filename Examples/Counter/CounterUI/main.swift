// `swift run CounterUI`: the Counter feature full screen in the terminal. The view is a
// function of the counter's state, its keys are declared once (they feed the help line too),
// and TerminalApp runs it: raw mode, the alternate screen, a frame written after every change,
// and the terminal given back however the program ends.
//
// Keys: + or ↑ more, - or ↓ less, r reset, l one more in a second, q (or Ctrl-C) quit.
// `EXAMPLES_CLOCK=immediate` skips the delay, `NO_COLOR=1` the colours.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Composable
import CounterExample
import Dependencies
import Foundation
import TerminalUI

struct CounterView: View {
  func render(_ state: Counter.State, in canvas: inout Canvas) {
    canvas.draw("Counter", column: 2, row: 1, style: Style(bold: true))
    canvas.draw("Count: ", column: 2, row: 3)
    canvas.draw("\(state.count)", column: 9, row: 3, style: Style(foreground: state.count < 0 ? .red : .green, bold: true))
    if state.pendingIncrements > 0 {
      canvas.draw("(\(state.pendingIncrements) pending)", column: 2, row: 4, style: Style(dim: true))
    }
    // The help line, from the same key map that sends the actions.
    let help = keyMap(for: state).helpEntries.map { "\($0.keys) \($0.help)" } + ["q quit"]
    canvas.draw(help.joined(separator: "  "), column: 0, row: canvas.height - 1, style: Style(reverse: true))
  }

  func keyMap(for state: Counter.State) -> KeyMap<Counter.Action> {
    KeyMap([
      KeyBinding(Key("+"), .up, help: "more", send: .incrementButtonTapped),
      KeyBinding(Key("-"), .down, help: "less", send: .decrementButtonTapped),
      KeyBinding(Key("r"), help: "reset", send: .resetButtonTapped),
      KeyBinding(Key("l"), help: "later", send: .delayedIncrementButtonTapped),
    ])
  }
}

let store = Store(initialState: Counter.State()) {
  Counter()
} withDependencies: {
  if ProcessInfo.processInfo.environment["EXAMPLES_CLOCK"] == "immediate" {
    $0.clock = ImmediateClock()
  }
}

let exitReason = await TerminalApp(store: store, view: CounterView()).run()
print("Count: \(store.state.count)")
// Ctrl-C ends the program as an interrupt conventionally does.
exit(exitReason == .interrupted ? 130 : 0)
