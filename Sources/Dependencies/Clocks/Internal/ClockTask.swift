/// A task that is not a test store's effect but sleeps on a ``TestClock`` (a shared value's
/// delayed save): a test clock the task is attached to waits, before and after moving time, until
/// the task sleeps or ends, as it waits for a test store's effects, so that what the task does
/// after a sleep is done when `advance` returns.
package final class ClockTask: TestClockObserver, Sendable {
  private enum Phase {
    case running
    case asleep
    case finished
  }

  private struct State {
    var phase = Phase.running
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Lock(State())

  package init() {}

  /// The token that makes the task's sleeps on a test clock known to this observer.
  package var sleeper: TestClockSleeper { TestClockSleeper(observer: self, effectID: 0) }

  /// Starts `operation` as this clock task, attached to `clock` when it is a test clock.
  package func start(
    on clock: any Clock<Duration>,
    _ operation: @escaping @Sendable () async -> Void
  ) {
    (clock as? TestClock)?.attach(self)
    let sleeper = sleeper
    Task {
      await TestClockSleeper.$current.withValue(sleeper) { await operation() }
      self.move(to: .finished)
    }
  }

  package func sleeperAdded(effectID: Int) { move(to: .asleep) }

  package func sleeperRemoved(effectID: Int) {
    state.withLock { state in
      if state.phase == .asleep { state.phase = .running }
    }
  }

  /// Waits until the task sleeps or ends; gives up after `timeout` (of real time) when it is
  /// waiting on something other than the clock, as a test store's effects do.
  package func waitUntilQuiescent(timeout: Duration) async -> Bool {
    if state.withLock({ $0.phase != .running }) { return true }
    return await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
          let ready: Bool = self.state.withLock { state in
            guard state.phase == .running else { return true }
            state.waiters.append(continuation)
            return false
          }
          if ready { continuation.resume() }
        }
        return true
      }
      group.addTask {
        try? await ContinuousClock().sleep(for: timeout)
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      if !first { self.move(to: self.state.withLock { $0.phase }) }
      return first
    }
  }

  private func move(to phase: Phase) {
    let waiters = state.withLock { state in
      state.phase = phase
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
