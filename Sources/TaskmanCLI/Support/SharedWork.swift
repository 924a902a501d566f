import Foundation

/// Work that either of two threads does, whichever asks for its result first; the other then
/// waits for that result rather than doing it again.
///
/// `taskman` reads what is kept beside the task file this way: the main thread does it as soon
/// as it has a moment while the reading thread parses the file, and the reading thread, when it
/// needs it, takes the result, or does the work itself if the main thread has not begun.
///
/// ```swift
/// let bookkeeping = SharedWork { TaskFile.loadBookkeeping(from: storage, withJournal: true) }
/// let reading = ThreadedWork { try? TaskFile.load(from: storage) { bookkeeping.value() } }
/// _ = bookkeeping.value()  // here, unless the reading thread got there first
/// ```
final class SharedWork<Value: Sendable>: @unchecked Sendable {
  private let work: @Sendable () -> Value
  private let condition = NSCondition()
  /// Guarded by `condition`.
  private var state = State.pending

  private enum State {
    case pending
    case running
    case done(Value)
  }

  init(_ work: @escaping @Sendable () -> Value) {
    self.work = work
  }

  /// The work's result: done now on this thread if no thread has begun it, else the result of
  /// the thread that has (waited for if it has not finished).
  func value() -> Value {
    condition.lock()
    while true {
      switch state {
      case .done(let value):
        condition.unlock()
        return value
      case .running:
        condition.wait()
      case .pending:
        state = .running
        condition.unlock()
        let value = work()
        condition.lock()
        state = .done(value)
        condition.broadcast()
        condition.unlock()
        return value
      }
    }
  }
}
