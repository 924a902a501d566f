/// The key path and value of one `.set` of a value ``BindingStorage`` does not hold inline, in
/// a class so that the action is one reference. Actions are copied on their way through a store
/// (into the reducer, into effects); a reference copies with a retain, where an existential
/// holding the key path and value inline would copy through its value witnesses at every step.
@usableFromInline
class AnyBindingBox<Root>: @unchecked Sendable {
  // `@unchecked`: immutable, and the only subclass holds a `Sendable` key path and value.
  @usableFromInline let keyPath: PartialKeyPath<Root>

  @usableFromInline
  init(keyPath: PartialKeyPath<Root>) {
    self.keyPath = keyPath
  }

  var value: any Sendable { fatalError("AnyBindingBox is abstract") }

  @usableFromInline
  func set(_ root: inout Root) { fatalError("AnyBindingBox is abstract") }

  func hasValue(of other: AnyBindingBox<Root>) -> Bool { fatalError("AnyBindingBox is abstract") }
}

@usableFromInline
final class BindingBox<Root, Value: Equatable & Sendable>: AnyBindingBox<Root>, @unchecked Sendable {
  @usableFromInline let writableKeyPath: WritableKeyPath<Root, Value> & Sendable
  @usableFromInline let typedValue: Value

  @inlinable
  init(keyPath: WritableKeyPath<Root, Value> & Sendable, value: Value) {
    self.writableKeyPath = keyPath
    self.typedValue = value
    super.init(keyPath: keyPath)
  }

  override var value: any Sendable { typedValue }

  @usableFromInline
  override func set(_ root: inout Root) {
    root[keyPath: writableKeyPath] = typedValue
  }

  override func hasValue(of other: AnyBindingBox<Root>) -> Bool {
    (other as? Self)?.typedValue == typedValue
  }
}
