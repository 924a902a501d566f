extension TestStore {
  /// Runs `operation` with ``exhaustivity`` set to `exhaustivity`, then restores the previous
  /// setting: a part of an exhaustive test that asserts only what it cares about.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.loginButtonTapped)
  ///   await store.receive(.loggedIn) { $0.isLoggedIn = true }
  /// }
  /// await store.send(.logoutButtonTapped) { … }  // exhaustive again
  /// ```
  ///
  /// When the block was non-exhaustive and the test is exhaustive again after it, the actions
  /// effects sent during the block and nobody received are let go, as a non-exhaustive test
  /// does at its next send: the exhaustive part starts from the state as it is.
  @discardableResult
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () async throws -> R
  ) async rethrows -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { restoreExhaustivity(previous) }
    return try await operation()
  }

  /// Runs `operation`, which only reads or sets things up, with ``exhaustivity`` set to
  /// `exhaustivity`, then restores the previous setting, as the asynchronous form does.
  @discardableResult
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () throws -> R
  ) rethrows -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { restoreExhaustivity(previous) }
    return try operation()
  }

  private func restoreExhaustivity(_ previous: Exhaustivity) {
    if exhaustivity == .off, previous == .on {
      received.removeAll()
      expectedBaseline = state
    }
    exhaustivity = previous
  }
}
