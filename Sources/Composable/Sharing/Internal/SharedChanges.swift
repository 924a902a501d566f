import Dependencies
import Synchronization

/// A root store that wants to hear of changes to its tree's shared values made outside its own
/// sends: a ``RootCore`` with observers.
@MainActor
protocol SharedChangeSubscriber: AnyObject {
  /// A shared value of the tree changed; `generation` counts the tree's changes so far.
  func sharedStateChanged(generation: UInt64)
}

/// Tells the observing root stores of one store tree that a shared value of the tree changed,
/// whoever changed it: another store of the tree, an effect writing outside a send, a stored key
/// reloaded because another program saved its document.
///
/// One per ``SharedContainer``, held by every root of the tree. Stores are held weakly and
/// dropped when they go away. Until a store of the tree observes, a write pays one atomic load
/// here and nothing else.
///
/// A burst of changes is delivered once: the first change schedules a delivery on the main actor
/// (where observers run), and the changes made before it runs join it. Each change counts one
/// generation; a store whose observers were called after the last change it is told of (because
/// the change was made by its own action, and its batch ended after it) is not called again.
package final class SharedChanges: Sendable {
  private struct Subscriber: @unchecked Sendable {
    // Only called on the main actor (in `deliver`); loading a weak reference is thread-safe.
    weak var store: (any SharedChangeSubscriber)?
  }

  private struct State {
    var subscribers: [Subscriber] = []
    var isDeliveryScheduled = false
  }

  private let observed = Atomic<Bool>(false)
  private let changes = Atomic<UInt64>(0)
  private let state = Lock(State())

  /// Whether a store of the tree observes: only then is a write compared with the value before
  /// it and counted.
  var isObserved: Bool { observed.load(ordering: .acquiring) }

  /// The number of changes so far.
  var generation: UInt64 { changes.load(ordering: .acquiring) }

  /// The stores told of changes, for tests: a store that went away is no longer counted.
  package var subscriberCount: Int {
    state.withLock { state in
      state.subscribers.removeAll { $0.store == nil }
      return state.subscribers.count
    }
  }

  /// Tells `store` of every change from now on; returns the generation it starts from.
  @MainActor
  func subscribe(_ store: some SharedChangeSubscriber) -> UInt64 {
    state.withLock { state in
      state.subscribers.removeAll { $0.store == nil }
      state.subscribers.append(Subscriber(store: store))
      observed.store(true, ordering: .releasing)
    }
    return generation
  }

  /// Forgets the stores that went away (from a store's `deinit`).
  func removeReleased() {
    state.withLock { state in
      state.subscribers.removeAll { $0.store == nil }
      observed.store(!state.subscribers.isEmpty, ordering: .releasing)
    }
  }

  /// A shared value of the tree changed (its new value is already stored): schedules a delivery
  /// unless one is waiting to run.
  func recordChange() {
    changes.add(1, ordering: .acquiringAndReleasing)
    state.withLock { state in
      guard !state.isDeliveryScheduled, !state.subscribers.isEmpty else { return }
      state.isDeliveryScheduled = true
      Task { @MainActor in self.deliver() }
    }
  }

  @MainActor
  private func deliver() {
    // The flag is cleared before the generation is read: a change counted after the read
    // schedules a delivery of its own.
    let subscribers = state.withLock { state in
      state.isDeliveryScheduled = false
      state.subscribers.removeAll { $0.store == nil }
      observed.store(!state.subscribers.isEmpty, ordering: .releasing)
      return state.subscribers
    }
    let generation = self.generation
    for subscriber in subscribers {
      subscriber.store?.sharedStateChanged(generation: generation)
    }
  }

  /// `==` for `Value` when it is `Equatable`, found once rather than on every write; `nil`
  /// otherwise (such a value counts as changed by every write).
  static func equality<Value>(of type: Value.Type) -> ((Value, Value) -> Bool)? {
    guard let equatable = type as? any Equatable.Type else { return nil }
    func open<T: Equatable>(_: T.Type) -> (Value, Value) -> Bool {
      // `T` is `Value`: the cast only names its conformance.
      { lhs, rhs in unsafeBitCast(lhs, to: T.self) == unsafeBitCast(rhs, to: T.self) }
    }
    return open(equatable)
  }
}
