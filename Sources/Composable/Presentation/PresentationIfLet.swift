import Dependencies

extension Reducer {
  /// Runs `destination` on a presented child while it is presented, before this reducer, and
  /// dismisses it on ``PresentationAction/dismiss``.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.$destination, action: .destination) { Destination() }
  /// ```
  ///
  /// - A `.presented` action runs the child first, then this reducer.
  /// - On `.dismiss`, this reducer runs first, then the child's state is set to `nil`.
  /// - When the child goes away (dismissed, set to `nil`, or replaced by a child of another
  ///   identity: another enum case, or another `id` for `Identifiable` states), every effect it
  ///   started is cancelled.
  /// - The child's effects can call `@Dependency(\.dismiss)` to send `.dismiss` to this reducer.
  /// - Alert and confirmation dialog states (``AlertState``, ``ConfirmationDialogState``, also as
  ///   a case of an enum destination) are set to `nil` as soon as one of their buttons' actions
  ///   arrives, before this reducer runs; an action for another case of the destination leaves
  ///   them presented.
  /// - When a reducer outside this one sets the child to `nil` (or replaces it), its effects
  ///   are cancelled at the next action this reducer sees.
  /// - An action for the child while nothing is presented is reported as a runtime warning
  ///   naming this call.
  ///
  /// An enum destination is an ordinary reducer over an enum state and action, with one
  /// ``Scope`` per case; two cases may present the same feature:
  ///
  /// ```swift
  /// struct Destination: Reducer {
  ///   enum State: Equatable { case addTask(TaskForm.State), editTask(TaskForm.State) }
  ///   enum Action { case addTask(TaskForm.Action), editTask(TaskForm.Action) }
  ///
  ///   var body: some ReducerOf<Self> {
  ///     Scope(state: .addTask, action: .addTask) { TaskForm() }
  ///     Scope(state: .editTask, action: .editTask) { TaskForm() }
  ///   }
  /// }
  /// ```
  @inlinable
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CasePath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _PresentationReducer(
      parent: self,
      destination: destination(),
      toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// ``ifLet(_:action:destination:fileID:filePath:line:column:)`` for an enum destination whose
  /// state tells its case (``PresentationCases``): the same behaviour, without reflection.
  @inlinable
  public func ifLet<DestinationState: PresentationCases, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CasePath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _PresentationReducer(
      parent: self,
      destination: destination(),
      toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction,
      identity: { presentationIdentity(of: $0) },
      isAnswer: { isAnswer($0, to: $1) },
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Presents a child that has no reducer of its own, typically an ``AlertState`` or a
  /// ``ConfirmationDialogState``:
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.$alert, action: .alert)
  /// ```
  ///
  /// See ``ifLet(_:action:destination:fileID:filePath:line:column:)``.
  @inlinable
  public func ifLet<DestinationState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CasePath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action> {
    _PresentationReducer(
      parent: self,
      destination: EmptyReducer(),
      toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer made by ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)``: a
/// client of ``ChildHost`` holding at most one child, the presented one.
@usableFromInline
struct _PresentationReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let destination: Destination
  @usableFromInline let toPresentationState:
    WritableKeyPath<Parent.State, PresentationState<Destination.State>>
  @usableFromInline let toPresentationAction:
    CasePath<Parent.Action, PresentationAction<Destination.Action>>
  /// What tells one presentation from another (see ``presentationIdentity(of:)``).
  @usableFromInline let identity: (Destination.State) -> HeldIdentity
  /// Whether an action for the child answers it, an alert or a dialog (see ``isAnswer(_:to:)``).
  @usableFromInline let isAnswer: (Destination.Action, Destination.State) -> Bool
  @usableFromInline let location: SourceLocation

  @inlinable
  init(
    parent: Parent,
    destination: Destination,
    toPresentationState: WritableKeyPath<Parent.State, PresentationState<Destination.State>>,
    toPresentationAction: CasePath<Parent.Action, PresentationAction<Destination.Action>>,
    identity: @escaping (Destination.State) -> HeldIdentity = { presentationIdentity(of: $0) },
    isAnswer: @escaping (Destination.Action, Destination.State) -> Bool = { Composable.isAnswer($0, to: $1) },
    location: SourceLocation
  ) {
    self.parent = parent
    self.destination = destination
    self.toPresentationState = toPresentationState
    self.toPresentationAction = toPresentationAction
    self.identity = identity
    self.isAnswer = isAnswer
    self.location = location
  }

  /// This operator's host, made where it is used (see `_IfLetReducer.host`).
  @inlinable
  var host: ChildHost {
    ChildHost(keyPath: toPresentationState, operatorName: "An \"ifLet\"", location: location)
  }

  /// The identity of the presented child in `state`: `nil` when nothing is presented.
  @inlinable
  func presented(in state: Parent.State) -> HeldIdentity? {
    state[keyPath: toPresentationState].wrappedValue.map(identity)
  }

  @inlinable
  func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let before = presented(in: state)
    let presentationAction = toPresentationAction._extract(action)
    var destinationEffect = Effect<Parent.Action>.none
    var clearsEphemeralState = false

    switch presentationAction {
    case let .presented(destinationAction)?:
      if let before {
        let embed = toPresentationAction._embed
        destinationEffect = host.effect(
          destination.reduce(into: &state[keyPath: toPresentationState].wrappedValue!, action: destinationAction),
          of: before.identity,
          embed: { embed(.presented($0)) },
          dismissal: embed(.dismiss)
        )
        clearsEphemeralState =
          state[keyPath: toPresentationState].wrappedValue.map { isAnswer(destinationAction, $0) } ?? false
      } else {
        host.reportMissingChild(
          action,
          problem: "when nothing was presented",
          advice: """
            This usually means the child was dismissed while it could still send actions, for \
            example from an effect, or that a view sent an action for a presentation that was \
            already closed.
            """
        )
      }
    case .dismiss?:
      if before == nil {
        host.reportMissingChild(
          action,
          problem: "to dismiss its child when nothing was presented",
          advice: """
            The presentation was already closed, for example by the parent setting it to nil. \
            Dismiss each presentation once.
            """
        )
      }
    case nil:
      break
    }

    if clearsEphemeralState {
      state[keyPath: toPresentationState].wrappedValue = nil
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    if case .dismiss? = presentationAction {
      state[keyPath: toPresentationState].wrappedValue = nil
    }
    return host.endingReplaced(
      destinationEffect.merge(with: parentEffect), before: before, after: presented(in: state), endsUnseen: true)
  }
}
