import Synchronization

/// Set once every effect of one `send` has finished.
final class EffectsCompletion: Sendable {
  private let done = Atomic<Bool>(false)
  var isDone: Bool { done.load(ordering: .acquiring) }
  func markDone() { done.store(true, ordering: .releasing) }
}
