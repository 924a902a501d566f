import Composable

/// A child view over one case of an enum state, drawn and answering keys only while the state
/// is in that case: the view counterpart of `ifCaseLet`, and how a view of a destination
/// (an enum of the screens a parent presents) shows the one that is there.
///
/// ```swift
/// struct DestinationView: View {
///   let add = IfCaseLetView(state: .addTask, action: .addTask) { TaskFormView() }
///   let edit = IfCaseLetView(state: .editTask, action: .editTask) { TaskFormView() }
///
///   func render(_ state: TaskList.Destination.State, in canvas: inout Canvas) {
///     add.render(state, in: &canvas)
///     edit.render(state, in: &canvas)
///   }
///   func keyMap(for state: TaskList.Destination.State) -> KeyMap<TaskList.Destination.Action> {
///     add.keyMap(for: state) + edit.keyMap(for: state)
///   }
/// }
/// ```
public struct IfCaseLetView<ParentState, ParentAction, Child: View>: View {
  /// The child's state as a case of the parent's.
  public let toChildState: CasePath<ParentState, Child.State>
  /// The parent's action that carries a child's.
  public let toChildAction: CasePath<ParentAction, Child.Action>
  /// The child view.
  public let child: Child

  /// A child view over the case `state` of the parent's state, its actions embedded by `action`.
  public init(
    state toChildState: CasePath<ParentState, Child.State>,
    action toChildAction: CasePath<ParentAction, Child.Action>,
    child: () -> Child
  ) {
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = child()
  }

  /// Whether `state` is in the child's case.
  public func isPresented(in state: ParentState) -> Bool {
    toChildState.extract(from: state) != nil
  }

  /// Draws the child's state when the parent's is in its case; draws nothing otherwise.
  public func render(_ state: ParentState, in canvas: inout Canvas) {
    guard let childState = toChildState.extract(from: state) else { return }
    child.render(childState, in: &canvas)
  }

  /// The child's keys while the parent's state is in its case, sending the parent's actions;
  /// none otherwise.
  public func keyMap(for state: ParentState) -> KeyMap<ParentAction> {
    guard let childState = toChildState.extract(from: state) else { return KeyMap() }
    let toChildAction = toChildAction
    return child.keyMap(for: childState).map { toChildAction.embed($0) }
  }
}
