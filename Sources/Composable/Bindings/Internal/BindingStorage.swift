/// The key path and value of one ``BindingAction``: inline for the values forms bind most
/// (text, switches, steppers, sliders), in a box for any other.
///
/// Inline, a binding of a `String`, `Bool`, `Int` or `Double` costs no allocation: the action is
/// the key path's reference and the value, copied on its way through a store as an enum payload
/// is. Each case holds its key path typed, so that setting the field needs no cast. Any other
/// value goes in a ``AnyBindingBox``, one reference, rather than inline in an existential, which
/// would copy through its value witnesses at every step.
@usableFromInline
enum BindingStorage<Root>: Sendable {
  case string(WritableKeyPath<Root, String> & Sendable, String)
  case bool(WritableKeyPath<Root, Bool> & Sendable, Bool)
  case int(WritableKeyPath<Root, Int> & Sendable, Int)
  case double(WritableKeyPath<Root, Double> & Sendable, Double)
  case boxed(AnyBindingBox<Root>)

  /// The storage for setting `keyPath` to `value`. Inlined into the caller, where `Value` is
  /// concrete: the type tests fold away and only the chosen case is built.
  @inlinable
  init<Value: Equatable & Sendable>(_ keyPath: WritableKeyPath<Root, Value> & Sendable, _ value: Value) {
    if Value.self == String.self {
      self = .string(keyPath as! WritableKeyPath<Root, String> & Sendable, value as! String)
    } else if Value.self == Bool.self {
      self = .bool(keyPath as! WritableKeyPath<Root, Bool> & Sendable, value as! Bool)
    } else if Value.self == Int.self {
      self = .int(keyPath as! WritableKeyPath<Root, Int> & Sendable, value as! Int)
    } else if Value.self == Double.self {
      self = .double(keyPath as! WritableKeyPath<Root, Double> & Sendable, value as! Double)
    } else {
      self = .boxed(BindingBox(keyPath: keyPath, value: value))
    }
  }

  @inlinable
  var keyPath: PartialKeyPath<Root> {
    switch self {
    case let .string(keyPath, _): keyPath
    case let .bool(keyPath, _): keyPath
    case let .int(keyPath, _): keyPath
    case let .double(keyPath, _): keyPath
    case let .boxed(box): box.keyPath
    }
  }

  var value: any Sendable {
    switch self {
    case let .string(_, value): value
    case let .bool(_, value): value
    case let .int(_, value): value
    case let .double(_, value): value
    case let .boxed(box): box.value
    }
  }

  /// Whether the field set is the one at `other`: `keyPath == other`, without taking a copy of
  /// the key path out of the case first (a retain and a release at every pattern match).
  @inlinable
  func sets(_ other: PartialKeyPath<Root>) -> Bool {
    switch self {
    case let .string(keyPath, _): keyPath == other
    case let .bool(keyPath, _): keyPath == other
    case let .int(keyPath, _): keyPath == other
    case let .double(keyPath, _): keyPath == other
    case let .boxed(box): box.keyPath == other
    }
  }

  @inlinable
  func set(_ root: inout Root) {
    switch self {
    case let .string(keyPath, value): root[keyPath: keyPath] = value
    case let .bool(keyPath, value): root[keyPath: keyPath] = value
    case let .int(keyPath, value): root[keyPath: keyPath] = value
    case let .double(keyPath, value): root[keyPath: keyPath] = value
    case let .boxed(box): box.set(&root)
    }
  }

  /// Whether both set the same field to equal values.
  func isEqual(to other: Self) -> Bool {
    switch (self, other) {
    case let (.string(lhsPath, lhs), .string(rhsPath, rhs)): lhsPath == rhsPath && lhs == rhs
    case let (.bool(lhsPath, lhs), .bool(rhsPath, rhs)): lhsPath == rhsPath && lhs == rhs
    case let (.int(lhsPath, lhs), .int(rhsPath, rhs)): lhsPath == rhsPath && lhs == rhs
    case let (.double(lhsPath, lhs), .double(rhsPath, rhs)): lhsPath == rhsPath && lhs == rhs
    case let (.boxed(lhs), .boxed(rhs)): lhs.keyPath == rhs.keyPath && lhs.hasValue(of: rhs)
    default: false
    }
  }
}
