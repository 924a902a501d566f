extension Clock where Duration == Swift.Duration {
  /// A tick every `interval` on this clock, for as long as the task iterating it is not
  /// cancelled: the repeating timer of a feature's effect.
  ///
  /// ```swift
  /// @Dependency(\.clock) var clock
  ///
  /// case .startButtonTapped:
  ///   return .run { send in
  ///     for await _ in clock.timer(interval: .seconds(1)) {
  ///       await send(.tick)
  ///     }
  ///   }
  ///   .cancellable(id: CancelID.timer, cancelInFlight: true)
  /// case .stopButtonTapped:
  ///   return .cancel(id: CancelID.timer)
  /// ```
  ///
  /// The ticks fall at whole intervals from the moment iteration starts (a slow consumer does
  /// not shift the ones after), so on a ``TestClock`` advancing by three intervals gives three
  /// ticks. Cancelling the effect ends the loop: the sequence finishes instead of throwing. On
  /// an ``ImmediateClock`` every tick is due at once, so such a loop runs until it is cancelled.
  public func timer(interval: Duration) -> ClockTimer {
    ClockTimer(clock: self, interval: interval)
  }
}

/// The ticks of a clock's repeating timer; see `Clock.timer(interval:)`.
public struct ClockTimer: AsyncSequence, Sendable {
  /// A tick carries nothing: iterate with `for await _ in …`.
  public typealias Element = Void

  private let makeIterator: @Sendable () -> Iterator

  init<C: Clock<Duration>>(clock: C, interval: Duration) {
    precondition(interval > .zero, "Clock.timer(interval:): the interval must be positive, not \(interval)")
    makeIterator = {
      let start = clock.now
      return Iterator { tick in
        try await clock.sleep(until: start.advanced(by: interval * tick), tolerance: nil)
      }
    }
  }

  /// Starts the timer: the first tick comes one interval from now.
  public func makeAsyncIterator() -> Iterator {
    makeIterator()
  }

  /// Waits for each tick in turn.
  public struct Iterator: AsyncIteratorProtocol, Sendable {
    private let sleepUntilTick: @Sendable (Int) async throws -> Void
    private var tick = 0

    fileprivate init(sleepUntilTick: @escaping @Sendable (Int) async throws -> Void) {
      self.sleepUntilTick = sleepUntilTick
    }

    /// The next tick, or nil once the iterating task is cancelled.
    public mutating func next() async -> Void? {
      tick += 1
      do {
        try await sleepUntilTick(tick)
      } catch {
        return nil
      }
      return Task.isCancelled ? nil : ()
    }
  }
}
