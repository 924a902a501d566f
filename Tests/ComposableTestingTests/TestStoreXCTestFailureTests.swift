import Composable
import ComposableTesting
import Dependencies
import XCTest

/// The golden failures of `TestStoreFailureTests`, reaching XCTest instead of Swift Testing.
///
/// swift-corelibs-xctest has no `XCTExpectFailure`, so failures are captured by overriding
/// `recordFailure(withDescription:inFile:atLine:expected:)` while a test body runs. `XCTFail`
/// prefixes its message with `failed - `.
final class TestStoreXCTestFailureTests: XCTestCase {
  private struct Failure: Equatable, CustomStringConvertible {
    var description: String
    var file: String
    var line: Int

    init(_ message: String, file: String = #filePath, line: Int) {
      self.description = "failed - \(message)"
      self.file = file
      self.line = line
    }

    init(description: String, file: String, line: Int) {
      self.description = description
      self.file = file
      self.line = line
    }
  }

  /// The failures recorded while `expectFailures` runs its body; `nil` the rest of the time, when
  /// failures go to XCTest as usual.
  private let captured = Lock<[Failure]?>(nil)

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    let isCapturing = captured.withLock { captured in
      captured?.append(Failure(description: description, file: filePath, line: lineNumber))
      return captured != nil
    }
    guard !isCapturing else { return }
    super.recordFailure(
      withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
  }

  /// Runs `body`, which must make XCTest record exactly `expected`, in order.
  @MainActor
  private func expectFailures(
    _ expected: [Failure],
    file: StaticString = #filePath,
    line: UInt = #line,
    _ body: () async -> Void
  ) async {
    captured.withLock { $0 = [] }
    await body()
    let failures = captured.withLock { captured in
      defer { captured = nil }
      return captured ?? []
    }
    XCTAssertEqual(failures, expected, file: file, line: line)
  }

  @MainActor
  private func makeStore(clock: TestClock = TestClock()) -> TestStoreOf<GoldenFeature> {
    TestStore(initialState: GoldenFeature.State()) {
      GoldenFeature()
    } withDependencies: {
      $0.clock = clock
    }
  }

  @MainActor
  func testStateChangeDoesNotMatchExpectation() async {
    let store = makeStore()
    let failure = Failure(GoldenMessage.stateChangeDoesNotMatch, line: #line + 2)
    await expectFailures([failure]) {
      await store.send(.birthday) { $0.profile.age = 40 }
    }
  }

  @MainActor
  func testStateChangedWithoutClosure() async {
    let store = makeStore()
    let failure = Failure(GoldenMessage.stateChangedWithoutClosure, line: #line + 2)
    await expectFailures([failure]) {
      await store.send(.increment)
    }
  }

  @MainActor
  func testReceivedActionDoesNotMatch() async {
    let store = makeStore()
    await store.send(.compute)
    let failure = Failure(GoldenMessage.receivedActionDoesNotMatch, line: #line + 2)
    await expectFailures([failure]) {
      await store.receive(.computed(41)) { $0.count = 41 }
    }
  }

  @MainActor
  func testNoActionReceivedWhileEffectSleepsOnTestClock() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.load) { $0.isLoading = true }
    let failure = Failure(
      GoldenMessage.noActionReceivedWhileAsleep(sentAt: "ComposableTestingTests/TestStoreXCTestFailureTests.swift:\(#line - 2)"),
      line: #line + 2)
    await expectFailures([failure]) {
      await store.receive(.loaded(42)) {
        $0.isLoading = false
        $0.count = 42
      }
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.loaded(42)) {
      $0.isLoading = false
      $0.count = 42
    }
  }

  @MainActor
  func testUnreceivedActionAtTheEndOfTheTest() async {
    let failure = Failure(GoldenMessage.unreceivedActionAtTheEnd, line: #line + 4)
    await expectFailures([failure]) {
      do {
        let store = makeStore()
        await store.send(.compute)
      }
    }
  }

  @MainActor
  func testEffectStillRunningAtTheEndOfTheTest() async {
    let failure = Failure(GoldenMessage.effectStillRunningAtTheEnd, line: #line + 4)
    await expectFailures([failure]) {
      do {
        let store = makeStore()
        await store.send(.load) { $0.isLoading = true }
        await store.send(.increment) { $0.count = 1 }
      }
    }
  }

  @MainActor
  func testFinishWithAnEffectAsleepOnATestClock() async {
    let failure = Failure(
      GoldenMessage.finishWhileAsleep(sentAt: "ComposableTestingTests/TestStoreXCTestFailureTests.swift:\(#line + 5)"),
      line: #line + 5)
    await expectFailures([failure]) {
      do {
        let store = makeStore()
        await store.send(.load) { $0.isLoading = true }
        await store.finish()
      }
    }
  }

  @MainActor
  func testDependencyWithoutATestValue() async {
    let store = TestStore(initialState: GoldenFeature.State()) { GoldenFeature() }
    let failure = Failure(GoldenMessage.unimplementedClock, line: #line + 2)
    await expectFailures([failure]) {
      await store.send(.readClock)
    }
  }

  // MARK: Causes (TestStoreCauseTests.swift)

  @MainActor
  func testAnActionForADismissedChildIsReportedAtTheTestsSend() async {
    let store = TestStore(initialState: CauseFeature.State()) { CauseFeature(stream: AsyncStream { _ in }) }
    await expectFailures([Failure(CauseMessage.actionForAbsentChild, line: #line + 1)]) {
      await store.send(.child(.tap))
    }
  }

  @MainActor
  func testReceivingInAnotherOrderIsOneFailure() async {
    let store = TestStore(initialState: CauseFeature.State()) { CauseFeature(stream: AsyncStream { _ in }) }
    await store.send(.pair)
    await expectFailures([Failure(CauseMessage.receivedOutOfOrder, line: #line + 1)]) {
      await store.receive(.second) { $0.log = ["first", "second"] }
      await store.receive(.first)
    }
  }

  @MainActor
  func testAssertingAChangeALaterActionMadeSaysWhichAndHow() async {
    let store = makeStore()
    store.exhaustivity = .off
    await expectFailures([Failure(CauseMessage.changeMadeByALaterAction, line: #line + 1)]) {
      await store.send(.compute) { $0.count = 42 }
    }
  }
}
