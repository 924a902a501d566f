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
  /// When the state leaves the case, every effect the child started is cancelled. An action for
  /// the child while the state is in another case is reported as a runtime warning.
  @inlinable
  public func ifCaseLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: CasePath<State, ChildState>,
    action toChildAction: CasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfCaseLetReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
    IfCaseLetReducer(
      parent: self,
      child: child(),
      toChildState: toChildState,
      toChildAction: toChildAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer made by ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)``.
public struct IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: CasePath<Parent.State, Child.State>
  @usableFromInline let toChildAction: CasePath<Parent.Action, Child.Action>
  @usableFromInline let location: SourceLocation

  @inlinable
  init(
    parent: Parent,
    child: Child,
    toChildState: CasePath<Parent.State, Child.State>,
    toChildAction: CasePath<Parent.Action, Child.Action>,
    location: SourceLocation
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.location = location
  }

  @inlinable
  var instance: ChildInstance {
    // The call site identifies the operator: case paths have no identity of their own.
    ChildInstance(operatorID: AnyHashable("\(location.fileID):\(location.line):\(location.column)"), identity: nil)
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let wasPresent = toChildState._extract(state) != nil
    var childEffect = Effect<Parent.Action>.none
    if let childAction = toChildAction._extract(action) {
      if let effect = toChildState.modify(&state, { child.reduce(into: &$0, action: childAction) }) {
        childEffect = effect.scoped(to: instance).map(toChildAction._embed)
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
    if wasPresent && toChildState._extract(state) == nil {
      return .merge(childEffect, parentEffect, .cancel(id: instance.lifetimeID))
    }
    return childEffect.merge(with: parentEffect)
  }
}
