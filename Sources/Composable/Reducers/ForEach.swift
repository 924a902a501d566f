import Dependencies

extension Reducer {
  /// Runs `element` on one element of an identified collection for each ``IdentifiedAction``,
  /// before this reducer.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.rows, action: .rows) { Row() }
  /// ```
  ///
  /// Sending to one element costs the same whatever the number of elements. When the parent
  /// removes an element, every effect that element started is cancelled; the ids an element uses
  /// with ``Effect/cancellable(id:cancelInFlight:)`` are private to it. An action for an id that is
  /// not in the collection is reported as a runtime warning naming this call.
  @inlinable
  public func forEach<ElementID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action toElementAction: CasePath<Action, IdentifiedAction<ElementID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where ElementState == Element.State, ElementAction == Element.Action, ElementState: SendableMetatype {
    _ForEachReducer(
      parent: self,
      element: element(),
      toElements: toElements,
      toElementAction: toElementAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer made by ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``: a
/// client of ``ChildHost`` holding a collection of children with ids.
@usableFromInline
struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer
where Element.State: SendableMetatype {
  @usableFromInline let parent: Parent
  @usableFromInline let element: Element
  @usableFromInline let toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  // Where the collection lies inside the parent's state when `toElements` is a stored property,
  // or -1: see `Scope`.
  @usableFromInline let elementsOffset: Int
  @usableFromInline let toElementAction: CasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let location: SourceLocation
  // Passed by reference, so that calling `parent` and `element` does not copy them (see
  // `AddressOnly`).
  @usableFromInline let addressOnly = AddressOnly()

  @inlinable
  init(
    parent: Parent,
    element: Element,
    toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: CasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    location: SourceLocation
  ) {
    self.parent = parent
    self.element = element
    self.toElements = toElements
    self.elementsOffset = MemoryLayout<Parent.State>.offset(of: toElements) ?? -1
    self.toElementAction = toElementAction
    self.location = location
  }

  /// This operator's host, made where it is used: a stored one would retain the key path a
  /// second time whenever a body builds the operator, that is on every action.
  @inlinable
  var host: ChildHost {
    ChildHost(keyPath: toElements, operatorName: "A \"forEach\"", location: location)
  }

  @inlinable
  func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    // The collection's stamp changes with any change to its ids, so an unchanged stamp proves,
    // in O(1), that the parent removed no element.
    let stampBefore: IdentityStamp
    var elementEffect = Effect<Parent.Action>.none
    if case let .element(id, elementAction)? = toElementAction._extract(action) {
      let (stamp, effect) = withElements(&state) { elements in
        (elements._observedStamp(), elements.modify(id: id) { element.reduce(into: &$0, action: elementAction) })
      }
      stampBefore = stamp
      if let effect {
        if !effect.isNone { elementEffect = embed(effect, id: id) }
      } else {
        reportMissingElement(action: action, id: id)
      }
    } else {
      stampBefore = withElements(&state) { $0._observedStamp() }
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    if withElements(&state, { $0._stamp === stampBefore }) {
      return elementEffect.merge(with: parentEffect)
    }
    return effects(elementEffect, parentEffect, idsAfter: withElements(&state) { $0._ids })
  }

  /// Runs `body` on the collection in place: by offset for a stored property, else through the
  /// key path.
  @inlinable
  func withElements<Result>(
    _ state: inout Parent.State, _ body: (inout IdentifiedArray<ID, Element.State>) -> Result
  ) -> Result {
    if elementsOffset >= 0 {
      return withUnsafeMutablePointer(to: &state) { state in
        body(&(UnsafeMutableRawPointer(state) + elementsOffset)
          .assumingMemoryBound(to: IdentifiedArray<ID, Element.State>.self).pointee)
      }
    }
    return body(&state[keyPath: toElements])
  }

  @inlinable
  @inline(never)
  func embed(_ effect: Effect<Element.Action>, id: ID) -> Effect<Parent.Action> {
    let toElementAction = self.toElementAction
    return host.effect(effect, of: .id(ChildID(id))) {
      toElementAction.embed(.element(id: id, action: $0))
    }
  }

  @usableFromInline
  func reportMissingElement(action: Parent.Action, id: ID) {
    host.reportMissingChild(
      action,
      problem: "for an element that is not in the collection (id \(id))",
      advice: """
        This usually means the element was removed while it could still send actions, for \
        example from an effect, or an action was sent with a stale id.
        """
    )
  }

  /// The effects of an action after which the collection's ids changed: those of the element
  /// and the parent, and the end of every removed element's effects.
  @inlinable
  @inline(never)
  func effects(
    _ elementEffect: Effect<Parent.Action>, _ parentEffect: Effect<Parent.Action>, idsAfter: [ID]
  ) -> Effect<Parent.Action> {
    host.endingRemoved(elementEffect.merge(with: parentEffect), remaining: idsAfter)
  }
}
