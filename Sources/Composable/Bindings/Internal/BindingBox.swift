/// The typed half of a ``BindingAction``: the key path and value of one `.set`, behind an
/// existential so that the action's type names only its root. A key path and a small value fit
/// in the existential's inline buffer, so building a binding action allocates nothing.
protocol AnyBindingBox<Root>: Sendable {
  associatedtype Root
  var partialKeyPath: PartialKeyPath<Root> { get }
  var anyValue: any Sendable { get }
  func set(_ root: inout Root)
  func isEqual(to other: any AnyBindingBox<Root>) -> Bool
}

struct BindingBox<Root, Value: Equatable & Sendable>: AnyBindingBox {
  let keyPath: WritableKeyPath<Root, Value> & Sendable
  let value: Value

  var partialKeyPath: PartialKeyPath<Root> { keyPath }
  var anyValue: any Sendable { value }

  func set(_ root: inout Root) {
    root[keyPath: keyPath] = value
  }

  func isEqual(to other: any AnyBindingBox<Root>) -> Bool {
    guard let other = other as? Self else { return false }
    return other.keyPath == keyPath && other.value == value
  }
}
