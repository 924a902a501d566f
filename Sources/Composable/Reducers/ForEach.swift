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
  ) -> ForEachReducer<Self, ElementID, Element>
  where ElementState == Element.State, ElementAction == Element.Action, ElementState: SendableMetatype {
    ForEachReducer(
      parent: self,
      element: element(),
      toElements: toElements,
      toElementAction: toElementAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer made by ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``.
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer
where Element.State: SendableMetatype {
  @usableFromInline let parent: Parent
  @usableFromInline let element: Element
  @usableFromInline let toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  // Where the collection lies inside the parent's state when `toElements` is a stored property,
  // or -1: see `Scope`.
  @usableFromInline let elementsOffset: Int
  @usableFromInline let toElementAction: CasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let location: SourceLocation
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

  @inlinable
  func instance(_ id: ID) -> ChildInstance {
    ChildInstance(operatorID: AnyHashable(toElements), identity: AnyHashable(id))
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    // Holding the ids makes any structural change to the collection copy them, so "the same
    // buffer" below proves that no element was removed, in O(1).
    let idsBefore: [ID]
    let storageBefore: [ID].StorageIdentity
    var elementEffect = Effect<Parent.Action>.none
    if case let .element(id, elementAction)? = toElementAction._extract(action) {
      let (ids, storage, effect) = withElements(&state) { elements in
        (
          elements._ids, elements._ids.storageIdentity,
          elements.modify(id: id) { element.reduce(into: &$0, action: elementAction) }
        )
      }
      idsBefore = ids
      storageBefore = storage
      if let effect {
        if !effect.isNone { elementEffect = embed(effect, id: id) }
      } else {
        reportMissingElement(action: action, id: id)
      }
    } else {
      (idsBefore, storageBefore) = withElements(&state) { ($0._ids, $0._ids.storageIdentity) }
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    let unchanged = withElements(&state) { $0._ids.storageIdentity == storageBefore }
    if unchanged || storageBefore.count == 0 { return elementEffect.merge(with: parentEffect) }
    return effects(elementEffect, parentEffect, idsBefore: idsBefore, idsAfter: withElements(&state) { $0._ids })
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
    return effect.scoped(to: instance(id)).map {
      toElementAction.embed(.element(id: id, action: $0))
    }
  }

  @usableFromInline
  func reportMissingElement(action: Parent.Action, id: ID) {
    reportMissingChild(
      operatorName: "A \"forEach\"",
      action: action,
      problem: "for an element that is not in the collection (id \(id))",
      advice: """
        This usually means the element was removed while it could still send actions, for \
        example from an effect, or an action was sent with a stale id.
        """,
      location: location
    )
  }

  /// The effects of an action after which the collection's ids changed: those of the element
  /// and the parent, and the cancellation of every removed element's effects.
  @inlinable
  @inline(never)
  func effects(
    _ elementEffect: Effect<Parent.Action>, _ parentEffect: Effect<Parent.Action>,
    idsBefore: [ID], idsAfter: [ID]
  ) -> Effect<Parent.Action> {
    let remaining = Set(idsAfter)
    let removed = idsBefore.filter { !remaining.contains($0) }
    if removed.isEmpty { return elementEffect.merge(with: parentEffect) }
    return .merge(
      [elementEffect, parentEffect] + removed.map { Effect.cancel(id: instance($0).lifetimeID) }
    )
  }
}

extension Array {
  /// Where the elements are stored, and how many: arrays with the same identity are equal.
  @inlinable
  var storageIdentity: StorageIdentity {
    withUnsafeBufferPointer { StorageIdentity(base: $0.baseAddress, count: $0.count) }
  }

  @usableFromInline
  struct StorageIdentity: Equatable {
    @usableFromInline let base: UnsafePointer<Element>?
    @usableFromInline let count: Int

    @inlinable
    init(base: UnsafePointer<Element>?, count: Int) {
      self.base = base
      self.count = count
    }
  }
}
