import Dependencies

extension Reducer {
  /// Runs `child` on one case of an enum state while the state is in that case, before this
  /// reducer.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifCaseLet(.loggedIn, action: .loggedIn) { LoggedIn() }
  /// ```
  ///
  /// When the state leaves the case (or, for `Identifiable` children, holds a child of another
  /// `id` in it), every effect the child started is cancelled. An action for the child while the
  /// state is in another case is reported as a runtime warning.
  @inlinable
  public func ifCaseLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: CasePath<State, ChildState>,
    action toChildAction: CasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action> where ChildState == Child.State, ChildAction == Child.Action {
    _IfCaseLetReducer(
      parent: self,
      child: child(),
      toChildState: toChildState,
      toChildAction: toChildAction,
      identity: nil,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs `child` on one case of an enum state while the state is in that case, before this
  /// reducer; replacing the child in that case with one of another `id` cancels the old child's
  /// effects.
  @inlinable
  public func ifCaseLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: CasePath<State, ChildState>,
    action toChildAction: CasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where ChildState == Child.State, ChildAction == Child.Action, ChildState: Identifiable {
    _IfCaseLetReducer(
      parent: self,
      child: child(),
      toChildState: toChildState,
      toChildAction: toChildAction,
      identity: { HeldIdentity(id: $0.id) },
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer made by ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)``: a
/// client of ``ChildHost`` holding at most one child, the case's.
///
/// Unlike `ifLet`, it never looked for a child that a reducer outside it took out of the case
/// while its effects ran, and still does not (``ChildHost/endingReplaced(_:before:after:endsUnseen:)``
/// without `endsUnseen`): the runtime knows operators by name, and this one's name is its call
/// site as text, which asking on every action would build on every action.
@usableFromInline
struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: CasePath<Parent.State, Child.State>
  @usableFromInline let toChildAction: CasePath<Parent.Action, Child.Action>
  @usableFromInline let identity: ((Child.State) -> HeldIdentity)?
  @usableFromInline let location: SourceLocation

  @inlinable
  init(
    parent: Parent,
    child: Child,
    toChildState: CasePath<Parent.State, Child.State>,
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

  /// This operator's host.
  @inlinable
  var host: ChildHost {
    ChildHost(keyPath: nil, operatorName: "An \"ifCaseLet\"", location: location)
  }

  /// The identity of the child in `state`: `nil` when the state is in another case.
  @inlinable
  func childIdentity(in state: Parent.State) -> HeldIdentity? {
    toChildState._extract(state).map { childState in identity.map { $0(childState) } ?? HeldIdentity() }
  }

  @inlinable
  func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let before = childIdentity(in: state)
    var childEffect = Effect<Parent.Action>.none
    if let childAction = toChildAction._extract(action) {
      if let before,
        let effect = toChildState.modify(&state, { child.reduce(into: &$0, action: childAction) })
      {
        childEffect = host.effect(effect, of: before.identity, embed: toChildAction._embed)
      } else {
        host.reportMissingChild(
          action,
          state: describeCaseForWarning(state),
          problem: "when its state held a different case",
          advice: """
            This usually means the state changed case while the child could still send actions, \
            for example from an effect. Make sure nothing sends child actions after the state \
            leaves the child's case.
            """
        )
      }
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    guard before != nil else { return childEffect.merge(with: parentEffect) }
    return host.endingReplaced(
      childEffect.merge(with: parentEffect), before: before, after: childIdentity(in: state), endsUnseen: false)
  }
}
