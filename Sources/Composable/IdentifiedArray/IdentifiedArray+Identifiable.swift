extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an empty array of `Identifiable` elements.
  @inlinable
  public init() {
    self.init(_id: { $0.id })
  }

  /// Creates an array from `Identifiable` elements with unique ids.
  ///
  /// ```swift
  /// let todos = IdentifiedArrayOf(uniqueElements: [Todo(id: 1, title: "Milk")])
  /// ```
  ///
  /// - Precondition: No two elements have the same id. A duplicate stops the program with a message
  ///   naming the id; use `append(_:)` to skip duplicates instead.
  /// - Complexity: O(*n*).
  @inlinable
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init()
    _appendUniqueElements(elements)
  }
}
