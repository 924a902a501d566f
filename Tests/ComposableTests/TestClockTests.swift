import Composable
import ComposableTesting
import Dependencies
import Testing

/// Starts `body` as an effect tracked by `activity`, the way a test store starts effects.
private func startTracked(
  _ activity: EffectActivity,
  _ body: @escaping @Sendable () async throws -> Void
) -> Task<Void, any Error> {
  let effect = activity.effectStarted(at: nil)
  return Task {
    defer { activity.effectFinished(effect) }
    let sleeper = TestClockSleeper(observer: activity, effectID: effect)
    try await TestClockSleeper.$current.withValue(sleeper) { try await body() }
  }
}

private final class ClockLog: Sendable {
  private let entries = Lock<[String]>([])
  func append(_ entry: String) { entries.withLock { $0.append(entry) } }
  var all: [String] { entries.withLock { $0 } }
}

@Suite struct TestClockTests {
  @Test func sleepersWakeInDeadlineOrderExactlyAtTheirDeadline() async throws {
    let clock = TestClock()
    let activity = EffectActivity()
    let log = ClockLog()
    for (name, seconds) in [("a", 3), ("b", 1), ("c", 2)] {
      _ = startTracked(activity) {
        try await clock.sleep(for: .seconds(seconds))
        log.append("\(name)@\(clock.now.offset)")
      }
    }
    await activity.waitUntilQuiescent(timeout: .seconds(5))
    #expect(clock.sleeperCount == 3)

    await clock.advance(by: .seconds(3))

    #expect(log.all == ["b@1.0 seconds", "c@2.0 seconds", "a@3.0 seconds"])
    #expect(clock.now.offset == .seconds(3))
  }

  @Test func advanceWakesOnlySleepersWhoseDeadlineIsReached() async throws {
    let clock = TestClock()
    let activity = EffectActivity()
    let log = ClockLog()
    _ = startTracked(activity) {
      try await clock.sleep(for: .seconds(1))
      log.append("short")
    }
    _ = startTracked(activity) {
      try await clock.sleep(for: .seconds(10))
      log.append("long")
    }
    await activity.waitUntilQuiescent(timeout: .seconds(5))

    await clock.advance(by: .milliseconds(999))
    #expect(log.all == [])
    await clock.advance(by: .milliseconds(1))
    #expect(log.all == ["short"])
    #expect(clock.sleeperCount == 1)
  }

  @Test func aRepeatingSleeperTicksOncePerInterval() async throws {
    let clock = TestClock()
    let activity = EffectActivity()
    let log = ClockLog()
    _ = startTracked(activity) {
      for _ in 1...5 {
        try await clock.sleep(for: .seconds(1))
        log.append("tick@\(clock.now.offset)")
      }
    }
    await activity.waitUntilQuiescent(timeout: .seconds(5))

    await clock.advance(by: .seconds(4))
    #expect(log.all.count == 4)
    await clock.advance(by: .seconds(10))
    #expect(
      log.all == (1...5).map { "tick@\(Double($0)) seconds" }
    )
    #expect(activity.snapshot.runningEffects == 0)
  }

  @Test func runAdvancesUntilNobodySleeps() async throws {
    let clock = TestClock()
    let activity = EffectActivity()
    let log = ClockLog()
    _ = startTracked(activity) {
      try await clock.sleep(for: .seconds(2))
      try await clock.sleep(for: .seconds(5))
      log.append("done@\(clock.now.offset)")
    }
    await activity.waitUntilQuiescent(timeout: .seconds(5))

    await clock.run()

    #expect(log.all == ["done@7.0 seconds"])
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancellingASleeperThrowsCancellationError() async throws {
    let clock = TestClock()
    let activity = EffectActivity()
    let task = startTracked(activity) {
      try await clock.sleep(for: .seconds(1))
    }
    await activity.waitUntilQuiescent(timeout: .seconds(5))
    #expect(clock.sleeperCount == 1)

    task.cancel()

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleeperCount == 0)
    #expect(clock.now.offset == .zero)
  }

  @Test func sleepingInACancelledTaskThrowsAtOnce() async throws {
    let clock = TestClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func sleepingUntilAPastDeadlineReturnsAtOnce() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(5))
    try await clock.sleep(until: TestClock.Instant(offset: .seconds(3)))
    #expect(clock.now.offset == .seconds(5))
    #expect(clock.sleeperCount == 0)
  }

  @Test func advancingBackwardsDoesNothing() async {
    let clock = TestClock()
    await clock.advance(by: .seconds(5))
    await clock.advance(to: TestClock.Instant(offset: .seconds(1)))
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func worksAsTheClockDependency() async throws {
    let clock = TestClock()
    let activity = EffectActivity()
    let log = ClockLog()
    await withDependencies {
      $0.clock = clock
    } operation: {
      _ = startTracked(activity) {
        @Dependency(\.clock) var dependencyClock
        try await dependencyClock.sleep(for: .seconds(1))
        log.append("woke")
      }
      await activity.waitUntilQuiescent(timeout: .seconds(5))
      await clock.advance(by: .seconds(1))
    }
    #expect(log.all == ["woke"])
  }
}

@Suite struct ImmediateClockTests {
  @Test func sleepReturnsAtOnceAndMovesTimeToTheDeadline() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(60))
    try await clock.sleep(for: .seconds(30))
    #expect(clock.now.offset == .seconds(90))
  }

  @Test func sleepingInACancelledTaskThrows() async {
    let clock = ImmediateClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.now.offset == .zero)
  }
}
