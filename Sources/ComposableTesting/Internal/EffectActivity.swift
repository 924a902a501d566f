import Composable
import Dependencies
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tracks the effects of one test store so that tests can know, without sleeping or yielding,
/// when nothing more can happen until a test clock advances.
///
/// The store's runtime tells the activity of each effect it starts (it is the runtime's
/// ``EffectObserver``), and the activity runs each effect's task with a ``TestClockSleeper``
/// bound, which the effect's child tasks inherit; ``TestClock`` reads it when a task sleeps and
/// tells the activity which effects are asleep. The effects' jobs run on the test store's
/// ``EffectExecutor``, which counts them.
///
/// The effects are *quiescent* when nothing of theirs can run without the clock: every running
/// effect has a task asleep on a test clock, and none of the tasks of any effect, child tasks
/// included, can do anything more: none has a job queued or running on the executor, and none
/// is waiting its turn on the main actor (an effect's `send`), which a round trip through the
/// main actor finds (see ``isSettled(_:)``). An effect with one child asleep and another still
/// sending is therefore not asleep.
package final class EffectActivity: EffectObserver, TestClockObserver {
  package struct Snapshot: Sendable, Equatable {
    /// Increases on every change, so a waiter can tell that something happened.
    package var version: UInt64
    package var runningEffects: Int
    /// Effects with at least one task asleep on a test clock.
    package var sleepingEffects: Int
    /// Jobs of the effects' tasks queued on the test store's executor or running there: work
    /// that will happen, however slowly a loaded machine gets to it.
    package var runnableJobs: Int
    /// Every running effect is asleep on a test clock and no task of any effect has a job to
    /// run. Work on its way through the main actor is not counted here: see ``isSettled(_:)``.
    package var isQuiescent: Bool { runnableJobs == 0 && sleepingEffects >= runningEffects }
  }

  private struct State {
    var version: UInt64 = 0
    var nextEffectID = 0
    /// The running effects, with where each comes from (nil for work no test call started).
    var running: [Int: EffectOrigin?] = [:]
    /// The test store's last `send` or `receive`: what an effect started from a task that does
    /// not inherit task-local values (`Task.detached`, a callback's `Task {}`) is attributed to,
    /// so that it is still reported if it outlives the test.
    var lastTestCall: SourceLocation?
    /// Number of sleepers per running effect (a task group may sleep in several children).
    var sleepers: [Int: Int] = [:]
    var runnableJobs = 0
    var nextWaiterID = 0
    var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]

    var snapshot: Snapshot {
      Snapshot(
        version: version, runningEffects: running.count, sleepingEffects: sleepers.count, runnableJobs: runnableJobs)
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

  /// Records the test store's latest `send` or `receive` (see `State.lastTestCall`).
  package func testCalled(at location: SourceLocation) {
    state.withLock { $0.lastTestCall = location }
  }

  /// Where each running effect started by a test call comes from, in start order.
  package var runningOrigins: [EffectOrigin] {
    state.withLock { state in
      state.running.sorted { $0.key < $1.key }.compactMap(\.value)
    }
  }

  // MARK: - EffectObserver

  /// Registers a new effect before its task starts, so that it counts as running at once. It
  /// belongs to the test call whose work is running now (see ``TestCall``).
  package func effectStarted(at location: SourceLocation?) -> Int {
    let call = TestCall.current
    let (id, woken) = state.withLock { state in
      let origin = (call ?? state.lastTestCall).map { EffectOrigin(send: $0, effect: location) }
      let id = state.nextEffectID
      state.nextEffectID += 1
      state.running[id] = origin
      return (id, state.changed())
    }
    woken.forEach { $0.resume(returning: true) }
    return id
  }

  /// Runs the effect's work with the sleeper token its tasks, and their child tasks, hand the
  /// test clock, and with the test call it belongs to, which the actions it sends are
  /// attributed to.
  package func run(effect: Int, _ operation: @Sendable () async -> Void) async {
    let call = state.withLock { $0.running[effect]??.send }
    await TestClockSleeper.$current.withValue(TestClockSleeper(observer: self, effectID: effect)) {
      await TestCall.$current.withValue(call, operation: operation)
    }
  }

  package func effectFinished(_ effect: Int) {
    update { state in
      state.running[effect] = nil
      state.sleepers[effect] = nil
    }
  }

  // MARK: - TestClockObserver

  package func sleeperAdded(effectID: Int) {
    update { state in
      guard state.running[effectID] != nil else { return }
      state.sleepers[effectID, default: 0] += 1
    }
  }

  package func sleeperRemoved(effectID: Int) {
    update { state in
      guard let count = state.sleepers[effectID] else { return }
      state.sleepers[effectID] = count > 1 ? count - 1 : nil
    }
  }

  // MARK: - Progress

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

  /// Whether the effects, quiescent in `snapshot`, still are once the main actor has run what
  /// was queued on it: a task of an effect that has left the executor for the main actor (to
  /// send an action) has no job to count while it waits its turn there, and is not asleep.
  ///
  /// Not isolated to the main actor, so that the round trip lets the main actor run what it has
  /// queued (the test itself runs there). A task whose job ended by moving to the main actor
  /// was queued there before the job ended, so before `snapshot` was taken: the round trip runs
  /// it, and what it does (processing an action, coming back to the executor) changes the
  /// version.
  package func isSettled(_ snapshot: Snapshot) async -> Bool {
    guard snapshot.isQuiescent else { return false }
    if snapshot.runningEffects == 0 { return true }
    await MainActor.run {}
    await MainActor.run {}
    return self.snapshot.version == snapshot.version
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
      if snapshot.isQuiescent {
        if await isSettled(snapshot) { return }
        continue
      }
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
      if snapshot.isQuiescent {
        if await isSettled(snapshot) { return true }
        continue
      }
      guard await waitForProgress(after: snapshot.version, timeout: timeout) else { return false }
    }
  }
}

extension EffectActivity {
  /// Blocks the current thread while the effects have work queued on their executor (an effect
  /// returning after its last action was received), for at most `giveUp`.
  ///
  /// Only a test store's `deinit` uses it: it cannot suspend, and the effects' executor is not
  /// the main thread. It cannot wait for work that needs the main actor, which the `deinit` holds.
  func settleBlocking(giveUp: Duration) {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: giveUp)
    while clock.now < deadline {
      let snapshot = self.snapshot
      guard snapshot.runnableJobs > 0, snapshot.sleepingEffects < snapshot.runningEffects else { return }
      usleep(50)
    }
  }
}
