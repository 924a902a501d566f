import Composable
import Dependencies

extension TestStore {
  /// How a wait ended: what it waited for happened, or no effect runs, or every one is asleep on
  /// a test clock, or they made no progress.
  enum WaitOutcome {
    case satisfied, nothingRunning, asleep(Int), stalled(Int)
  }

  /// Waits until `condition` holds or nothing more can happen without the test acting.
  ///
  /// Whether effects can still make progress is known from where they stand (see
  /// `EffectActivity.waitForProgress`), not guessed from the time passing, so a test passes the
  /// same on a machine starved by other work.
  func waitUntil(_ condition: () -> Bool) async -> WaitOutcome {
    // Only an effect that never stops doing something (sending in a loop without ever
    // sleeping) can keep the store waiting this long; it must fail the test rather than hang it.
    let giveUp = ContinuousClock.now.advanced(by: timeout * 60)
    while true {
      if condition() { return .satisfied }
      let snapshot = activity.snapshot
      if snapshot.runningEffects == 0 { return .nothingRunning }
      let progressed: Bool
      if snapshot.isQuiescent {
        if await activity.isSettled(snapshot) { return .asleep(snapshot.runningEffects) }
        // Something moved while the main actor ran what it had queued.
        progressed = true
      } else {
        progressed = await activity.waitForProgress(after: snapshot.version, timeout: timeout)
      }
      if !progressed || ContinuousClock.now >= giveUp {
        return .stalled(activity.snapshot.runningEffects)
      }
    }
  }
}
