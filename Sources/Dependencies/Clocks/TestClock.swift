
/// A clock whose time moves only when a test says so.
///
/// Tasks sleeping on a test clock wake in deadline order, each exactly when the clock reaches its
/// deadline (`now` equals the deadline when it wakes). Effects started by a `TestStore` are
/// tracked: ``advance(by:)`` wakes each sleeper and then waits until every effect has either gone
/// back to sleep or finished, so a test never needs to sleep or yield.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: Timer.State()) { Timer() } withDependencies: {
///   $0.clock = clock
/// }
/// await store.send(.start)
/// await clock.advance(by: .seconds(1))
/// await store.receive(.tick) { $0.seconds = 1 }
/// ```
///
/// A sleeping task that is cancelled throws `CancellationError` at once.
public final class TestClock: Clock, Sendable {
  /// A point in the test clock's time: an offset from its start.
  public struct Instant: InstantProtocol, Sendable, Hashable, CustomStringConvertible {
    /// Time since the clock was created.
    public var offset: Duration

    /// Creates an instant `offset` after the clock's start.
    public init(offset: Duration = .zero) { self.offset = offset }

    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    public func duration(to other: Self) -> Duration { other.offset - offset }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
    public var description: String { "TestClock.Instant(\(offset))" }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
    let token: TestClockSleeper?
  }

  private struct State {
    var now: Instant
    var nextSleeperID = 0
    var sleepers: [Int: Sleeper] = [:]
    /// Sleepers whose task was cancelled before they were registered.
    var cancelledBeforeRegistration: Set<Int> = []
  }

  private let state: Lock<State>
  /// The observers of test stores using this clock: time only moves once their effects have
  /// reached a sleep or finished, so an effect that just started is not skipped over.
  private let attached = Lock<[ObjectIdentifier: WeakObserver]>([:])

  private struct WeakObserver {
    weak var observer: (any TestClockObserver)?
  }
  /// How long `advance` waits for a woken effect that makes no progress before moving on. Only
  /// reached when an effect waits on something other than this clock.
  private let stallTimeout: Duration

  /// Creates a clock at `now`.
  public init(now: Instant = Instant(), stallTimeout: Duration = .seconds(1)) {
    self.state = Lock(State(now: now))
    self.stallTimeout = stallTimeout
  }

  /// The clock's current time.
  public var now: Instant { state.withLock { $0.now } }

  /// The test clock has no resolution limit.
  public var minimumResolution: Duration { .zero }

  /// The number of tasks asleep on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until the clock is advanced to `deadline`; throws `CancellationError` if the task is
  /// cancelled first.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    if deadline <= now { return }
    let token = TestClockSleeper.current
    let id = state.withLock { state in
      defer { state.nextSleeperID += 1 }
      return state.nextSleeperID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let registered: Bool = state.withLock { state in
          if state.cancelledBeforeRegistration.remove(id) != nil { return false }
          if deadline <= state.now { return false }
          state.sleepers[id] = Sleeper(id: id, deadline: deadline, continuation: continuation, token: token)
          // Under the clock's lock, so that `advance` cannot report this sleeper gone before it
          // was reported asleep.
          if let token { token.observer.sleeperAdded(effectID: token.effectID) }
          return true
        }
        if registered { return }
        if Task.isCancelled {
          continuation.resume(throwing: CancellationError())
        } else {
          continuation.resume()
        }
      }
    } onCancel: {
      let sleeper: Sleeper? = state.withLock { state in
        if let sleeper = state.sleepers.removeValue(forKey: id) { return sleeper }
        state.cancelledBeforeRegistration.insert(id)
        return nil
      }
      if let sleeper {
        if let token = sleeper.token { token.observer.sleeperRemoved(effectID: token.effectID) }
        sleeper.continuation.resume(throwing: CancellationError())
      }
    }
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline is reached, in
  /// deadline order.
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline`, waking every sleeper whose deadline is reached, in
  /// deadline order. Moving backwards does nothing.
  ///
  /// Sleepers wake one at a time: each runs until it sleeps again or finishes before the next
  /// wakes, so tasks due at the same instant wake in the order they went to sleep, and what
  /// they do (the actions their effects send) happens in that order, however loaded the machine.
  public func advance(to deadline: Instant) async {
    await settleAttached()
    while true {
      let woken: Sleeper? = state.withLock { state in
        guard
          let earliest = state.sleepers.values.min(by: { ($0.deadline, $0.id) < ($1.deadline, $1.id) }),
          earliest.deadline <= deadline
        else {
          if state.now < deadline { state.now = deadline }
          return nil
        }
        state.now = earliest.deadline
        state.sleepers[earliest.id] = nil
        return earliest
      }
      guard let woken else { break }
      if let token = woken.token { token.observer.sleeperRemoved(effectID: token.effectID) }
      woken.continuation.resume()
      await settle(woken)
    }
  }

  /// Advances until no task is asleep on the clock.
  public func run() async {
    while let last = state.withLock({ $0.sleepers.values.map(\.deadline).max() }) {
      await advance(to: last)
    }
  }

  /// Lets a test store's effects reach their next suspension before time moves.
  package func attach(_ observer: any TestClockObserver) {
    attached.withLock { attached in
      attached = attached.filter { $0.value.observer != nil }
      attached[ObjectIdentifier(observer)] = WeakObserver(observer: observer)
    }
  }

  private func settleAttached() async {
    let observers = attached.withLock { $0.values.compactMap(\.observer) }
    for observer in observers {
      _ = await observer.waitUntilQuiescent(timeout: stallTimeout)
    }
  }

  /// Lets a woken sleeper reach its next suspension before time moves on.
  private func settle(_ woken: Sleeper) async {
    if let token = woken.token {
      _ = await token.observer.waitUntilQuiescent(timeout: stallTimeout)
    }
    await settleAttached()
    if woken.token == nil {
      // A task not started by a test store cannot be observed; give it scheduler turns to run.
      for _ in 0..<64 { await Task.yield() }
    }
  }
}
