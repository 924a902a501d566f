import Composable
import ComposableTesting
import Dependencies
import Testing

// Golden tests of every failure a `TestStore` reports: the full text of each message and the line
// it is reported at. The same messages are checked under XCTest in
// `TestStoreXCTestFailureTests.swift`.

// MARK: - The feature under test

/// A profile with enough fields that a diff of one change collapses the others.
struct GoldenProfile: Equatable {
  var name = "Blob"
  var age = 32
  var city = "Brooklyn"
  var email = "blob@example.com"
  var phone = "555-0100"
  var isVerified = false
}

struct GoldenFeature: Reducer {
  struct State: Equatable {
    var count = 0
    var isLoading = false
    var profile = GoldenProfile()
  }

  enum Action: Equatable {
    case birthday
    case compute
    case computed(Int)
    case failed(String)
    case increment
    case load
    case loaded(Int)
    case noop
    case readClock
  }

  /// Where the `@Dependency` below is, which an unimplemented dependency is reported at.
  static let clockLine = #line + 1
  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .birthday:
      state.profile.age += 1
      return .none
    case .compute:
      return .send(.computed(42))
    case let .computed(value):
      state.count = value
      return .none
    case .failed:
      return .none
    case .increment:
      state.count += 1
      return .none
    case .load:
      state.isLoading = true
      return Self.load(clock)
    case let .loaded(value):
      state.isLoading = false
      state.count = value
      return .none
    case .noop:
      return .none
    case .readClock:
      _ = clock
      return .none
    }
  }
}

extension GoldenFeature {
  /// Where the effect of `.load` is created, which an effect still running is reported with.
  static let loadEffectLine = #line + 3

  static func load(_ clock: any Clock<Duration>) -> Effect<Action> {
    .run { send in
      try await clock.sleep(for: .seconds(1))
      await send(.loaded(42))
    }
  }
}

extension CasePath where Root == GoldenFeature.Action {
  static var failed: CasePath<Root, String> {
    .init(Root.failed) { if case let .failed(value) = $0 { value } else { nil } }
  }
}

// MARK: - The golden messages

/// The exact text of each failure, shared with the XCTest golden tests.
enum GoldenMessage {
  static let stateChangeDoesNotMatch = """
    A state change does not match expectation: …

         GoldenFeature.State(
           count: 0
           isLoading: false
           profile: GoldenProfile(
             name: "Blob"
        −    age: 40
        +    age: 33
             … (4 unchanged)
           )
         )

    (Expected: −, Actual: +)
    """

  static let stateChangedWithoutClosure = """
    State was not expected to change, but a change occurred: …

         GoldenFeature.State(
        −  count: 0
        +  count: 1
           isLoading: false
           profile: GoldenProfile(…)
         )

    (Expected: −, Actual: +)
    """

  static let stateDidNotChange = """
    Expected state to change, but no change occurred.

    The trailing closure made no observable modifications to state. If no change to state is \
    expected, omit the trailing closure.
    """

  static let assertionThrew = """
    Threw error: GoldenError()
    """

  static let receivedActionDoesNotMatch = """
    Received unexpected action: …

         GoldenFeature.Action.computed(
        −  41
        +  42
         )

    (Expected: −, Actual: +)
    """

  static let receivedActionNotInCase = """
    Received an action in another case than expected: …

        GoldenFeature.Action.computed(
          42
        )
    """

  static let receivedActionFailsPredicate = """
    Received an action that does not match the predicate: …

        GoldenFeature.Action.computed(
          42
        )
    """

  /// `sentAt`: the `send` of `.load` that started the effect, `Module/File.swift:line`.
  static func noActionReceivedWhileAsleep(sentAt: String) -> String {
    """
    Expected to receive an action, but received none.

    1 effect is still running, asleep on a test clock: advance the clock to let it continue.
      • the effect at ComposableTestingTests/TestStoreFailureTests.swift:\(GoldenFeature.loadEffectLine), \
    started by the action sent at \(sentAt)
    """
  }

  static let noActionReceived = """
    Expected to receive an action, but received none.
    """

  static func sendingWithUnassertedAction(nextSendLine: Int) -> String {
    """
    1 action produced by this send was not received before the next send, at \
    ComposableTestingTests/TestStoreFailureTests.swift:\(nextSendLine): …

    Unhandled actions:
        GoldenFeature.Action.computed(
          42
        )

    Assert it with 'await store.receive(…)' after this send, or call \
    'await store.skipReceivedActions()' if the test does not care about it.
    """
  }

  static let unreceivedActionAtTheEnd = """
    1 action produced by this send was not received by the end of the test: …

    Unhandled actions:
        GoldenFeature.Action.computed(
          42
        )

    Assert it with 'await store.receive(…)' after this send, or call \
    'await store.skipReceivedActions()' if the test does not care about it.
    """

  static let effectStillRunningAtTheEnd = """
    An effect returned for this action is still running (the effect at \
    ComposableTestingTests/TestStoreFailureTests.swift:\(GoldenFeature.loadEffectLine)). It must \
    complete before the end of the test. …

    To fix, make sure every effect this action starts completes by the end of the test: advance \
    the TestClock it sleeps on, send the action that cancels it, or call \
    'await store.skipInFlightEffects()' if the test does not care about it.
    """

  /// `sentAt`: the `send` of `.load` that started the effect, `Module/File.swift:line`.
  static func finishWhileAsleep(sentAt: String) -> String {
    """
    Expected effects to finish, but they are still running.

    1 effect is still running, asleep on a test clock: advance the clock to let it continue.
      • the effect at ComposableTestingTests/TestStoreFailureTests.swift:\(GoldenFeature.loadEffectLine), \
    started by the action sent at \(sentAt)
    """
  }

  /// `sentAt`: the `send` of `.load` that started the effect, `Module/File.swift:line`.
  static func finishTaskWhileAsleep(sentAt: String) -> String {
    """
    Expected the effects of this action to finish, but they are still running.

    1 effect is still running, asleep on a test clock: advance the clock to let it continue.
      • the effect at ComposableTestingTests/TestStoreFailureTests.swift:\(GoldenFeature.loadEffectLine), \
    started by the action sent at \(sentAt)
    """
  }

  static let unimplementedClock = """
    @Dependency(\\.clock) has no test implementation, but was accessed from a test context:

      Location: ComposableTestingTests/TestStoreFailureTests.swift:\(GoldenFeature.clockLine)
      Key: ClockKey
      Value: any Clock<Duration>

    A dependency without a test value uses its live value in tests, which may touch the disk, \
    the network or the real clock. To fix, override 'clock' in this test: set \
    'store.dependencies.clock' on a TestStore, or use \
    'withDependencies { $0.clock = … } operation: { … }'.
    """

  static let nonExhaustiveFieldMismatch = """
    A state change does not match expectation: …

         GoldenFeature.State(
        −  count: 5
        +  count: 1
           isLoading: false
           profile: GoldenProfile(…)
         )

    (Expected: −, Actual: +)
    """

  static let nonExhaustiveNoMatchingAction = """
    Expected to receive a matching action, but received only other actions: …

    Received actions:
        GoldenFeature.Action.computed(
          42
        )
    """
}

// MARK: - Checking failures

/// A failure as a test framework received it: its full message and where it points.
private struct ReportedFailure: Equatable, CustomStringConvertible {
  var message: String
  var fileID: String
  var line: Int

  init(_ message: String, fileID: String = #fileID, line: Int) {
    self.message = message
    self.fileID = fileID
    self.line = line
  }

  /// An issue recorded with `Issue.record(_:sourceLocation:)`: its message is its one comment.
  init(_ issue: Issue) {
    self.message = issue.comments.map(\.rawValue).joined(separator: "\n")
    self.fileID = issue.sourceLocation?.fileID ?? "<no location>"
    self.line = issue.sourceLocation?.line ?? 0
  }

  var description: String { "\(fileID):\(line):\n\(message)" }
}

/// The issues recorded inside one `withKnownIssue`, in order.
private final class IssueLog: Sendable {
  private let issues = Lock<[ReportedFailure]>([])
  func append(_ failure: ReportedFailure) { issues.withLock { $0.append(failure) } }
  var all: [ReportedFailure] { issues.withLock { $0 } }
}

/// Runs `body`, which must report exactly `expected`, in order: each issue is a known issue only
/// if its message and line are one of `expected` (any other issue fails the test), and the test
/// also fails if one is missing or reported twice.
@MainActor
private func expectFailures(
  _ expected: [ReportedFailure],
  sourceLocation: Testing.SourceLocation = #_sourceLocation,
  _ body: () async -> Void
) async {
  let log = IssueLog()
  await withKnownIssue(sourceLocation: sourceLocation) {
    await body()
  } matching: { issue in
    let failure = ReportedFailure(issue)
    log.append(failure)
    return expected.contains(failure)
  }
  #expect(log.all == expected, sourceLocation: sourceLocation)
}

// MARK: - Tests

private struct GoldenError: Error {}

@MainActor
@Suite struct TestStoreFailureTests {
  private func makeStore(clock: TestClock = TestClock()) -> TestStoreOf<GoldenFeature> {
    TestStore(initialState: GoldenFeature.State()) {
      GoldenFeature()
    } withDependencies: {
      $0.clock = clock
    }
  }

  // MARK: State

  @Test func stateChangeDoesNotMatchExpectation() async {
    let store = makeStore()
    let failure = ReportedFailure(GoldenMessage.stateChangeDoesNotMatch, line: #line + 2)
    await expectFailures([failure]) {
      await store.send(.birthday) { $0.profile.age = 40 }
    }
  }

  @Test func stateChangedWithoutClosure() async {
    let store = makeStore()
    let failure = ReportedFailure(GoldenMessage.stateChangedWithoutClosure, line: #line + 2)
    await expectFailures([failure]) {
      await store.send(.increment)
    }
  }

  @Test func closureGivenButStateDidNotChange() async {
    let store = makeStore()
    let failure = ReportedFailure(GoldenMessage.stateDidNotChange, line: #line + 2)
    await expectFailures([failure]) {
      await store.send(.noop) { $0.count = 0 }
    }
  }

  @Test func assertionClosureThrows() async {
    let store = makeStore()
    let failure = ReportedFailure(GoldenMessage.assertionThrew, line: #line + 2)
    await expectFailures([failure]) {
      await store.send(.noop) { _ in throw GoldenError() }
    }
  }

  // MARK: Receiving

  @Test func receivedActionDoesNotMatch() async {
    let store = makeStore()
    await store.send(.compute)
    let failure = ReportedFailure(GoldenMessage.receivedActionDoesNotMatch, line: #line + 2)
    await expectFailures([failure]) {
      await store.receive(.computed(41)) { $0.count = 41 }
    }
  }

  @Test func receivedActionNotInCase() async {
    let store = makeStore()
    await store.send(.compute)
    let failure = ReportedFailure(GoldenMessage.receivedActionNotInCase, line: #line + 2)
    await expectFailures([failure]) {
      await store.receive(.failed)
    }
  }

  @Test func receivedActionDoesNotMatchPredicate() async {
    let store = makeStore()
    await store.send(.compute)
    let failure = ReportedFailure(GoldenMessage.receivedActionFailsPredicate, line: #line + 2)
    await expectFailures([failure]) {
      await store.receive(where: { $0 == .computed(41) })
    }
  }

  @Test func noActionReceivedWhileEffectSleepsOnTestClock() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.load) { $0.isLoading = true }
    let failure = ReportedFailure(
      GoldenMessage.noActionReceivedWhileAsleep(sentAt: "ComposableTestingTests/TestStoreFailureTests.swift:\(#line - 2)"),
      line: #line + 2)
    await expectFailures([failure]) {
      await store.receive(.loaded(42)) {
        $0.isLoading = false
        $0.count = 42
      }
    }
    // The failed receive consumed nothing: advancing the clock lets the test go on.
    await clock.advance(by: .seconds(1))
    await store.receive(.loaded(42)) {
      $0.isLoading = false
      $0.count = 42
    }
  }

  @Test func noActionReceivedWithNothingRunning() async {
    let store = makeStore()
    let failure = ReportedFailure(GoldenMessage.noActionReceived, line: #line + 2)
    await expectFailures([failure]) {
      await store.receive(.loaded(42))
    }
  }

  @Test func sendingWhileAReceivedActionIsUnasserted() async {
    let store = makeStore()
    await store.send(.compute)
    // One failure, at the send that produced the action: the unasserted `computed(42)` also set
    // `count`, which the next closure does not describe, and is not reported again as a state
    // mismatch.
    let failure = ReportedFailure(
      GoldenMessage.sendingWithUnassertedAction(nextSendLine: #line + 2), line: #line - 5)
    await expectFailures([failure]) {
      await store.send(.birthday) { $0.profile.age = 33 }
    }
  }

  // MARK: The end of the test

  @Test func unreceivedActionAtTheEndOfTheTest() async {
    // Reported at once, at the send that produced it: nothing waits for a timeout.
    let failure = ReportedFailure(GoldenMessage.unreceivedActionAtTheEnd, line: #line + 4)
    await expectFailures([failure]) {
      do {
        let store = makeStore()
        await store.send(.compute)
      }
    }
  }

  @Test func effectStillRunningAtTheEndOfTheTest() async {
    let failure = ReportedFailure(GoldenMessage.effectStillRunningAtTheEnd, line: #line + 4)
    await expectFailures([failure]) {
      do {
        let store = makeStore()
        await store.send(.load) { $0.isLoading = true }
        // Reported at the `send` that started the effect, not at the last one.
        await store.send(.increment) { $0.count = 1 }
      }
    }
  }

  @Test func finishWithAnEffectAsleepOnATestClock() async {
    // Reported once, by `finish`: the end of the test does not report the effect again.
    let failure = ReportedFailure(
      GoldenMessage.finishWhileAsleep(sentAt: "ComposableTestingTests/TestStoreFailureTests.swift:\(#line + 5)"),
      line: #line + 5)
    await expectFailures([failure]) {
      do {
        let store = makeStore()
        await store.send(.load) { $0.isLoading = true }
        await store.finish()
      }
    }
  }

  @Test func finishTaskWithAnEffectAsleepOnATestClock() async {
    // Reported once, by the task's `finish`: the end of the test does not report it again.
    let failure = ReportedFailure(
      GoldenMessage.finishTaskWhileAsleep(sentAt: "ComposableTestingTests/TestStoreFailureTests.swift:\(#line + 5)"),
      line: #line + 5)
    await expectFailures([failure]) {
      do {
        let store = makeStore()
        let task = await store.send(.load) { $0.isLoading = true }
        await task.finish()
      }
    }
  }

  @Test func effectThatJustSentItsLastActionIsNotReportedAsRunning() async {
    // The effect of `.load` is still returning from its last `send` when `receive` returns, so
    // the end of the test must let it finish rather than report it. Many runs make the race
    // likely to show if the store does not wait for it.
    for _ in 1...300 {
      let store = TestStore(initialState: GoldenFeature.State()) {
        GoldenFeature()
      } withDependencies: {
        $0.clock = ImmediateClock()
      }
      await store.send(.load) { $0.isLoading = true }
      await store.receive(.loaded(42)) {
        $0.isLoading = false
        $0.count = 42
      }
    }
  }

  // MARK: Dependencies

  @Test func dependencyWithoutATestValue() async {
    // Reported at the test's send, naming where the feature declares the dependency.
    let store = TestStore(initialState: GoldenFeature.State()) { GoldenFeature() }
    let failure = ReportedFailure(GoldenMessage.unimplementedClock, line: #line + 2)
    await expectFailures([failure]) {
      await store.send(.readClock)
    }
  }

  // MARK: Non-exhaustive

  @Test func nonExhaustiveWrongAssertionAboutAMentionedField() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.birthday)
    let failure = ReportedFailure(GoldenMessage.nonExhaustiveFieldMismatch, line: #line + 2)
    await expectFailures([failure]) {
      await store.send(.increment) { $0.count = 5 }
    }
  }

  @Test func nonExhaustiveReceiveWithNoMatchingAction() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.compute)
    let failure = ReportedFailure(GoldenMessage.nonExhaustiveNoMatchingAction, line: #line + 2)
    await expectFailures([failure]) {
      await store.receive(.loaded(42))
    }
  }

  @Test func nonExhaustiveIgnoresUnmentionedChanges() async {
    do {
      let store = makeStore()
      store.exhaustivity = .off
      await store.send(.birthday)
      await store.send(.compute)
      await store.send(.load)
      await store.send(.increment) { $0.count = 43 }
    }
  }
}
