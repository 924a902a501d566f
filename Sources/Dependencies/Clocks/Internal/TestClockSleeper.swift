/// Tells whoever runs a task (a test store, for its effects) when the task sleeps on a
/// ``TestClock``, so that it can tell "asleep until the clock moves" from "still working"
/// without watching the time pass.
package protocol TestClockObserver: AnyObject, Sendable {
  /// A task of effect `effectID` went to sleep on a test clock.
  func sleeperAdded(effectID: Int)
  /// A task of effect `effectID` woke up, or was cancelled in its sleep.
  func sleeperRemoved(effectID: Int)
  /// Waits until every task observed is asleep on a test clock or finished; false when they
  /// are stuck (waiting on something else and making no progress for `timeout`).
  func waitUntilQuiescent(timeout: Duration) async -> Bool
}

/// The observer and effect a task runs for, bound by the test store around each effect's task;
/// child tasks inherit it.
package struct TestClockSleeper: Sendable {
  package let observer: any TestClockObserver
  package let effectID: Int

  package init(observer: any TestClockObserver, effectID: Int) {
    self.observer = observer
    self.effectID = effectID
  }

  @TaskLocal package static var current: TestClockSleeper?
}
