/// The effects started by one ``Store/send(_:)``: wait for them with ``finish()`` or stop them
/// with ``cancel()``.
///
/// ```swift
/// await store.send(.refresh).finish()
/// ```
public struct StoreTask: Hashable, Sendable {
  @usableFromInline
  let task: Task<Void, Never>?

  @inlinable
  init(_ task: Task<Void, Never>?) { self.task = task }

  @usableFromInline
  init(tasks: [Task<Void, Never>]) {
    switch tasks.count {
    case 0: task = nil
    case 1: task = tasks[0]
    default:
      task = Task {
        await withTaskCancellationHandler {
          for task in tasks { await task.value }
        } onCancel: {
          for task in tasks { task.cancel() }
        }
      }
    }
  }

  /// Waits until every effect started by the action has finished.
  public func finish() async {
    await task?.value
  }

  /// Cancels every effect started by the action.
  public func cancel() {
    task?.cancel()
  }

  /// The task behind the effects, for a test store.
  package var tasks: [Task<Void, Never>] { task.map { [$0] } ?? [] }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool { task?.isCancelled ?? false }
}
