import Dependencies

extension Effect {
  /// Delays this effect by `duration` on `clock`, restarting the delay whenever another effect
  /// with the same `id` arrives first.
  ///
  /// Only the last of a burst runs:
  ///
  /// ```swift
  /// @Dependency(\.clock) var clock
  ///
  /// case let .queryChanged(query):
  ///   state.query = query
  ///   return .run { send in await send(.results(try await client.search(query))) }
  ///     .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
  /// ```
  ///
  /// `clock` is an `any Clock<Duration>`, the type of the `clock` dependency, so `clock: clock`
  /// compiles as written whether or not the file imports Foundation (whose C function `clock()`
  /// would stand in the way of a generic parameter); any clock measured in `Duration`
  /// (`ContinuousClock`, `TestClock`, `ImmediateClock`) can be passed.
  public func debounce(
    id: some Hashable & Sendable,
    for duration: Duration,
    clock: any Clock<Duration>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    delayed(id: id, at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)) {
      try? await clock.sleep(for: duration)
    }
  }

  /// This effect after `delay`, cancelling any other under `id` that has not started yet.
  private func delayed(
    id: some Hashable & Sendable, at location: SourceLocation, delay: @escaping @Sendable () async -> Void
  ) -> Self {
    // A cancelled delay ends the concatenation: the delayed effect never starts.
    Effect.concatenate(Effect(.run(priority: nil, location: location) { _ in await delay() }), self)
      .cancellable(id: id, cancelInFlight: true)
  }
}
