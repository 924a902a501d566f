extension Shared {
  /// A part of the value, shared: reads it from this value and writes through to it.
  ///
  /// ```swift
  /// let color: Shared<ColorSetting> = state.$settings.color
  /// color.withLock { $0 = .never }  // state.settings.color is .never
  /// ```
  public subscript<Member: Sendable>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Shared<Member> {
    Shared<Member>(node: SharedKeyPathNode(parent: node, keyPath: keyPath))
  }

  /// The element of a shared optional as a shared value of its own, or `nil` when it is `nil`
  /// now. Once the optional becomes `nil` (the element removed from its collection), the result
  /// keeps the last value it had.
  ///
  /// ```swift
  /// guard let syncUp = Shared(state.$syncUps[id: id]) else { return .none }
  /// ```
  public init?(_ optional: Shared<Value?>) {
    guard let current = optional.wrappedValue else { return nil }
    self.init(node: SharedUnwrappedNode(parent: optional.node, current: current))
  }
}

extension Shared {
  /// The element with `id` of a shared identified array, shared (`nil` inside when absent);
  /// unwrap it with ``init(_:)-(Shared<Value?>)``.
  public subscript<ID: Hashable & Sendable, Element: Sendable>(
    id id: ID
  ) -> Shared<Element?> where Value == IdentifiedArray<ID, Element> {
    self[dynamicMember: \IdentifiedArray<ID, Element>[id: id]]
  }
}
