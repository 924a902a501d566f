import Composable

/// A child view over part of a parent's state, its keys sending the parent's actions: the view
/// counterpart of the `Scope` reducer, declared the same way.
///
/// ```swift
/// struct AppView: View {
///   func render(_ state: App.State, in canvas: inout Canvas) {
///     let (counter, help) = Rect(width: canvas.width, height: canvas.height).splitting(bottom: 1)
///     counterView.render(state, in: &canvas, region: counter)
///     HelpLine(keyMap(for: state)).render(in: &canvas, region: help)
///   }
///   func keyMap(for state: App.State) -> KeyMap<App.Action> {
///     counterView.keyMap(for: state) + KeyMap([KeyBinding(Key("q"), help: "quit", send: .quit)])
///   }
///   var counterView: ScopedView<App.State, App.Action, CounterView> {
///     ScopedView(state: \.counter, action: .counter) { CounterView() }
///   }
/// }
/// ```
///
/// The child draws wherever it is rendered (a region of the parent's canvas, with
/// ``View/render(_:in:region:)``), and its key map is the child's with each action embedded by
/// the case path, so the help line shows the child's keys too.
public struct ScopedView<ParentState, ParentAction, Child: View>: View {
  /// The child's state in the parent's.
  public let toChildState: KeyPath<ParentState, Child.State>
  /// The parent's action that carries a child's.
  public let toChildAction: CasePath<ParentAction, Child.Action>
  /// The child view.
  public let child: Child

  /// A child view over the parent's state at `state`, its actions embedded by `action`.
  public init(
    state toChildState: KeyPath<ParentState, Child.State>,
    action toChildAction: CasePath<ParentAction, Child.Action>,
    child: () -> Child
  ) {
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = child()
  }

  /// Draws the child's state.
  public func render(_ state: ParentState, in canvas: inout Canvas) {
    child.render(state[keyPath: toChildState], in: &canvas)
  }

  /// The child's keys in the child's state, sending the parent's actions.
  public func keyMap(for state: ParentState) -> KeyMap<ParentAction> {
    let toChildAction = toChildAction
    return child.keyMap(for: state[keyPath: toChildState]).map { toChildAction.embed($0) }
  }
}
