import ValueDump

extension Shared: Equatable where Value: Equatable {
  /// Whether the two hold equal values (not whether they are the same reference).
  ///
  /// While a test store compares the state it expected with the actual one, the left side reads
  /// the value as the test expected it and the right side the value as it is, although both
  /// sides of a state hold the same reference.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if let views = SharedView.comparing {
      let expected = SharedView.$current.withValue(views.expected) { lhs.wrappedValue }
      let actual = SharedView.$current.withValue(views.actual) { rhs.wrappedValue }
      return expected == actual
    }
    return lhs.wrappedValue == rhs.wrappedValue
  }
}

extension Shared: Hashable where Value: Hashable {
  /// Hashes the value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension Shared: Identifiable where Value: Identifiable {
  /// The value's id.
  public var id: Value.ID { wrappedValue.id }
}

extension Shared: CustomStringConvertible {
  /// The value's description.
  public var description: String { String(describing: wrappedValue) }
}

extension Shared: DumpedPerSide {
  package func valueForDump(on side: DumpSide?) -> Any {
    guard let side, let views = SharedView.comparing else { return wrappedValue }
    let view = side == .expected ? views.expected : views.actual
    return SharedView.$current.withValue(view) { wrappedValue }
  }
}
