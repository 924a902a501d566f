/// The clock used to wait: `ContinuousClock` when live.
///
/// Features sleep on this clock instead of `Task.sleep`, so tests can substitute a ``TestClock``
/// (to control time exactly) or an ``ImmediateClock`` (to skip waits):
///
/// ```swift
/// @Dependency(\.clock) var clock
/// return .run { send in
///   try await clock.sleep(for: .seconds(1))
///   await send(.timerTicked)
/// }
/// ```
///
/// The key has no test value: a test that reaches the clock must choose one.
private enum ClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
}

extension DependencyValues {
  /// The clock used to wait; see ``TestClock`` and ``ImmediateClock`` for tests.
  public var clock: any Clock<Duration> {
    get { self[ClockKey.self] }
    set { self[ClockKey.self] = newValue }
  }
}
