import Composable

/// A child view over optional state, drawn and answering keys only while the state is there:
/// the view of a presented sheet or alert, as `ifLet` is its reducer.
///
/// ```swift
/// // @PresentationState var alert: AlertState<Action.Alert>?   case alert(PresentationAction<Alert>)
/// IfLetView(state: \.alert, action: .alert) { AlertView<TaskList.Action.Alert>() }
/// // @PresentationState var editor: Editor.State?   case editor(PresentationAction<Editor.Action>)
/// IfLetView(state: \.editor, action: .editor.appending(.presented)) { EditorView() }
/// ```
///
/// A presentation is usually modal: while it is there the parent answers only its keys, so
/// that a key meant for the sheet never reaches the screen under it.
///
/// ```swift
/// func keyMap(for state: State) -> KeyMap<Action> {
///   if state.alert != nil { return alertView.keyMap(for: state) }
///   return listKeys(for: state)
/// }
/// ```
public struct IfLetView<ParentState, ParentAction, Child: View>: View {
  /// The child's state in the parent's, nil while it is not presented.
  public let toChildState: KeyPath<ParentState, Child.State?>
  /// The parent's action that carries a child's.
  public let toChildAction: CasePath<ParentAction, Child.Action>
  /// The child view.
  public let child: Child

  /// A child view over the parent's optional state at `state`, its actions embedded by `action`.
  public init(
    state toChildState: KeyPath<ParentState, Child.State?>,
    action toChildAction: CasePath<ParentAction, Child.Action>,
    child: () -> Child
  ) {
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = child()
  }

  /// Whether the child is there in `state`.
  public func isPresented(in state: ParentState) -> Bool {
    state[keyPath: toChildState] != nil
  }

  /// Draws the child's state when it is there; draws nothing otherwise.
  public func render(_ state: ParentState, in canvas: inout Canvas) {
    guard let childState = state[keyPath: toChildState] else { return }
    child.render(childState, in: &canvas)
  }

  /// The child's keys while it is there, sending the parent's actions; none otherwise.
  public func keyMap(for state: ParentState) -> KeyMap<ParentAction> {
    guard let childState = state[keyPath: toChildState] else { return KeyMap() }
    let toChildAction = toChildAction
    return child.keyMap(for: childState).map { toChildAction.embed($0) }
  }
}
