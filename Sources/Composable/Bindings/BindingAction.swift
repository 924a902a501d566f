/// A change of one field of `Root`, sent through a single action case: a form with ten fields
/// needs one `binding` case instead of ten `…Changed` cases.
///
/// ```swift
/// store.send(.binding(.set(\.title, "Buy milk")))
/// ```
///
/// ``BindingReducer`` applies it to the state. Two binding actions are equal when they set the
/// same key path to equal values, so a `TestStore` asserts them as it does any action:
///
/// ```swift
/// await store.send(.binding(.set(\.title, "Buy milk"))) { $0.title = "Buy milk" }
/// ```
///
/// ## Matching a field
///
/// TCA matches one field with `case .binding(\.title)`. The same pattern works here, without
/// macros, through ``~=(_:_:)``: a key path in the pattern matches a binding action that sets
/// that key path.
///
/// ```swift
/// switch action {
/// case .binding(\.title):
///   state.errorMessage = nil
///   return .none
/// case .binding:
///   return .none
/// …
/// }
/// ```
///
/// ``value(for:)`` reads the new value when the action sets the given field:
/// `if let title = binding.value(for: \.title) { … }`.
///
/// Failure messages and diffs print a binding action as it is written: `.set(\.title, "x")`.
public struct BindingAction<Root>: Equatable, Sendable {
  @usableFromInline let storage: BindingStorage<Root>

  @inlinable
  init(storage: BindingStorage<Root>) {
    self.storage = storage
  }

  /// The field this action sets.
  @inlinable
  public var keyPath: PartialKeyPath<Root> { storage.keyPath }
  /// The new value, type-erased; read it typed with ``value(for:)``.
  public var value: any Sendable { storage.value }

  /// An action that sets the field at `keyPath` to `value`.
  ///
  /// ```swift
  /// .binding(.set(\.title, "Buy milk"))
  /// ```
  @inlinable
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable,
    _ value: Value
  ) -> Self {
    // Inlined, so that the storage is chosen for the caller's concrete type: inline for the
    // common ones, a box of the caller's concrete type otherwise (rather than one instantiated
    // from generic arguments at every call).
    Self(storage: BindingStorage(keyPath, value))
  }

  /// Sets the field of `root` this action names to its value (what ``BindingReducer`` does).
  @inlinable
  public func set(_ root: inout Root) {
    storage.set(&root)
  }

  /// The new value when this action sets the field at `keyPath`, otherwise nil.
  ///
  /// ```swift
  /// case let .binding(binding):
  ///   if let title = binding.value(for: \.title) { state.isTitleEmpty = title.isEmpty }
  /// ```
  public func value<Value>(for keyPath: KeyPath<Root, Value>) -> Value? {
    guard self.keyPath == keyPath else { return nil }
    return value as? Value
  }

  /// Whether `action` sets the field at `keyPath`: what makes `case .binding(\.title)` a pattern.
  ///
  /// ```swift
  /// if case .binding(\.title) = action { … }
  /// ```
  @inlinable
  public static func ~= (keyPath: PartialKeyPath<Root>, action: Self) -> Bool {
    action.storage.sets(keyPath)
  }

  /// Whether both set the same field to equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage.isEqual(to: rhs.storage)
  }
}

extension BindingAction: CustomDumpStringConvertible {
  /// `.set(\.title, "x")`, as the action is written.
  public var customDumpDescription: String {
    ".set(\(KeyPathName.relative(keyPath, root: Root.self)), \(customDump(value)))"
  }
}

extension BindingAction: CustomStringConvertible {
  /// `.set(\.title, "x")`, as the action is written.
  public var description: String { customDumpDescription }
}
