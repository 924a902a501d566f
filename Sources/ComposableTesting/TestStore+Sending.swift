import Composable
import Dependencies

extension TestStore {
  /// Sends `action` and asserts how it changes the state.
  ///
  /// `updateStateToExpectedResult` receives the state before the action and must change it into
  /// the state after; without it, the state must not change. It runs with the store's
  /// dependencies.
  ///
  /// Before returning, the effects the action started run as far as they can without the test
  /// (until they sleep on a test clock, finish, or wait on something else).
  ///
  /// - Returns: The effects the action started, to wait for or cancel.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = Dependencies.SourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    lastLocation = location
    if !received.isEmpty {
      if exhaustivity == .on { reportUnreceived(received, before: location) }
      // Their state changes are accepted, so that this action's assertion is checked on its own
      // and the same root cause is not reported again as a state mismatch.
      received.removeAll()
      expectedBaseline = state
    }
    if exhaustivity == .off { expectedBaseline = state }

    for clock in dependencies.testClocks { clock.attach(activity) }
    sentState = nil
    isSendingAction = true
    testCall.withLock { $0 = location }
    // The effects this action starts, and the actions they send back, belong to this call.
    let storeTask = TestCall.$current.withValue(location) { store.send(action) }
    testCall.withLock { $0 = nil }
    isSendingAction = false
    let after = sentState ?? Checkpoint(state: state, shared: sharedTracker.snapshot())
    sentState = nil
    checkState(
      expectedFrom: takeBaseline(replacingWith: after), actual: after, update: updateStateToExpectedResult,
      location: location, laterActions: received[...])
    let tasks = storeTask.tasks
    if !tasks.isEmpty {
      await activity.runUntilBlocked(deadline: ContinuousClock.now.advanced(by: timeout * 60))
    }
    return task(for: tasks, origin: location)
  }

  /// Called by the store for every action it processes: the one `send` sends first, then the
  /// actions its effects send back.
  func didProcess(_ action: Action, _ state: State) {
    // The action this store's `send` sends is the first one the idle store processes.
    if isSendingAction {
      isSendingAction = false
      sentState = Checkpoint(state: state, shared: sharedTracker.snapshot())
      return
    }
    received.append(
      Received(
        action: action, state: state, shared: sharedTracker.snapshot(), origin: TestCall.current ?? lastLocation))
    activity.touch()
  }
}
