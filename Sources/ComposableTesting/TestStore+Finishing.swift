import Composable
import Dependencies

extension TestStore {
  /// Waits for every effect to finish; fails if some are still running once nothing more can
  /// happen (for example, asleep on a test clock that nobody advances), then cancels them, so
  /// the end of the test does not report them again.
  public func finish(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = Dependencies.SourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    if exhaustivity == .on, !received.isEmpty {
      reportUnreceived(received, before: location)
      received.removeAll()
      expectedBaseline = state
    }
    let wait = await waitUntil { self.activity.snapshot.runningEffects == 0 }
    if exhaustivity == .on, received.isEmpty {
      // Shared values an effect changed without sending an action, not asserted since.
      let now = Checkpoint(state: state, shared: sharedTracker.snapshot())
      if baseline.shared.differs(from: now.shared) {
        checkState(expectedFrom: baseline, actual: now, update: nil, location: location, demandsChange: false)
        baseline = now
      }
    }
    let running = activity.snapshot.runningEffects
    guard running > 0 else { return }
    fail("Expected effects to finish, but they are still running.\(explain(wait))", at: location)
    // Reported once: the end of the test will not report them again.
    reported.formUnion(activity.runningOrigins)
    await cancelAndWait()
  }

  /// Discards the received actions that have not been asserted yet.
  public func skipReceivedActions() async {
    _ = await waitUntil { false }
    received.removeAll()
    expectedBaseline = state
  }

  /// Cancels the effects still running, so that the test does not need to assert them.
  public func skipInFlightEffects() async {
    await cancelAndWait()
  }

  func cancelAndWait() async {
    core.runtime.cancelRunning()
    _ = await waitUntil { self.activity.snapshot.runningEffects == 0 }
  }

  func task(
    for tasks: [Task<Void, Never>], origin: Dependencies.SourceLocation
  ) -> TestStoreTask {
    guard !tasks.isEmpty else {
      return TestStoreTask(
        tasks: [], completion: nil, waitForCompletion: { _ in nil }, markReported: {})
    }
    let completion = EffectsCompletion()
    let activity = self.activity
    Task {
      for task in tasks { await task.value }
      completion.markDone()
      activity.touch()
    }
    return TestStoreTask(
      tasks: tasks,
      completion: completion,
      waitForCompletion: { [weak self] completion in
        guard let self else { return nil }
        let outcome = await self.waitUntil { completion.isDone }
        // Nothing running means every effect of this send has returned, even if the task that
        // marks their completion has not run yet.
        if completion.isDone { return nil }
        if case .nothingRunning = outcome { return nil }
        return self.explain(outcome)
      },
      markReported: { [weak self] in
        guard let self else { return }
        self.reported.formUnion(self.activity.runningOrigins.filter { $0.send == origin })
      }
    )
  }
}
