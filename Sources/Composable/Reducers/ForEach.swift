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
  @usableFromInline let toElementAction: CasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let location: SourceLocation

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
    var idsBefore: [ID] = []
    var elementEffect = Effect<Parent.Action>.none
    if case let .element(id, elementAction)? = toElementAction._extract(action) {
      // One access through the key path for both the ids and the element.
      let effect = modifyElements(&state[keyPath: toElements], id: id, action: elementAction, ids: &idsBefore)
      if let effect {
        if !effect.isNone {
          let toElementAction = self.toElementAction
          elementEffect = effect.scoped(to: instance(id)).map {
            toElementAction.embed(.element(id: id, action: $0))
          }
        }
      } else {
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
    } else {
      idsBefore = state[keyPath: toElements].ids
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    let removed = removedIDs(before: idsBefore, after: state[keyPath: toElements].ids)
    if removed.isEmpty { return elementEffect.merge(with: parentEffect) }
    return .merge(
      [elementEffect, parentEffect] + removed.map { Effect.cancel(id: instance($0).lifetimeID) }
    )
  }

  @inlinable
  func modifyElements(
    _ elements: inout IdentifiedArray<ID, Element.State>,
    id: ID,
    action: Element.Action,
    ids: inout [ID]
  ) -> Effect<Element.Action>? {
    ids = elements.ids
    return elements.modify(id: id) { element.reduce(into: &$0, action: action) }
  }

  @inlinable
  func removedIDs(before: [ID], after: [ID]) -> [ID] {
    let unchanged = before.withUnsafeBufferPointer { old in
      after.withUnsafeBufferPointer { new in
        old.baseAddress == new.baseAddress && old.count == new.count
      }
    }
    if unchanged || before.isEmpty { return [] }
    let remaining = Set(after)
    return before.filter { !remaining.contains($0) }
  }
}
