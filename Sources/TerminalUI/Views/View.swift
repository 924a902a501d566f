import Composable

/// A screen, or part of one, as a function of state: it draws a state into a ``Canvas`` and
/// says which keys send which actions in that state.
///
/// ```swift
/// struct CounterView: View {
///   func render(_ state: Counter.State, in canvas: inout Canvas) {
///     canvas.draw("Count: \(state.count)", column: 0, row: 0)
///   }
///   func keyMap(for state: Counter.State) -> KeyMap<Counter.Action> {
///     KeyMap([KeyBinding(Key("+"), help: "more", send: .incrementButtonTapped)])
///   }
/// }
/// ```
///
/// A view holds no state of its own: what it shows (a selection, a scroll position, the text
/// being typed) is in the feature's state, so that a `TestStore` drives it and a frame is the
/// same whenever the state is.
@MainActor
public protocol View<State, Action> {
  /// The state the view draws.
  associatedtype State
  /// The actions its keys send.
  associatedtype Action

  /// Draws `state` into `canvas`.
  func render(_ state: State, in canvas: inout Canvas)

  /// The keys the view answers in `state`. None unless the view says.
  func keyMap(for state: State) -> KeyMap<Action>
}

extension View {
  /// No keys.
  public func keyMap(for state: State) -> KeyMap<Action> { KeyMap() }

  /// The frame of `state` at a size: what the runtime diffs and writes, and what golden tests
  /// compare.
  public func frame(of state: State, width: Int, height: Int) -> Frame {
    var canvas = Canvas(width: width, height: height)
    render(state, in: &canvas)
    return canvas.frame
  }

  /// Sends the action `key` maps to in the store's state, if any, and says whether one was
  /// sent.
  @discardableResult
  public func send(_ key: Key, to store: Store<State, Action>) -> Bool {
    guard let action = keyMap(for: store.state).action(for: key) else { return false }
    store.send(action)
    return true
  }
}
