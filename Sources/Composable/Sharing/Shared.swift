import Dependencies

/// A value several features hold by reference: every holder sees every change.
///
/// State is a value, copied into every child; a `Shared` inside it is a reference to one value,
/// so a change made through one holder is seen by all of them: the list and the form reading the
/// same settings, the element of a list that a detail screen edits.
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable {
///     @Shared var count: Int
///   }
///   enum Action { case incrementButtonTapped }
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     state.$count.withLock { $0 += 1 }
///     return .none
///   }
/// }
///
/// let count = Shared(0)
/// let first = Store(initialState: Counter.State(count: count)) { Counter() }
/// let second = Store(initialState: Counter.State(count: count)) { Counter() }
/// first.send(.incrementButtonTapped)
/// second.count  // 1
/// ```
///
/// - Read through ``wrappedValue``; write through ``withLock(_:)``, which changes the value in
///   place under a lock, so that two holders changing it at once both count.
/// - ``init(_:)`` makes a new reference; ``init(wrappedValue:_:)`` and ``init(_:)-(SharedKey.Default)``
///   find the one a ``SharedKey`` names in the store tree (made on first use).
/// - `$value.field` and `$rows[id: id]` are shared values of their own, writing through to the
///   value they came from (see ``subscript(dynamicMember:)`` and ``init(_:)-(Shared<Value?>)``).
/// - A `TestStore` asserts changes of shared values like any other state: a change not
///   described in `send`'s closure fails, with a diff.
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value: Sendable>: Sendable {
  let node: SharedNode<Value>

  init(node: SharedNode<Value>) {
    self.node = node
  }

  /// A new shared value, held by this `Shared` and its copies.
  public init(_ value: Value) {
    self.node = SharedRoot(value)
  }

  /// The value a key names in the store tree, made from `wrappedValue` (or loaded, for a stored
  /// key) when the tree has none yet. A holder made later gets the value already there.
  public init(wrappedValue: @autoclosure () -> Value, _ key: SharedKey<Value>) {
    self.node = Self.root(for: key, makingFrom: wrappedValue)
  }

  /// The value a key with a default names in the store tree.
  public init(_ key: SharedKey<Value>.Default) {
    self.node = Self.root(for: key.key, makingFrom: key.defaultValue)
  }

  /// The value a key with a default names, starting from `wrappedValue` rather than the key's
  /// default when the tree has none yet.
  public init(wrappedValue: @autoclosure () -> Value, _ key: SharedKey<Value>.Default) {
    self.node = Self.root(for: key.key, makingFrom: wrappedValue)
  }

  /// The value, as the last change left it.
  public var wrappedValue: Value {
    node.read()
  }

  /// This shared value: `$count` in a feature that declares `@Shared var count`.
  public var projectedValue: Shared<Value> {
    self
  }

  /// Changes the value in place, under the lock every holder uses.
  ///
  /// The lock is held while `body` runs: change the value through the argument, not by reading
  /// this shared value (or a part of it) again, which stops the program with a message.
  ///
  /// ```swift
  /// state.$settings.withLock { $0.showsDone = true }
  /// ```
  @discardableResult
  public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try node.write(body)
  }

  /// Saves a stored value's pending change now, rather than after its delay; does nothing for
  /// other values. Throws why it could not be saved (the document could not be read, the codec
  /// refused, the storage failed).
  public func save() async throws {
    try node.root.saveDocument()
  }

  /// Reads a stored value's document again, taking what another program saved; does nothing
  /// for other values.
  public func load() async throws {
    try node.root.reloadDocument()
  }

  private static func root(for key: SharedKey<Value>, makingFrom initial: () -> Value) -> SharedRoot<Value> {
    let dependencies = DependencyValues.current
    func make() -> SharedRoot<Value> {
      let persistence = key.persistence?(dependencies)
      let stored = persistence?.loadInitialValue()
      return SharedRoot(stored ?? initial(), persistence: persistence)
    }
    // Outside any store there is no tree to share within: the value is this holder's alone.
    guard let container = dependencies.sharedContainer as? SharedContainer else { return make() }
    return container.root(for: key.id, make)
  }
}
