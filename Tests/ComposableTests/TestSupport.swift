import Dependencies

/// Streams that effects listen to and tests feed, one per name, so that a test can prove an
/// effect is still alive (it answers what it is fed) or has ended (its loop returned), without
/// sleeping.
///
/// ```swift
/// // in the reducer:
/// let values = feeds.stream("row 1")
/// return .run { send in
///   for await value in values { await send(.heard(value)) }
///   feeds.end("row 1")
/// }
/// // in the test:
/// feeds.send(7, to: "row 1")
/// await store.receive(.heard(7))
/// ```
///
/// `for await` over an `AsyncStream` returns when its task is cancelled, so an effect that
/// listens to a feed ends exactly when it is cancelled.
final class TestFeeds: Sendable {
  private struct State {
    var continuations: [String: AsyncStream<Int>.Continuation] = [:]
    var ended: [String] = []
  }

  private let state = Lock(State())

  /// A new stream for `name`, replacing any earlier one. Create it in the reducer, so that a
  /// value sent right after the action is buffered even if the effect has not started yet.
  func stream(_ name: String) -> AsyncStream<Int> {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    state.withLock { $0.continuations[name] = continuation }
    return stream
  }

  /// Feeds `value` to the effect listening to `name`.
  func send(_ value: Int, to name: String) {
    let continuation = state.withLock { $0.continuations[name] }
    continuation?.yield(value)
  }

  /// Records that the effect listening to `name` ended.
  func end(_ name: String) {
    state.withLock { $0.ended.append(name) }
  }

  /// The names whose effects ended, in the order they ended.
  var ended: [String] { state.withLock { $0.ended } }
}
