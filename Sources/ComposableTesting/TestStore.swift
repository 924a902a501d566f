import Composable
import Dependencies
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A store for tests that asserts, exhaustively, everything a feature does.
///
/// Each ``send(_:assert:fileID:filePath:line:column:)`` states how the state changes; each action
/// an effect sends back must be asserted with a `receive`; every effect must have finished by the
/// end of the test. Anything left undescribed fails the test at the line that caused it, with a
/// diff of what was expected and what happened.
///
/// ```swift
/// @Test @MainActor func timer() async {
///   let clock = TestClock()
///   let store = TestStore(initialState: Timer.State()) {
///     Timer()
///   } withDependencies: {
///     $0.clock = clock
///   }
///   await store.send(.startButtonTapped) { $0.isRunning = true }
///   await clock.advance(by: .seconds(1))
///   await store.receive(.tick) { $0.seconds = 1 }
///   await store.send(.stopButtonTapped) { $0.isRunning = false }
/// }
/// ```
///
/// The test store is deterministic: it knows which effects are running and which of them are
/// asleep on a ``TestClock``, so `receive` and ``finish(fileID:filePath:line:column:)`` decide as
/// soon as nothing more can happen, with no sleeps or timeouts. The ``timeout`` is reached only
/// when an effect waits on something other than a test clock and makes no progress at all.
///
/// The store runs in the ``DependencyContext/test`` context: a dependency the test did not
/// override and that has no test value fails the test.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// The dependencies the reducer and its effects run with; change them between sends to
  /// affect what comes next.
  public var dependencies: DependencyValues {
    didSet { core.dependencies = dependencies }
  }
  /// Whether every change, received action and effect must be asserted (the default) or only
  /// what the assertions mention.
  public var exhaustivity: Exhaustivity = .on
  /// How long the store waits for an effect that makes no progress at all before giving up.
  /// Effects asleep on a test clock never need it.
  public var timeout: Duration = .seconds(1)

  /// The state after every action processed so far, received actions included.
  public var state: State { core.state.pointee }

  /// The store under test: the same loop that ships, with a recorder of what it processes.
  private let store: Store<State, Action>
  private let core: RootCore<State, Action>
  private let activity: EffectActivity
  private var expectedBaseline: State
  // `nonisolated(unsafe)` only so that `deinit` can read it; everything else uses it on the main
  // actor.
  nonisolated(unsafe) private var received: [Received] = []
  /// Actions received before the one a `receive` expected, reported with it; a later `receive`
  /// of one of them passes.
  private var receivedOutOfOrder: [Action] = []
  /// The test's `send` being processed: runtime warnings raised meanwhile (an action for a
  /// dismissed child) are reported at it, where the test can do something about them.
  private let testCall = Lock<Dependencies.SourceLocation?>(nil)
  /// The state right after the action this store's `send` is sending, before its follow-ups.
  private var sentState: State?
  private var isSendingAction = false
  private var lastLocation: Dependencies.SourceLocation
  private var reported: Set<EffectRuntime.Origin> = []

  /// An action an effect sent back, with the state after it and the test call whose action
  /// started the effect.
  private struct Received {
    let action: Action
    let state: State
    let origin: Dependencies.SourceLocation
  }

  /// Creates a test store running `reducer` from `initialState`.
  ///
  /// The initial state and the reducer are built with the test's dependencies, so a
  /// `State.init` that reads `@Dependency(\.uuid)` gets the test's value.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The feature under test.
  ///   - prepareDependencies: Overrides for the test, applied to test-context values.
  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    var values = DependencyValues.current
    values.context = .test
    let testCall = self.testCall
    values.issueReporter = IssueReporter { message, location in
      reportTestFailure(message, at: testCall.withLock { $0 } ?? location)
    }
    prepareDependencies(&values)
    let activity = EffectActivity()
    let core = RootCore(
      initialState: initialState, reducer: reducer, dependencies: values,
      runtime: EffectRuntime(activity: activity, executor: EffectExecutor(activity: activity)))
    self.dependencies = values
    self.activity = activity
    self.core = core
    self.store = Store(root: core)
    self.expectedBaseline = core.state.pointee
    self.lastLocation = Dependencies.SourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    core.record { [weak self] action, state in self?.didProcess(action, state) }
  }

  // Not `isolated`: an isolated deinit runs with no task-local values, so a failure it reported
  // would not reach the Swift Testing test (nor the `withKnownIssue`) that dropped the store. A
  // nonisolated deinit runs synchronously where the last reference goes away, which for a
  // main-actor store is the test itself; it has exclusive access to the store.
  deinit {
    // Read every property before calling anything on `self`, as a nonisolated deinit must.
    let received = received
    let reported = reported
    let runtime = core.runtime
    let activity = activity
    let giveUp = timeout * 60
    let isExhaustive = exhaustivity == .on
    if isExhaustive, runtime.runningOrigins.contains(where: { !reported.contains($0) }) {
      // An effect whose last action was just received may still be returning: let what is
      // already running on the effects' executor finish before calling it still running.
      settle(activity, giveUp: giveUp)
    }
    let runningOrigins = runtime.runningOrigins
    runtime.cancelAll()
    guard isExhaustive else { return }
    reportUnreceived(received, before: nil)
    var seen = reported
    for origin in runningOrigins where seen.insert(origin).inserted {
      reportTestFailure(Self.effectStillRunningMessage(origin), at: origin.send)
    }
  }

  // MARK: - Sending

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
    core.origin = location
    sentState = nil
    isSendingAction = true
    testCall.withLock { $0 = location }
    let storeTask = store.send(action)
    testCall.withLock { $0 = nil }
    isSendingAction = false
    core.origin = nil
    let after = sentState ?? state
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
  private func didProcess(_ action: Action, _ state: State) {
    // The action this store's `send` sends is the first one the idle store processes.
    if isSendingAction {
      isSendingAction = false
      sentState = state
      return
    }
    received.append(Received(action: action, state: state, origin: core.origin ?? lastLocation))
    activity.touch()
  }

  // MARK: - Receiving

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
      let (action, actual) = (next.action, next.state)
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
          expectedBaseline = expected.state
          return
        }
        fail(mismatch(action), at: location)
        expectedBaseline = actual
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
      let actual = received[index].state
      received.removeFirst(index + 1)
      checkState(expectedFrom: actual, actual: actual, update: update, location: location)
      expectedBaseline = actual
    }
  }

  // MARK: - Finishing

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
    let running = activity.snapshot.runningEffects
    guard running > 0 else { return }
    fail("Expected effects to finish, but they are still running.\(explain(wait))", at: location)
    // Reported once: the end of the test will not report them again.
    reported.formUnion(core.runtime.runningOrigins)
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

  /// Asserts the current state without sending anything: `update` changes the last asserted
  /// state into the expected current state.
  public func assert(
    _ update: (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = Dependencies.SourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    withoutActuallyEscaping(update) { update in
      checkState(expectedFrom: expectedBaseline, actual: state, update: update, location: location)
    }
    expectedBaseline = state
  }

  // MARK: - Internals

  enum WaitOutcome {
    case satisfied, nothingRunning, asleep(Int), stalled(Int)
  }

  /// Waits until `condition` holds or nothing more can happen without the test acting.
  ///
  /// Whether effects can still make progress is known from where they stand (see
  /// `EffectActivity.waitForProgress`), not guessed from the time passing, so a test passes the
  /// same on a machine starved by other work.
  private func waitUntil(_ condition: () -> Bool) async -> WaitOutcome {
    // Only an effect that never stops doing something (sending in a loop without ever
    // sleeping) can keep the store waiting this long; it must fail the test rather than hang it.
    let giveUp = ContinuousClock.now.advanced(by: timeout * 60)
    while true {
      if condition() { return .satisfied }
      let snapshot = activity.snapshot
      if snapshot.runningEffects == 0 { return .nothingRunning }
      if snapshot.isQuiescent { return .asleep(snapshot.runningEffects) }
      let progressed = await activity.waitForProgress(after: snapshot.version, timeout: timeout)
      if !progressed || ContinuousClock.now >= giveUp {
        return .stalled(activity.snapshot.runningEffects)
      }
    }
  }

  private func task(
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
        self.reported.formUnion(self.core.runtime.runningOrigins.filter { $0.send == origin })
      }
    )
  }

  private func explain(_ outcome: WaitOutcome) -> String {
    switch outcome {
    case .satisfied, .nothingRunning:
      return ""
    case let .asleep(running):
      return """


        \(count(running, "effect")) \(running == 1 ? "is" : "are") still running, asleep on a \
        test clock: advance the clock to let \(running == 1 ? "it" : "them") continue.\(runningEffectsList)
        """
    case let .stalled(running):
      return """


        \(count(running, "effect")) neither finished nor fell asleep on a test clock: \
        \(running == 1 ? "it may be" : "they may be") waiting on something other than a test \
        clock (no progress for \(timeout)), or running without end. Use a TestClock or \
        ImmediateClock for waiting in tests, or raise 'timeout'.\(runningEffectsList)
        """
    }
  }

  /// Where each running effect comes from, one per line, for failure messages.
  private var runningEffectsList: String {
    core.runtime.runningOrigins.map { origin in
      "\n  • " + (origin.effect.map { "the effect at \($0)" } ?? "an effect")
        + ", started by the action sent at \(origin.send)"
    }.joined()
  }

  private func cancelAndWait() async {
    core.runtime.cancelRunning()
    _ = await waitUntil { self.activity.snapshot.runningEffects == 0 }
  }

  /// Reports actions that effects sent back and the test did not receive, at the test call
  /// whose action produced them (where a `receive` is missing), naming the call that came next
  /// (`before`; nil at the end of the test).
  nonisolated private func reportUnreceived(_ received: [Received], before next: Dependencies.SourceLocation?) {
    var origins: [Dependencies.SourceLocation] = []
    for action in received where !origins.contains(action.origin) { origins.append(action.origin) }
    for origin in origins {
      let actions = received.filter { $0.origin == origin }
      let when = next.map { "before the next send, at \($0)" } ?? "by the end of the test"
      reportTestFailure(
        """
        \(count(actions.count, "action")) produced by this send \(actions.count == 1 ? "was" : "were") \
        not received \(when): …

        Unhandled actions:
        \(actions.map { indent(customDump($0.action)) }.joined(separator: "\n"))

        Assert \(actions.count == 1 ? "it" : "each") with 'await store.receive(…)' after this send, \
        or call 'await store.skipReceivedActions()' if the test does not care about \
        \(actions.count == 1 ? "it" : "them").
        """,
        at: origin
      )
    }
  }

  /// The state the next assertion starts from, handed over so that this store no longer holds
  /// it; `next` takes its place.
  private func takeBaseline(replacingWith next: State) -> State {
    var taken = next
    swap(&taken, &expectedBaseline)
    return taken
  }

  /// Checks `actual` against `baseline` changed by `update`.
  ///
  /// `baseline` is consumed: when the caller has let go of it (see ``takeBaseline(replacingWith:)``),
  /// `update` changes it in place instead of copying the whole state, which for a large state
  /// is most of an assertion's cost.
  private func checkState(
    expectedFrom baseline: consuming State,
    actual: State,
    update: ((inout State) throws -> Void)?,
    location: Dependencies.SourceLocation,
    laterActions: ArraySlice<Received> = []
  ) {
    var expected = exhaustivity == .on ? baseline : actual
    // Whether the action changed nothing, known before `update` changes `expected`; cheap when
    // nothing changed, since the two then share their storage.
    let actionChangedNothing = exhaustivity == .on && update != nil && actual == expected
    if let update {
      do {
        try core.withDependencies { try update(&expected) }
      } catch {
        fail("Threw error: \(error)", at: location)
        return
      }
    }
    if actionChangedNothing, expected == actual {
      fail(
        """
        Expected state to change, but no change occurred.

        The trailing closure made no observable modifications to state. If no change to state is \
        expected, omit the trailing closure.
        """,
        at: location
      )
      return
    }
    guard expected != actual else { return }
    let heading =
      update == nil
      ? "State was not expected to change, but a change occurred: …"
      : "A state change does not match expectation: …"
    fail(
      """
      \(heading)

      \(indent(diff(expected, actual) ?? "(the states differ but dump identically)"))

      (Expected: −, Actual: +)\(laterChangeHint(update, laterActions))
      """,
      at: location
    )
  }

  /// When what `update` asserts holds only after one of `laterActions` (a follow-up this send
  /// produced, already processed when `send` returned), says which one, and how to assert it.
  private func laterChangeHint(
    _ update: ((inout State) throws -> Void)?, _ laterActions: ArraySlice<Received>
  ) -> String {
    guard let update else { return "" }
    for later in laterActions {
      var state = later.state
      guard (try? core.withDependencies({ try update(&state) })) != nil, state == later.state else { continue }
      return """


        The change was made by a later action, which this action produced and the store processed \
        before 'send' returned:

        \(indent(customDump(later.action)))

        Assert the change where it happens: with 'await store.receive(…) { … }' for that action, \
        or with 'store.assert { … }' after this send.
        """
    }
    return ""
  }

  nonisolated private static func effectStillRunningMessage(_ origin: EffectRuntime.Origin) -> String {
    let effect = origin.effect.map { " (the effect at \($0))" } ?? ""
    return """
      An effect returned for this action is still running\(effect). It must complete before the \
      end of the test. …

      To fix, make sure every effect this action starts completes by the end of the test: advance \
      the TestClock it sleeps on, send the action that cancels it, or call \
      'await store.skipInFlightEffects()' if the test does not care about it.
      """
  }

  private func fail(_ message: String, at location: Dependencies.SourceLocation) {
    reportTestFailure(message, at: location)
  }
}

/// Blocks the current thread while the effects have work queued on their executor (an effect
/// returning after its last action was received), for at most `giveUp`.
///
/// Only a test store's `deinit` uses it: it cannot suspend, and the effects' executor is not the
/// main thread. It cannot wait for work that needs the main actor, which the `deinit` holds.
private func settle(_ activity: EffectActivity, giveUp: Duration) {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: giveUp)
  while activity.snapshot.runnableJobs > 0, !activity.snapshot.isQuiescent, clock.now < deadline {
    usleep(50)
  }
}

/// `1 effect`, `2 effects`.
private func count(_ number: Int, _ noun: String) -> String {
  "\(number) \(noun)\(number == 1 ? "" : "s")"
}

/// Indents every line by four spaces, the layout of failure diffs.
private func indent(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false)
    .map { "    \($0)" }
    .joined(separator: "\n")
}

/// A test store for a feature: `TestStoreOf<Counter>`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable

/// Set once every effect of one `send` has finished.
final class EffectsCompletion: Sendable {
  private let done = Atomic<Bool>(false)
  var isDone: Bool { done.load(ordering: .acquiring) }
  func markDone() { done.store(true, ordering: .releasing) }
}

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
