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
  ) -> _IfCaseLetReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
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
  ) -> _IfCaseLetReducer<Self, Child>
  where ChildState == Child.State, ChildAction == Child.Action, ChildState: Identifiable {
    _IfCaseLetReducer(
      parent: self,
      child: child(),
      toChildState: toChildState,
      toChildAction: toChildAction,
      identity: { ChildID($0.id) },
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer made by ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)``.
public struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: CasePath<Parent.State, Child.State>
  @usableFromInline let toChildAction: CasePath<Parent.Action, Child.Action>
  @usableFromInline let identity: ((Child.State) -> ChildID)?
  @usableFromInline let location: SourceLocation

  @inlinable
  init(
    parent: Parent,
    child: Child,
    toChildState: CasePath<Parent.State, Child.State>,
    toChildAction: CasePath<Parent.Action, Child.Action>,
    identity: ((Child.State) -> ChildID)?,
    location: SourceLocation
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.identity = identity
    self.location = location
  }

  /// The instance of the child with `identity`: the call site identifies the operator, since
  /// case paths have no identity of their own. Made only when an effect needs it.
  @inlinable
  func instance(identity: ChildID?) -> ChildInstance {
    ChildInstance(
      operatorID: .callSite("\(location.fileID):\(location.line):\(location.column)"), identity: identity.map(ChildIdentity.id))
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    // The identity of the child before this action: nil when absent, .some(nil) when present
    // without an `id`.
    let before: ChildID?? = toChildState._extract(state).map { identity?($0) }
    var childEffect = Effect<Parent.Action>.none
    if let childAction = toChildAction._extract(action) {
      if case let .some(identity) = before,
        let effect = toChildState.modify(&state, { child.reduce(into: &$0, action: childAction) })
      {
        if !effect.isNone { childEffect = effect.scoped(to: instance(identity: identity)).map(toChildAction._embed) }
      } else {
        reportMissingChild(
          operatorName: "An \"ifCaseLet\"",
          action: action,
          state: describeCaseForWarning(state),
          problem: "when its state held a different case",
          advice: """
            This usually means the state changed case while the child could still send actions, \
            for example from an effect. Make sure nothing sends child actions after the state \
            leaves the child's case.
            """,
          location: location
        )
      }
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    guard case let .some(identity) = before else { return childEffect.merge(with: parentEffect) }
    let after: ChildID?? = toChildState._extract(state).map { self.identity?($0) }
    guard after != before else { return childEffect.merge(with: parentEffect) }
    return .merge(childEffect, parentEffect, .cancel(id: instance(identity: identity).lifetimeID))
  }
}
