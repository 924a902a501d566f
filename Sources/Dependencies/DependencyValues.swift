/// The collection of dependencies available to features: one computed property per
/// ``DependencyKey``.
///
/// Read a value with the ``Dependency`` property wrapper and override values for a scope with
/// ``withDependencies(_:operation:)-(_,()->R)``. Values not overridden come from the key's
/// ``DependencyKey/liveValue`` or ``DependencyKey/testValue`` depending on ``context``, and are
/// created once per set of values (so a live storage or a test clock is shared by everything
/// that reads it).
///
/// ```swift
/// extension DependencyValues {
///   var apiClient: APIClient {
///     get { self[APIClientKey.self] }
///     set { self[APIClientKey.self] = newValue }
///   }
/// }
/// ```
public struct DependencyValues: Sendable {
  /// The values in effect here: those of the innermost ``DependencyScope`` running on this
  /// thread, else those bound to the current task by
  /// ``withDependencies(_:operation:)-(_,()->R)``, which follow into child tasks.
  @inlinable
  public static var current: DependencyValues {
    if let scope = DependencyScope.current { return scope.values }
    return taskValues
  }

  @usableFromInline
  @TaskLocal static var taskValues = DependencyValues()

  private var overrides: [ObjectIdentifier: any Sendable] = [:]
  private var defaults: DefaultValueCache
  private var _context: DependencyContext
  var access: DependencyAccess?
  /// Off while a key path writes an override: Swift reads a computed property before writing it
  /// through a key path, and that read must not count as a feature using the dependency.
  private var reportsUnimplementedValues = true
  /// The effect runtime of the store whose scope these values are bound in, set only by the
  /// store (`Composable`'s `running(on:)`). Not a dependency: a stored slot rather than a key,
  /// so that the operators that read it on every action pay one load, not a dictionary lookup.
  package var storeRuntime: (any AnyObject & Sendable)?
  /// The values behind `Shared` keys of the store tree these values belong to: a stored slot
  /// rather than a key, set once by the root store (or test store) and kept by every copy.
  package var sharedContainer: (any AnyObject & Sendable)?

  /// Creates values where every key has its default for `context`.
  public init(context: DependencyContext = .live) {
    self._context = context
    self.defaults = DefaultValueCache()
  }

  /// Whether keys that were not overridden take their live or their test value.
  ///
  /// Changing the context starts a fresh set of default values.
  public var context: DependencyContext {
    get { _context }
    set {
      guard newValue != _context else { return }
      _context = newValue
      defaults = DefaultValueCache()
    }
  }

  /// Reads or overrides the value for `key`.
  ///
  /// `property` names the ``DependencyValues`` property in messages; it defaults to the name of
  /// the computed property this subscript is called from.
  public subscript<Key: DependencyKey>(key: Key.Type, property: String = #function) -> Key.Value {
    get {
      if let value = overrides[ObjectIdentifier(key)] {
        // Only `set` writes this slot, always with a `Key.Value`.
        return value as! Key.Value
      }
      return defaults.value(for: key, context: _context) { [self] in
        guard reportsUnimplementedValues else { return false }
        reportUnimplemented(Key.self, property: property)
        return true
      }
    }
    set {
      overrides[ObjectIdentifier(key)] = newValue
    }
  }

  /// Overrides the value at `keyPath`. Unlike `values[keyPath: keyPath] = value`, a key without a
  /// test value is not reported as used by the read that a key path write makes first.
  @usableFromInline
  package mutating func override<Value>(_ keyPath: WritableKeyPath<DependencyValues, Value>, with value: Value) {
    reportsUnimplementedValues = false
    defer { reportsUnimplementedValues = true }
    self[keyPath: keyPath] = value
  }

  /// The test clocks among the overridden values, which a test store ties to its effects.
  package var testClocks: [TestClock] {
    overrides.values.compactMap { $0 as? TestClock }
  }

  private func reportUnimplemented<Key: DependencyKey>(_ key: Key.Type, property: String) {
    let location = access?.location ?? SourceLocation()
    issueReporter(
      """
      @Dependency(\\.\(property)) has no test implementation, but was accessed from a test context:

        Location: \(location)
        Key: \(typeName(Key.self))
        Value: \(typeName(Key.Value.self))

      A dependency without a test value uses its live value in tests, which may touch the disk, \
      the network or the real clock. To fix, override '\(property)' in this test: set \
      'store.dependencies.\(property)' on a TestStore, or use \
      'withDependencies { $0.\(property) = … } operation: { … }'.
      """,
      at: location
    )
  }
}

/// Where a dependency is being read from, captured by ``Dependency`` so that failures point at
/// the feature rather than the library.
struct DependencyAccess: Sendable {
  var location: SourceLocation
}

/// A readable type name without the module prefix: `UUIDGenerator`, `Feature.State`.
func typeName(_ type: Any.Type) -> String {
  // Private and local types reflect as `Module.(unknown context at $55d1c2a0).Key`, with an
  // address that changes from run to run; keep only the names.
  var full = String(reflecting: type)
  while let start = full.range(of: "(unknown context at "),
    let end = full[start.upperBound...].range(of: ").")
  {
    full.removeSubrange(start.lowerBound..<end.upperBound)
  }
  // A constrained existential reflects as
  // `any Swift.Clock<Self.Swift.Clock.Duration == Swift.Duration>`: keep `any Clock<Duration>`.
  var prefix = ""
  if full.hasPrefix("any ") {
    prefix = "any "
    full.removeFirst(prefix.count)
    full = full.replacing(#/Self\.[\w.]+ == /#, with: "")
  }
  guard let dot = full.firstIndex(of: "."), !full.hasPrefix("(") else { return prefix + full }
  let module = full[..<dot]
  return prefix + full.replacingOccurrences(of: "\(module).", with: "")
}
