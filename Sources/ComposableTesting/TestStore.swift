import Composable
import Dependencies

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

  /// Whether the feature under test dismissed itself: it called its `dismiss()` dependency
  /// (``DismissEffect``) while no parent presents it, as the root of this store.
  ///
  /// ```swift
  /// await store.send(.closeButtonTapped)
  /// #expect(store.isDismissed)
  /// ```
  ///
  /// A child the feature presents dismisses only itself, as it does in a real store.
  public var isDismissed: Bool { dismissal.withLock { $0 } }

  // Internal rather than private: the store's jobs (sending, receiving, finishing, asserting)
  // are extensions in files of their own.

  /// The store under test: the same loop that ships, watched by a ``TestStoreObserver``.
  let store: Store<State, Action>
  /// Set by the root feature's `dismiss()`, from whichever task calls it.
  let dismissal: Lock<Bool>
  let core: RootCore<State, Action>
  let activity: EffectActivity
  /// The state the next assertion starts from: the state after the last action asserted, with
  /// the shared values as they were then.
  var baseline: Checkpoint {
    didSet { assertedShared = baseline.shared }
  }
  /// The baseline's shared values, for `deinit` (which cannot read the state).
  nonisolated(unsafe) var assertedShared: SharedSnapshot
  /// The shared values made under this store, snapshotted with every state it records.
  let sharedTracker: SharedTracker
  // `nonisolated(unsafe)` only so that `deinit` can read it; everything else uses it on the main
  // actor.
  nonisolated(unsafe) var received: [Received] = []
  /// Actions received before the one a `receive` expected, reported with it; a later `receive`
  /// of one of them passes.
  var receivedOutOfOrder: [Action] = []
  /// The test's `send` being processed: runtime warnings raised meanwhile (an action for a
  /// dismissed child) are reported at it, where the test can do something about them.
  let testCall = Lock<Dependencies.SourceLocation?>(nil)
  /// The state right after the action this store's `send` is sending, before its follow-ups.
  var sentState: Checkpoint?
  var isSendingAction = false
  /// The last test call: received actions no test call can be found for are attributed to it,
  /// and so are the effects they start (the activity keeps a copy).
  var lastLocation: Dependencies.SourceLocation {
    didSet { activity.testCalled(at: lastLocation) }
  }
  /// Effects already reported as still running, not to be reported again at the end.
  var reported: Set<EffectOrigin> = []

  /// An action an effect sent back, with the state after it and the test call whose action
  /// started the effect.
  struct Received {
    let action: Action
    let state: State
    let shared: SharedSnapshot
    let origin: Dependencies.SourceLocation

    var checkpoint: Checkpoint { Checkpoint(state: state, shared: shared) }
  }

  /// A state and the values of the shared state it holds, at one moment.
  struct Checkpoint {
    var state: State
    var shared: SharedSnapshot
  }

  /// The state the next assertion starts from; setting it takes the shared values as they are now.
  var expectedBaseline: State {
    get { baseline.state }
    set { baseline = Checkpoint(state: newValue, shared: sharedTracker.snapshot()) }
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
    let dismissal = Lock(false)
    values.dismiss = DismissEffect.whenNotPresented({ dismissal.withLock { $0 = true } })
    prepareDependencies(&values)
    // A fresh set of shared keys for each test store: tests never see each other's values.
    let sharedTracker = SharedTracker()
    values.sharedContainer = SharedContainer(tracker: sharedTracker)
    let activity = EffectActivity()
    let observer = TestStoreObserver<State, Action>(activity: activity)
    let core = RootCore(
      initialState: initialState, reducer: reducer, dependencies: values,
      runtime: EffectRuntime(observer: observer, executor: EffectExecutor(activity: activity)))
    self.dependencies = values
    self.dismissal = dismissal
    self.activity = activity
    self.core = core
    self.store = Store(root: core)
    self.sharedTracker = sharedTracker
    let initialShared = sharedTracker.snapshot()
    self.baseline = Checkpoint(state: core.state.pointee, shared: initialShared)
    self.assertedShared = initialShared
    self.lastLocation = Dependencies.SourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    observer.testStore = self
    core.install(observer)
    activity.testCalled(at: lastLocation)
  }

  // Not `isolated`: an isolated deinit runs with no task-local values, so a failure it reported
  // would not reach the Swift Testing test (nor the `withKnownIssue`) that dropped the store. A
  // nonisolated deinit runs synchronously where the last reference goes away, which for a
  // main-actor store is the test itself; it has exclusive access to the store.
  deinit {
    // Read every property before calling anything on `self`, as a nonisolated deinit must.
    let received = received
    let assertedShared = assertedShared
    let sharedTracker = sharedTracker
    let lastLocation = lastLocation
    let reported = reported
    let runtime = core.runtime
    let activity = activity
    let giveUp = timeout * 60
    let isExhaustive = exhaustivity == .on
    if isExhaustive, activity.runningOrigins.contains(where: { !reported.contains($0) }) {
      // An effect whose last action was just received may still be returning: let what is
      // already running on the effects' executor finish before calling it still running.
      activity.settleBlocking(giveUp: giveUp)
    }
    let runningOrigins = activity.runningOrigins
    runtime.cancelAll()
    guard isExhaustive else { return }
    reportUnreceived(received, before: nil)
    if received.isEmpty, assertedShared.differs(from: sharedTracker.snapshot()) {
      reportTestFailure(
        """
        A shared value changed after the last assertion, and the test ended without asserting \
        it: an effect changed it without sending an action. Assert it with \
        'store.assert { … }' (or 'await store.finish()', which shows the change).
        """,
        at: lastLocation
      )
    }
    var seen = reported
    for origin in runningOrigins where seen.insert(origin).inserted {
      reportTestFailure(Self.effectStillRunningMessage(origin), at: origin.send)
    }
  }
}

/// A test store for a feature: `TestStoreOf<Counter>`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable
