import Dependencies

extension Reducer {
  /// Runs `destination` on the elements of a navigation stack for each ``StackAction``, pops
  /// on ``StackAction/popFrom(id:)`` and pushes on ``StackAction/push(id:state:)``.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.path, action: .path) { Detail() }
  /// ```
  ///
  /// - An `.element` action runs that element first, then this reducer.
  /// - On `.popFrom(id:)`, this reducer runs first, then that element and every element above
  ///   it are popped.
  /// - On `.push(id:state:)`, the element is pushed first, then this reducer runs. An id the
  ///   stack already holds, or one not greater than every id it has held, is reported as a
  ///   runtime warning and pushes nothing.
  /// - An element's effects can call `@Dependency(\.dismiss)`, which sends `.popFrom(id:)` for
  ///   that element.
  /// - When an element leaves the stack (popped by this reducer, by `.popFrom`, by its own
  ///   `dismiss()`, or with the whole stack when this reducer assigns a new one), every effect
  ///   it started is cancelled, before any action it would send; the ids an element uses with
  ///   ``Effect/cancellable(id:cancelInFlight:)`` are private to it.
  /// - An action for an element that is not in the stack is reported as a runtime warning
  ///   naming this call and the id, and this reducer still runs.
  @inlinable
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CasePath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _StackReducer(
      parent: self,
      destination: destination(),
      toStackState: toStackState,
      toStackAction: toStackAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer made by ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``
/// for a stack: a client of ``ChildHost`` holding ordered children with ids.
@usableFromInline
struct _StackReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let destination: Destination
  @usableFromInline let toStackState: WritableKeyPath<Parent.State, StackState<Destination.State>>
  @usableFromInline let toStackAction: CasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>
  @usableFromInline let location: SourceLocation

  @inlinable
  init(
    parent: Parent,
    destination: Destination,
    toStackState: WritableKeyPath<Parent.State, StackState<Destination.State>>,
    toStackAction: CasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>,
    location: SourceLocation
  ) {
    self.parent = parent
    self.destination = destination
    self.toStackState = toStackState
    self.toStackAction = toStackAction
    self.location = location
  }

  /// This operator's host, made where it is used (see `_ForEachReducer.host`).
  @inlinable
  var host: ChildHost {
    ChildHost(keyPath: toStackState, operatorName: "A \"forEach\"", location: location)
  }

  @inlinable
  func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var elementEffect = Effect<Parent.Action>.none
    var popsFrom: StackElementID?

    switch toStackAction._extract(action) {
    case let .element(id, elementAction)?:
      if let effect = state[keyPath: toStackState]._update(id: id, { destination.reduce(into: &$0, action: elementAction) }) {
        if !effect.isNone { elementEffect = embed(effect, id: id) }
      } else {
        reportMissing(action, problem: "for an element that is not in the stack (id \(id.debugDescription))")
      }
    case let .popFrom(id)?:
      if state[keyPath: toStackState]._offset(of: id) != nil {
        popsFrom = id
      } else {
        reportMissing(action, problem: "to pop from an element that is not in the stack (id \(id.debugDescription))")
      }
    case let .push(id, elementState)?:
      push(elementState, id: id, into: &state[keyPath: toStackState], action: action)
    case nil:
      break
    }

    // Taken after this operator's own push, which ends nothing: an unchanged stamp and origin
    // after the parent prove that nothing was popped.
    let (originBefore, stampBefore, generationBefore) = withStack(&state) {
      ($0._origin, $0._observedStamp(), $0._nextGeneration)
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    if let popsFrom {
      state[keyPath: toStackState].pop(from: popsFrom)
    }
    let unchanged = withStack(&state) { $0._origin === originBefore && $0._stamp === stampBefore }
    if unchanged { return elementEffect.merge(with: parentEffect) }
    return ending(
      elementEffect.merge(with: parentEffect), in: &state, originBefore: originBefore,
      generationBefore: generationBefore)
  }

  @inlinable
  func withStack<Result>(
    _ state: inout Parent.State, _ body: (inout StackState<Destination.State>) -> Result
  ) -> Result {
    body(&state[keyPath: toStackState])
  }

  /// `effect`, and the end of the effects of every element no longer in the stack: all the
  /// elements of the old stack when the parent assigned a new one (its ids may repeat the old
  /// ones). The stack's counter never goes back, so no later push takes an id seen before.
  ///
  /// Out of line, so that a send to an element that pops nothing does not carry it, but
  /// inlinable, so that it is specialised for the feature: unspecialised, every push and pop
  /// paid for looking up the generic metadata of the stack, its key path and its effects.
  @inlinable
  @inline(never)
  func ending(
    _ effect: Effect<Parent.Action>,
    in state: inout Parent.State,
    originBefore: StackOrigin,
    generationBefore: Int
  ) -> Effect<Parent.Action> {
    let (isNewStack, remaining) = withStack(&state) { stack in
      stack._nextGeneration = max(stack._nextGeneration, generationBefore)
      return (stack._origin !== originBefore, stack._ids)
    }
    return host.endingRemoved(effect, remaining: isNewStack ? [] : remaining)
  }

  @usableFromInline
  func push(
    _ elementState: Destination.State, id: StackElementID, into stack: inout StackState<Destination.State>,
    action: Parent.Action
  ) {
    if stack._offset(of: id) != nil {
      reportMissing(
        action, problem: "to push an element under an id the stack already holds (id \(id.debugDescription))",
        advice: "Push each element under a new id: the stack's \"nextID\" (\(stack.nextID.debugDescription) now) or later.")
    } else if id < stack.nextID {
      reportMissing(
        action,
        problem: "to push an element under an id that is not greater than every id the stack has held (id \(id.debugDescription))",
        advice: """
          Ids are never reused after a pop: push under the stack's "nextID" \
          (\(stack.nextID.debugDescription) now) or later. Nothing was pushed.
          """)
    } else {
      stack[id: id] = elementState
    }
  }

  @inlinable
  @inline(never)
  func embed(_ effect: Effect<Destination.Action>, id: StackElementID) -> Effect<Parent.Action> {
    let toStackAction = self.toStackAction
    return host.effect(
      effect, of: .id(ChildID(id)), embed: { toStackAction.embed(.element(id: id, action: $0)) },
      dismissal: toStackAction.embed(.popFrom(id: id)))
  }

  @usableFromInline
  func reportMissing(
    _ action: Parent.Action,
    problem: String,
    advice: String = """
      This usually means the element was popped while it could still send actions, for \
      example from an effect, or an action was sent with a stale id.
      """
  ) {
    host.reportMissingChild(action, problem: problem, advice: advice)
  }
}
