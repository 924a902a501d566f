import Dependencies

/// The roots of a store tree's shared keys, so that every holder of a key in one tree reads one
/// value, and no other tree (another store, the next test) sees it.
///
/// A root store makes one when its dependencies have none (``DependencyValues/sharedContainer``);
/// a test store always makes a fresh one, with a tracker. Its ``changes`` tell the tree's
/// observing root stores when one of its values changes.
package final class SharedContainer: Sendable {
  private let roots = Lock<[String: any Sendable]>([:])
  let tracker: SharedTracker?
  /// Held by every root made in this tree (by a key, or by `Shared(value)` under one of its
  /// stores), which reports its changes there.
  package let changes = SharedChanges()

  package init(tracker: SharedTracker? = nil) {
    self.tracker = tracker
  }

  /// The root for `id`, made by `make` when the tree has none yet.
  func root<Value: Sendable>(
    for id: String,
    _ make: () -> SharedRoot<Value>
  ) -> SharedRoot<Value> {
    if let existing = roots.withLock({ $0[id] }) {
      if let root = existing as? SharedRoot<Value> { return root }
      reportIssue(
        """
        The shared key "\(id)" is used with two types of value, \(type(of: existing)) and \
        SharedRoot<\(Value.self)>. Give each its own name.
        """
      )
      return make()
    }
    // Made outside the lock: a persisted key loads from storage.
    let made = make()
    return roots.withLock { roots in
      if let raced = roots[id] as? SharedRoot<Value> { return raced }
      roots[id] = made
      return made
    }
  }
}
