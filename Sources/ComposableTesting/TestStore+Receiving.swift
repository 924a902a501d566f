import Composable
import Dependencies

extension TestStore {
  /// Asserts that an effect sent `expectedAction` next, and how it changed the state.
  public func receive(
    _ expectedAction: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receive(
      matching: { $0 == expectedAction },
      mismatch: { actual in
        """
        Received unexpected action: …

        \(indent(diff(expectedAction, actual) ?? customDump(actual)))

        (Expected: −, Actual: +)
        """
      },
      update: updateStateToExpectedResult,
      location: Dependencies.SourceLocation(
        fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that an effect sent an action in the case of `casePath` next, and how it changed
  /// the state.
  ///
  /// ```swift
  /// await store.receive(.searchResponse) { $0.results = ["Milk"] }
  /// ```
  public func receive<Value>(
    _ casePath: CasePath<Action, Value>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      matching: { casePath.extract(from: $0) != nil },
      mismatch: { actual in
        """
        Received an action in another case than expected: …

        \(indent(customDump(actual)))
        """
      },
      update: updateStateToExpectedResult,
      location: Dependencies.SourceLocation(
        fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that an effect sent `value` in the case of `casePath` next, and how it changed the
  /// state: the case and its payload must both match, and the action need not be `Equatable`.
  ///
  /// ```swift
  /// await store.receive(.searchResponse, ["Milk"]) { $0.results = ["Milk"] }
  /// ```
  ///
  /// A payload that differs fails with a diff of the expected action against the one received.
  public func receive<Value: Equatable>(
    _ casePath: CasePath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      matching: { casePath.extract(from: $0) == value },
      mismatch: { actual in
        """
        Received unexpected action: …

        \(indent(diff(casePath.embed(value), actual) ?? customDump(actual)))

        (Expected: −, Actual: +)
        """
      },
      update: updateStateToExpectedResult,
      location: Dependencies.SourceLocation(
        fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that an effect sent an action for which `isMatching` is true next, and how it
  /// changed the state.
  public func receive(
    where isMatching: (Action) -> Bool,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      matching: isMatching,
      mismatch: { actual in
        """
        Received an action that does not match the predicate: …

        \(indent(customDump(actual)))
        """
      },
      update: updateStateToExpectedResult,
      location: Dependencies.SourceLocation(
        fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  private func receive(
    matching isMatching: (Action) -> Bool,
    mismatch: (Action) -> String,
    update: ((inout State) throws -> Void)?,
    location: Dependencies.SourceLocation
  ) async {
    lastLocation = location
    if exhaustivity == .on, let index = receivedOutOfOrder.firstIndex(where: isMatching) {
      // Already reported, with the receive that came too early: one failure for one cause.
      receivedOutOfOrder.remove(at: index)
      return
    }
    let wait: WaitOutcome
    switch exhaustivity {
    case .on:
      wait = await waitUntil { !self.received.isEmpty }
    case .off:
      wait = await waitUntil { self.received.contains { isMatching($0.action) } }
    }
    guard !received.isEmpty else {
      fail("Expected to receive an action, but received none.\(explain(wait))", at: location)
      return
    }
    switch exhaustivity {
    case .on:
      let next = received.removeFirst()
      let (action, actual) = (next.action, next.checkpoint)
      guard isMatching(action) else {
        if let later = received.firstIndex(where: { isMatching($0.action) }) {
          let earlier = [next] + received[..<later]
          let expected = received[later]
          fail(
            """
            Received the expected action after \(count(earlier.count, "other action")), which \
            \(earlier.count == 1 ? "was" : "were") not received first: …

            Expected action:
            \(indent(customDump(expected.action)))

            Received before it:
            \(earlier.map { indent(customDump($0.action)) }.joined(separator: "\n"))

            Receive actions in the order they were sent. \(earlier.count == 1 ? "That action is" : "Those actions are") \
            accepted without a second failure.
            """,
            at: location
          )
          receivedOutOfOrder.append(contentsOf: earlier.map(\.action))
          received.removeFirst(later + 1)
          baseline = expected.checkpoint
          return
        }
        fail(mismatch(action), at: location)
        baseline = actual
        return
      }
      checkState(
        expectedFrom: takeBaseline(replacingWith: actual), actual: actual, update: update, location: location)
      if received.isEmpty { await activity.runUntilBlocked(deadline: ContinuousClock.now.advanced(by: timeout * 60)) }
    case .off:
      guard let index = received.firstIndex(where: { isMatching($0.action) }) else {
        fail(
          """
          Expected to receive a matching action, but received only other actions: …

          Received actions:
          \(received.map { indent(customDump($0.action)) }.joined(separator: "\n"))\(explain(wait))
          """,
          at: location
        )
        received.removeAll()
        expectedBaseline = state
        return
      }
      let actual = received[index].checkpoint
      received.removeFirst(index + 1)
      checkState(expectedFrom: actual, actual: actual, update: update, location: location)
      baseline = actual
    }
  }
}
