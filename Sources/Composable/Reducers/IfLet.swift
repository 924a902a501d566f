import Dependencies

extension Reducer {
  /// Runs `child` on an optional child state while it is present, before this reducer.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .ifLet(\.editor, action: .editor) { Editor() }
  /// }
  /// ```
  ///
  /// When the parent sets the child state to `nil` (or replaces it with a child of another
  /// identity, for `Identifiable` states), every effect the child started is cancelled; when a
  /// reducer outside this one does, at the next action this one sees. An action for the child
  /// while it is `nil` is reported as a runtime warning naming this call.
  ///
  /// A child that is an ``AlertState`` or a ``ConfirmationDialogState`` is set to `nil` as soon
  /// as one of its buttons' actions arrives, before this reducer runs.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action> where ChildState == Child.State, ChildAction == Child.Action {
    _IfLetReducer(
      parent: self,
      child: child(),
      toChildState: toChildState,
      toChildAction: toChildAction,
      identity: nil,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs `child` on an optional, identifiable child state while it is present, before this
  /// reducer; replacing the child with one of another `id` cancels the old child's effects.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where ChildState == Child.State, ChildAction == Child.Action, ChildState: Identifiable {
    _IfLetReducer(
      parent: self,
      child: child(),
      toChildState: toChildState,
      toChildAction: toChildAction,
      identity: { HeldIdentity(id: $0.id) },
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer made by ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``: a client of
/// ``ChildHost`` holding at most one child, present or absent.
@usableFromInline
struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: WritableKeyPath<Parent.State, Child.State?>
  @usableFromInline let toChildAction: CasePath<Parent.Action, Child.Action>
  @usableFromInline let identity: ((Child.State) -> HeldIdentity)?
  @usableFromInline let location: SourceLocation

  @inlinable
  init(
    parent: Parent,
    child: Child,
    toChildState: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: CasePath<Parent.Action, Child.Action>,
    identity: ((Child.State) -> HeldIdentity)?,
    location: SourceLocation
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.identity = identity
    self.location = location
  }

  /// This operator's host, made where it is used: a stored one would retain the key path a
  /// second time whenever a body builds the operator, that is on every action.
  @inlinable
  var host: ChildHost {
    ChildHost(keyPath: toChildState, operatorName: "An \"ifLet\"", location: location)
  }

  /// The identity of the child in `state`: `nil` when there is none.
  @inlinable
  func childIdentity(in state: Parent.State) -> HeldIdentity? {
    state[keyPath: toChildState].map { childState in identity.map { $0(childState) } ?? HeldIdentity() }
  }

  @inlinable
  func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let before = childIdentity(in: state)
    var childEffect = Effect<Parent.Action>.none
    if let childAction = toChildAction._extract(action) {
      if let before {
        childEffect = host.effect(
          child.reduce(into: &state[keyPath: toChildState]!, action: childAction),
          of: before.identity, embed: toChildAction._embed)
        // An alert or a dialog goes away once answered, before the parent sees the answer.
        if Child.State.self is any EphemeralState.Type,
          let answered = state[keyPath: toChildState], isAnswer(childAction, to: answered)
        {
          state[keyPath: toChildState] = nil
        }
      } else {
        host.reportMissingChild(
          action,
          problem: "when its child state was nil",
          advice: """
            This usually means the child was dismissed or cleared while it could still send \
            actions, for example from an effect. Cancel the child's effects before setting its \
            state to nil, or make sure nothing sends child actions while there is no child.
            """
        )
      }
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    return host.endingReplaced(
      childEffect.merge(with: parentEffect), before: before, after: childIdentity(in: state), endsUnseen: true)
  }
}
