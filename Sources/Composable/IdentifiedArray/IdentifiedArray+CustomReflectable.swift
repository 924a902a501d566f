extension IdentifiedArray: CustomReflectable {
  /// A mirror that shows the elements as a collection, so dumps print the array like an `Array`.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: _elements, displayStyle: .collection)
  }
}
