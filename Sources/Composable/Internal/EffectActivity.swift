import Dependencies
import Dispatch

/// Tracks the effects of one test store so that tests can know, without sleeping or yielding,
/// when nothing more can happen until a test clock advances.
///
/// The store registers each effect it starts and runs the effect's task with an ``Token``
/// bound; ``TestClock`` reads the token when the task sleeps and tells the activity which effects
/// are asleep. The activity is *quiescent* when every running effect is asleep on a test clock
/// (or none is running): then `receive`, `finish` and `TestClock.advance` can decide at once.
package final class EffectActivity: TestClockObserver {
  /// Identifies the effect a task belongs to; child tasks inherit it.
  package typealias Token = TestClockSleeper

  package struct Snapshot: Sendable, Equatable {
    /// Increases on every change, so a waiter can tell that something happened.
    package var version: UInt64
    package var runningEffects: Int
    package var sleepingEffects: Int
    /// Jobs of the effects' tasks queued on the test store's executor or running there: work
    /// that will happen, however slowly a loaded machine gets to it.
    package var runnableJobs: Int
    /// Every running effect is asleep on a test clock.
    package var isQuiescent: Bool { sleepingEffects >= runningEffects }
  }

  private struct State {
    var version: UInt64 = 0
    var nextEffectID = 0
    var running: Set<Int> = []
    /// Number of sleepers per running effect (a task group may sleep in several children).
    var sleepers: [Int: Int] = [:]
    var runnableJobs = 0
    var nextWaiterID = 0
    var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]

    var snapshot: Snapshot {
      Snapshot(version: version, runningEffects: running.count, sleepingEffects: sleepers.count, runnableJobs: runnableJobs)
    }

    mutating func changed() -> [CheckedContinuation<Bool, Never>] {
      version &+= 1
      let woken = Array(waiters.values)
      waiters.removeAll()
      return woken
    }
  }

  private let state = Lock(State())

  package init() {}

  package var snapshot: Snapshot { state.withLock { $0.snapshot } }

  /// Registers a new effect before its task starts, so that it counts as running at once.
  package func effectStarted() -> Token {
    let (id, woken) = state.withLock { state in
      let id = state.nextEffectID
      state.nextEffectID += 1
      state.running.insert(id)
      return (id, state.changed())
    }
    woken.forEach { $0.resume(returning: true) }
    return Token(observer: self, effectID: id)
  }

  package func effectFinished(_ token: Token) {
    update { state in
      state.running.remove(token.effectID)
      state.sleepers[token.effectID] = nil
    }
  }

  package func sleeperAdded(effectID: Int) {
    update { state in
      guard state.running.contains(effectID) else { return }
      state.sleepers[effectID, default: 0] += 1
    }
  }

  package func sleeperRemoved(effectID: Int) {
    update { state in
      guard let count = state.sleepers[effectID] else { return }
      state.sleepers[effectID] = count > 1 ? count - 1 : nil
    }
  }

  /// Records that something a waiter may care about happened (an action arrived).
  package func touch() { update { _ in } }

  /// A job of an effect's task was queued on the test store's executor.
  package func jobQueued() { update { $0.runnableJobs += 1 } }

  /// A job of an effect's task ran until it finished or suspended.
  package func jobRan() { update { $0.runnableJobs -= 1 } }

  private func update(_ body: (inout State) -> Void) {
    let woken = state.withLock { state in
      body(&state)
      return state.changed()
    }
    woken.forEach { $0.resume(returning: true) }
  }

  /// Waits until the version moves past `version`; returns false if nothing changed within
  /// `timeout` (nil: however long it takes).
  package func waitForChange(after version: UInt64, timeout: Duration?) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let waiterID: Int? = state.withLock { state in
        guard state.version == version else { return nil }
        let id = state.nextWaiterID
        state.nextWaiterID += 1
        state.waiters[id] = continuation
        return id
      }
      guard let waiterID else {
        continuation.resume(returning: true)
        return
      }
      guard let timeout else { return }
      let (seconds, attoseconds) = timeout.components
      let nanoseconds = Int(clamping: seconds) &* 1_000_000_000 &+ Int(attoseconds / 1_000_000_000)
      DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
        let timedOut = self.state.withLock { $0.waiters.removeValue(forKey: waiterID) }
        timedOut?.resume(returning: false)
      }
    }
  }

  /// Waits until something happens after `version`; false when the effects are stuck.
  ///
  /// Stuck is decided by where the effects stand, not by a clock: while a job of theirs is
  /// queued or running on the test store's executor, or waiting for the main actor (an effect's
  /// `send`), they will make progress however long a loaded machine takes, and this waits.
  /// Only when none is, and nothing changes for `timeout`, are they waiting on something
  /// outside the test (real I/O, a continuation nobody resumes, a clock that is not a test
  /// clock).
  package func waitForProgress(after version: UInt64, timeout: Duration) async -> Bool {
    while true {
      if snapshot.version != version { return true }
      if snapshot.runnableJobs > 0 {
        _ = await waitForChange(after: version, timeout: nil)
        continue
      }
      // Whatever the main actor has queued (an effect sending an action) runs before this.
      await MainActor.run {}
      await MainActor.run {}
      if snapshot.version != version { return true }
      if await waitForChange(after: version, timeout: timeout) { return true }
      if snapshot.runnableJobs == 0 { return false }
    }
  }

  /// Lets the effects do what they can do now, and returns once each is asleep on a test clock,
  /// finished, or waiting on something no job in the process is about to do (no job of theirs
  /// queued on the test store's executor, none waiting for the main actor), or at `deadline` for
  /// effects that never stop working. Takes no time when no effect runs.
  package func runUntilBlocked(deadline: ContinuousClock.Instant) async {
    while ContinuousClock.now < deadline {
      let snapshot = self.snapshot
      if snapshot.isQuiescent { return }
      if snapshot.runnableJobs > 0 {
        _ = await waitForChange(after: snapshot.version, timeout: nil)
        continue
      }
      await MainActor.run {}
      await MainActor.run {}
      if self.snapshot.version == snapshot.version { return }
    }
  }

  /// Waits until every running effect is asleep on a test clock or finished. Returns false if
  /// the effects are stuck (see ``waitForProgress(after:timeout:)``).
  @discardableResult
  package func waitUntilQuiescent(timeout: Duration) async -> Bool {
    while true {
      let snapshot = self.snapshot
      if snapshot.isQuiescent { return true }
      guard await waitForProgress(after: snapshot.version, timeout: timeout) else { return false }
    }
  }
}
