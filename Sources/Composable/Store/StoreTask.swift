/// The effects started by one ``Store/send(_:)``: wait for them with ``finish()`` or stop them
/// with ``cancel()``.
///
/// ```swift
/// await store.send(.refresh).finish()
/// ```
public struct StoreTask: Hashable, Sendable {
  /// The effects' tasks, waited for in place: a task of its own that waited for them would run
  /// on the global executor even when the store's effects run elsewhere.
  @usableFromInline
  let effects: [Task<Void, Never>]

  @inlinable
  init(_ task: Task<Void, Never>?) { effects = task.map { [$0] } ?? [] }

  @usableFromInline
  init(tasks: [Task<Void, Never>]) { effects = tasks }

  /// Waits until every effect started by the action has finished.
  ///
  /// Waits where its caller runs (on the main actor, for a store's user): as a plain
  /// `nonisolated` function it would first move to the global executor, and a command-line
  /// tool would start the runtime's pool of threads only to wait there.
  public nonisolated(nonsending) func finish() async {
    for task in effects { await task.value }
  }

  /// Cancels every effect started by the action.
  public func cancel() {
    for task in effects { task.cancel() }
  }

  /// The tasks behind the effects, for a test store.
  package var tasks: [Task<Void, Never>] { effects }

  /// Whether the effects were cancelled: by ``cancel()``, or each by its cancellation id.
  public var isCancelled: Bool { !effects.isEmpty && effects.allSatisfy(\.isCancelled) }
}
