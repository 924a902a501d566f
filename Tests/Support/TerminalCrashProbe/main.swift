// A full-screen app for the end-to-end tests of TerminalUI's runtime, whose key map has a key
// that crashes: `!` traps inside the reducer, as a failed precondition in a feature would. The
// tests check that the terminal is given back before the process dies. Never a key of a
// shipping example.
//
// Keys: + more, ! crash, @ overflow the stack, q quit.

import Composable
import TerminalUI

struct Probe: Reducer {
  struct State { var count = 0 }
  enum Action { case increment, crash, overflow }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
    case .crash:
      // Out of the optimizer's sight, so the trap happens when the key is pressed.
      let values: [Int] = []
      state.count = values[state.count]
    case .overflow:
      state.count = depth(state.count)
    }
    return .none
  }
}

/// Recursion with no end that the optimizer cannot turn into a loop: the stack overflows.
@inline(never)
func depth(_ n: Int) -> Int {
  var frame = (n, n, n, n, n, n, n, n)
  return withUnsafeMutableBytes(of: &frame) { $0.count } + depth(n + 1)
}

struct ProbeView: View {
  func render(_ state: Probe.State, in canvas: inout Canvas) {
    canvas.draw("probe count \(state.count)", column: 0, row: 0)
  }

  func keyMap(for state: Probe.State) -> KeyMap<Probe.Action> {
    KeyMap([
      KeyBinding(Key("+"), help: "more", send: .increment),
      KeyBinding(Key("!"), help: "crash", send: .crash),
      KeyBinding(Key("@"), help: "overflow", send: .overflow),
    ])
  }
}

let store = Store(initialState: Probe.State()) { Probe() }
await TerminalApp(store: store, view: ProbeView()).run()
