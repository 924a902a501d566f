import Synchronization

/// Default values created on first read, shared by every copy of one ``DependencyValues``.
///
/// Sharing matters: a store and the effects it starts must see the same live storage, the same
/// test clock, the same incrementing UUID generator.
final class DefaultValueCache: Sendable {
  private let values = Lock<[ObjectIdentifier: any Sendable]>([:])

  func value<Key: DependencyKey>(
    for key: Key.Type,
    context: DependencyContext,
    reportUnimplemented: () -> Bool
  ) -> Key.Value {
    let id = ObjectIdentifier(key)
    if let cached = values.withLock({ $0[id] }) {
      return cached as! Key.Value
    }
    // Created outside the lock: a default value may itself read other dependencies.
    let created: Key.Value
    switch context {
    case .live:
      created = Key.liveValue
    case .test:
      let probe = UnimplementedTestValue.Probe()
      created = UnimplementedTestValue.$probe.withValue(probe) { Key.testValue }
      // An unreported use is not cached, so that the next real use is reported.
      if probe.wasUsed, !reportUnimplemented() { return created }
    }
    return values.withLock { values in
      if let raced = values[id] { return raced as! Key.Value }
      values[id] = created
      return created
    }
  }
}

/// Detects that a key fell back to the default ``DependencyKey/testValue``, which means the key
/// has no test implementation of its own.
enum UnimplementedTestValue {
  final class Probe: Sendable {
    private let used = Atomic<Bool>(false)
    var wasUsed: Bool { used.load(ordering: .relaxed) }
    func markUsed() { used.store(true, ordering: .relaxed) }
  }

  @TaskLocal static var probe: Probe?

  static func markUsed() { probe?.markUsed() }
}
