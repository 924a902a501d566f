extension IdentifiedArray: CustomStringConvertible {
  /// The elements, printed like an `Array`.
  public var description: String {
    _elements.description
  }
}
