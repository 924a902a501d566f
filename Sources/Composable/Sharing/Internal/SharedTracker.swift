import Dependencies

/// The shared roots made under one test store, so that it can snapshot them with the state it
/// records: the state is a value, but a shared value inside it is a reference every copy reads, so
/// a copy of the state alone cannot say what the shared values were when it was taken.
package final class SharedTracker: Sendable {
  private struct Tracked {
    var roots: [ObjectIdentifier: any AnySharedRoot] = [:]
    /// Each root's value when it was first tracked: what snapshots taken before then saw.
    var initialValues: [ObjectIdentifier: any Sendable] = [:]
  }

  private let tracked = Lock(Tracked())

  package init() {}

  func track(_ root: any AnySharedRoot, initialValue: any Sendable) {
    let id = ObjectIdentifier(root)
    tracked.withLock { tracked in
      guard tracked.roots[id] == nil else { return }
      tracked.roots[id] = root
      tracked.initialValues[id] = initialValue
    }
  }

  func isTracking(_ root: any AnySharedRoot) -> Bool {
    let id = ObjectIdentifier(root)
    return tracked.withLock { $0.roots[id] != nil }
  }

  func initialValue(of id: ObjectIdentifier) -> (any Sendable)? {
    tracked.withLock { $0.initialValues[id] }
  }

  /// The live values of every tracked root, now.
  package func snapshot() -> SharedSnapshot {
    let roots = tracked.withLock { $0.roots }
    var values: [ObjectIdentifier: any Sendable] = [:]
    values.reserveCapacity(roots.count)
    for (id, root) in roots { values[id] = root.liveValue() }
    return SharedSnapshot(values: values, tracker: self)
  }
}

/// The values of shared roots at one moment of a test.
package struct SharedSnapshot: Sendable {
  var values: [ObjectIdentifier: any Sendable]
  /// For roots tracked after the snapshot was taken: their value then.
  let tracker: SharedTracker?

  init(values: [ObjectIdentifier: any Sendable], tracker: SharedTracker?) {
    self.values = values
    self.tracker = tracker
  }

  func value(of id: ObjectIdentifier) -> (any Sendable)? {
    values[id] ?? tracker?.initialValue(of: id)
  }

  /// Whether a root's value differs between the two snapshots (by `==` where the value is
  /// `Equatable`; a value that is not counts as changed).
  package func differs(from other: SharedSnapshot) -> Bool {
    for (id, value) in other.values {
      guard let mine = self.value(of: id) else { continue }
      if !Self.equal(mine, value) { return true }
    }
    return false
  }

  static func equal(_ lhs: any Sendable, _ rhs: any Sendable) -> Bool {
    func open<T: Equatable>(_ lhs: T) -> Bool { (rhs as? T) == lhs }
    guard let lhs = lhs as? any Equatable else { return false }
    return open(lhs)
  }
}

/// How shared values read while a test store checks its state: the expected side as of the last
/// assertion (changed by the test's closure), the actual side as of the action's end.
package final class SharedView: @unchecked Sendable {
  private var snapshot: SharedSnapshot

  package init(_ snapshot: SharedSnapshot) {
    self.snapshot = snapshot
  }

  func value(of root: some AnySharedRoot) -> (any Sendable)? {
    snapshot.value(of: ObjectIdentifier(root))
  }

  func set(_ value: any Sendable, of root: some AnySharedRoot) {
    snapshot.values[ObjectIdentifier(root)] = value
  }

  /// The values that differ between this view (expected) and `actual`, root by root.
  package func differences(from actual: SharedView) -> [(expected: Any, actual: Any)] {
    var ids = Set(snapshot.values.keys)
    ids.formUnion(actual.snapshot.values.keys)
    var result: [(expected: Any, actual: Any)] = []
    for id in ids {
      guard let mine = snapshot.value(of: id), let theirs = actual.snapshot.value(of: id) else { continue }
      if !SharedSnapshot.equal(mine, theirs) { result.append((mine, theirs)) }
    }
    return result
  }

  /// The view shared values read through on this task; `nil` outside a test store's check.
  @TaskLocal package static var current: SharedView?

  /// The two views `==` and diffs compare: `lhs` (expected) in the first, `rhs` (actual) in the
  /// second.
  @TaskLocal package static var comparing: (expected: SharedView, actual: SharedView)?
}
