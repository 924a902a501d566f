import Dependencies

/// Runs a child reducer on part of the parent's state, for the child's actions.
///
/// For a child held in a property:
///
/// ```swift
/// Scope(state: \.profile, action: .profile) { Profile() }
/// ```
///
/// For a child that is one case of an enum state, use a case path for the state too; an action
/// that arrives while the state is in another case is reported as a runtime warning:
///
/// ```swift
/// Scope(state: .loggedIn, action: .loggedIn) { LoggedIn() }
/// ```
///
/// Place `Scope` before the parent's own logic so that the child runs first.
///
/// Unlike the operators (`ifLet`, `forEach`, …), which return `some Reducer`, `Scope` is a public
/// type, as in TCA: bodies build it by name.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline
  enum StatePath {
    case keyPath(WritableKeyPath<ParentState, Child.State>)
    case casePath(CasePath<ParentState, Child.State>, SourceLocation)
  }

  @usableFromInline let toChildState: StatePath
  // Where the child's state lies inside the parent's, when the key path is a stored property
  // (most are): the child then runs on the state in place, without the key path machinery of the
  // runtime. -1 otherwise. Kept apart from `toChildState` so that the common case reads a plain
  // integer and copies nothing.
  @usableFromInline let childStateOffset: Int
  @usableFromInline let toChildAction: CasePath<ParentAction, Child.Action>
  @usableFromInline let child: Child
  // Passed by reference, so that calling `child` does not copy it (see `AddressOnly`).
  @usableFromInline let addressOnly = AddressOnly()

  /// Scopes to a property of the parent's state.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .keyPath(toChildState)
    self.childStateOffset = MemoryLayout<ParentState>.offset(of: toChildState) ?? -1
    self.toChildAction = toChildAction
    self.child = child()
  }

  /// Scopes to one case of an enum state.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: CasePath<ParentState, ChildState>,
    action toChildAction: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .casePath(
      toChildState,
      SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
    self.childStateOffset = -1
    self.toChildAction = toChildAction
    self.child = child()
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction._extract(action) else { return .none }
    if childStateOffset >= 0 {
      let effect = reduceChild(in: &state, action: childAction)
      return effect.isNone ? .none : effect.map(toChildAction._embed)
    }
    return reduceThroughPath(into: &state, action: action, childAction: childAction)
  }

  /// Runs the child on its state, `childStateOffset` bytes into the parent's: what
  /// `MemoryLayout.offset(of:)` documents as equivalent to going through the key path. A pointer
  /// parameter rather than a closure, which would copy `child` into its context.
  @inlinable
  func reduceChild(in parent: UnsafeMutablePointer<ParentState>, action: Child.Action) -> Effect<Child.Action> {
    let childState = (UnsafeMutableRawPointer(parent) + childStateOffset).assumingMemoryBound(to: Child.State.self)
    return child.reduce(into: &childState.pointee, action: action)
  }

  @inlinable
  func reduceThroughPath(
    into state: inout ParentState, action: ParentAction, childAction: Child.Action
  ) -> Effect<ParentAction> {
    switch toChildState {
    case let .keyPath(keyPath):
      let effect = child.reduce(into: &state[keyPath: keyPath], action: childAction)
      return effect.isNone ? .none : effect.map(toChildAction._embed)
    case let .casePath(casePath, location):
      guard let effect = casePath.modify(&state, { child.reduce(into: &$0, action: childAction) }) else {
        reportMissingChild(
          operatorName: "A \"Scope\"",
          action: action,
          state: describeCaseForWarning(state),
          problem: "when its state held a different case",
          advice: """
            A "Scope" over an enum state runs its child only while the state is in the child's \
            case. Make sure the parent does not change the case while the child can still send \
            actions, for example from an effect, or cancel the child's effects when it changes \
            the case.
            """,
          location: location
        )
        return .none
      }
      return effect.isNone ? .none : effect.map(toChildAction._embed)
    }
  }
}
