extension StackState {
  /// The element with `id` as the case `path` of an enum of screens, or `nil` when the stack has
  /// no such element or it is another case; setting it replaces an element of that case, and
  /// does nothing otherwise (nor when set to `nil`).
  ///
  /// What a test writes to change one screen of a stack of several kinds:
  ///
  /// ```swift
  /// await store.send(.path(.element(id: 1, action: .editor(.textChanged("Hi"))))) {
  ///   $0.path[id: 1, case: .editor]?.text = "Hi"
  /// }
  /// ```
  public subscript<Case>(id id: StackElementID, case path: CasePath<Element, Case>) -> Case? {
    get { self[id: id].flatMap(path.extract(from:)) }
    set {
      guard let newValue, let element = self[id: id], path.extract(from: element) != nil else { return }
      self[id: id] = path.embed(newValue)
    }
  }
}
