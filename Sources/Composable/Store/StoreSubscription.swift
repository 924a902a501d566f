import Synchronization

/// Keeps a ``Store/observe(_:)`` observation alive; cancelling or releasing it stops the
/// observation.
public final class StoreSubscription: Sendable {
  @usableFromInline
  final class Flag: Sendable {
    private let active = Atomic<Bool>(true)
    @usableFromInline var isActive: Bool { active.load(ordering: .relaxed) }
    func clear() { active.store(false, ordering: .relaxed) }
  }

  // Shared with the store's observer entry, which must not keep the subscription alive.
  @usableFromInline let flag = Flag()

  init() {}

  /// Whether the observation still runs.
  public var isActive: Bool { flag.isActive }

  /// Stops the observation.
  public func cancel() { flag.clear() }

  deinit { cancel() }
}
