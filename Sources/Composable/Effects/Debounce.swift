import Dependencies

extension Effect {
  /// Delays this effect by `duration` on `clock`, restarting the delay whenever another effect
  /// with the same `id` arrives first.
  ///
  /// Only the last of a burst runs:
  ///
  /// ```swift
  /// case let .queryChanged(query):
  ///   state.query = query
  ///   return .run { send in await send(.results(try await client.search(query))) }
  ///     .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
  /// ```
  public func debounce<C: Clock>(
    id: some Hashable & Sendable,
    for duration: C.Duration,
    clock: C
  ) -> Self where C.Duration: Sendable {
    Effect.concatenate(
      Effect(.run(priority: nil, location: nil) { _ in
        // A cancelled delay ends the concatenation: the delayed effect never starts.
        try? await clock.sleep(for: duration)
      }),
      self
    )
    .cancellable(id: id, cancelInFlight: true)
  }
}
