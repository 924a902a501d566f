
/// A clock whose sleeps return at once, moving its time forward to the deadline.
///
/// Use it in tests where waiting is incidental (a delay before showing a result) and the test
/// does not care exactly when:
///
/// ```swift
/// store.dependencies.clock = ImmediateClock()
/// ```
public final class ImmediateClock: Clock, Sendable {
  /// A point in the clock's time: an offset from its start.
  public struct Instant: InstantProtocol, Sendable, Hashable {
    /// Time since the clock was created.
    public var offset: Duration

    /// Creates an instant `offset` after the clock's start.
    public init(offset: Duration = .zero) { self.offset = offset }

    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    public func duration(to other: Self) -> Duration { other.offset - offset }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  private let current: Lock<Instant>

  /// Creates a clock at `now`.
  public init(now: Instant = Instant()) { self.current = Lock(now) }

  /// The clock's current time: the latest deadline slept until.
  public var now: Instant { current.withLock { $0 } }

  /// The immediate clock has no resolution limit.
  public var minimumResolution: Duration { .zero }

  /// Returns at once (throwing `CancellationError` if the task is cancelled), moving `now` to
  /// `deadline`.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { if $0 < deadline { $0 = deadline } }
  }
}
