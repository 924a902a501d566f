import Dependencies

/// The effects started by one ``TestStore/send(_:assert:fileID:filePath:line:column:)``.
///
/// ```swift
/// let task = await store.send(.startTimer)
/// …
/// await task.cancel()
/// ```
@MainActor
public struct TestStoreTask {
  private let tasks: [Task<Void, Never>]
  private let completion: EffectsCompletion?
  private let waitForCompletion: @MainActor (EffectsCompletion) async -> String?
  /// Tells the store that the action's running effects were reported, so that the end of the
  /// test does not report them again (for effects that outlive ``cancel()``).
  private let markReported: @MainActor () -> Void

  init(
    tasks: [Task<Void, Never>],
    completion: EffectsCompletion?,
    waitForCompletion: @escaping @MainActor (EffectsCompletion) async -> String?,
    markReported: @escaping @MainActor () -> Void
  ) {
    self.tasks = tasks
    self.completion = completion
    self.waitForCompletion = waitForCompletion
    self.markReported = markReported
  }

  /// Waits for the action's effects to finish; fails if they are still running once nothing
  /// more can happen (for example, asleep on a test clock that nobody advances), then cancels
  /// them, so the end of the test does not report them again.
  public func finish(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let completion, let problem = await waitForCompletion(completion) else { return }
    reportTestFailure(
      "Expected the effects of this action to finish, but they are still running.\(problem)",
      at: Dependencies.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
    // Reported once: like the store's `finish`, cancel them so the test can go on and the end of
    // the test does not report them again, even if one ignores cancellation.
    await cancel()
    if !completion.isDone { markReported() }
  }

  /// Cancels the action's effects and waits for them to end.
  public func cancel() async {
    tasks.forEach { $0.cancel() }
    guard let completion else { return }
    _ = await waitForCompletion(completion)
  }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool { tasks.contains { $0.isCancelled } }
}
