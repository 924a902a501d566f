extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements in order, like an `Array`.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(_elements)
  }
}
