import Composable
import Dependencies
import Foundation

/// A counter that can be incremented, decremented, reset, and incremented after a delay.
///
/// The delay runs on the `clock` dependency, so a test controls it with a `TestClock`:
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: Counter.State()) { Counter() } withDependencies: {
///   $0.clock = clock
/// }
/// await store.send(.delayedIncrementButtonTapped) { $0.pendingIncrements = 1 }
/// await clock.advance(by: Counter.delay)
/// await store.receive(.delayElapsed) {
///   $0.count = 1
///   $0.pendingIncrements = 0
/// }
/// ```
public struct Counter: Reducer {
  /// What the counter shows.
  public struct State: Equatable, Sendable {
    /// The current count.
    public var count: Int
    /// Delayed increments that have not happened yet.
    public var pendingIncrements: Int

    /// Creates a counter showing `count` with nothing pending.
    public init(count: Int = 0, pendingIncrements: Int = 0) {
      self.count = count
      self.pendingIncrements = pendingIncrements
    }
  }

  /// Everything that can happen to the counter.
  public enum Action: Equatable, Sendable {
    /// Adds one.
    case incrementButtonTapped
    /// Subtracts one.
    case decrementButtonTapped
    /// Sets the count back to zero and cancels the pending delayed increments.
    case resetButtonTapped
    /// Adds one after ``Counter/delay``.
    case delayedIncrementButtonTapped
    /// A delayed increment's delay has passed.
    case delayElapsed
  }

  /// How long a delayed increment waits.
  public static let delay: Duration = .seconds(1)

  enum CancelID: Hashable, Sendable { case delayedIncrement }

  @Dependency(\.clock) var clock

  /// Creates the counter feature.
  public init() {}

  /// Changes the count for `action`; a delayed increment sleeps on the `clock` dependency.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementButtonTapped:
      state.count += 1
      return .none

    case .decrementButtonTapped:
      state.count -= 1
      return .none

    case .resetButtonTapped:
      state.count = 0
      state.pendingIncrements = 0
      return .cancel(id: CancelID.delayedIncrement)

    case .delayedIncrementButtonTapped:
      state.pendingIncrements += 1
      return .run { [clock] send in
        try await clock.sleep(for: Self.delay)
        await send(.delayElapsed)
      }
      // Not `cancelInFlight`: each tap is its own increment. The id lets reset cancel them all.
      .cancellable(id: CancelID.delayedIncrement)

    case .delayElapsed:
      state.count += 1
      state.pendingIncrements -= 1
      return .none
    }
  }
}
