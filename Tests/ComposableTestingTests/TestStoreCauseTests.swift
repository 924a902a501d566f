import Composable
import ComposableTesting
import Dependencies
import Foundation
import Testing

// Golden tests of the failures that must name their real cause and point at the test's own line:
// an action for a child that is gone, receives out of order, an effect that never finishes, and
// an assertion of a change a later action made. The same messages reach XCTest in
// `TestStoreXCTestFailureTests.swift`.

// MARK: - The feature under test

struct CauseFeature: Reducer {
  struct Row: Equatable, Identifiable {
    let id: UUID
    var taps = 0
  }
  struct State: Equatable {
    var child: Int?
    var rows: IdentifiedArrayOf<Row> = []
    var log: [String] = []
  }
  enum RowAction: Equatable { case tap }
  enum Action: Equatable {
    case child(RowAction)
    case rows(IdentifiedAction<UUID, RowAction>)
    case removeRows
    case pair
    case first
    case second
    case wait
  }

  /// Where the child operators and the waiting effect are, which messages name.
  static let ifLetLine = #line + 24
  static let forEachLine = #line + 29
  static let waitEffectLine = #line + 17
  let stream: AsyncStream<Int>

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .child, .rows:
        return .none
      case .removeRows:
        state.rows = []
        return .none
      case .pair:
        return .concatenate(.send(.first), .send(.second))
      case .first, .second:
        state.log.append("\(action)")
        return .none
      case .wait:
        return .run { [stream] _ in
          for await _ in stream {}
        }
      }
    }
    .ifLet(\.child, action: .causeChild) {
      Reduce { count, _ in
        count += 1
        return .none
      }
    }
    .forEach(\.rows, action: .causeRows) {
      Reduce { row, _ in
        row.taps += 1
        return .none
      }
    }
  }
}

extension CasePath where Root == CauseFeature.Action {
  static var causeChild: CasePath<Root, CauseFeature.RowAction> {
    .init(Root.child) { if case let .child(v) = $0 { v } else { nil } }
  }
  static var causeRows: CasePath<Root, IdentifiedAction<UUID, CauseFeature.RowAction>> {
    .init(Root.rows) { if case let .rows(v) = $0 { v } else { nil } }
  }
}

let causeRowID = UUID(uuidString: "00000000-0000-0000-0000-0000000000AA")!

// MARK: - The golden messages

enum CauseMessage {
  static let actionForAbsentChild = """
    An "ifLet" at "ComposableTestingTests/TestStoreCauseTests.swift:\(CauseFeature.ifLetLine)" received an \
    action when its child state was nil:

      Action:
        CauseFeature.Action.child(CauseFeature.RowAction.tap)

    This usually means the child was dismissed or cleared while it could still send actions, for \
    example from an effect. Cancel the child's effects before setting its state to nil, or make \
    sure nothing sends child actions while there is no child.
    """

  static let actionForRemovedRow = """
    A "forEach" at "ComposableTestingTests/TestStoreCauseTests.swift:\(CauseFeature.forEachLine)" received an \
    action for an element that is not in the collection (id 00000000-0000-0000-0000-0000000000AA):

      Action:
        CauseFeature.Action.rows(IdentifiedAction<UUID, CauseFeature.RowAction>.element(id: \
    00000000-0000-0000-0000-0000000000AA, action: CauseFeature.RowAction.tap))

    This usually means the element was removed while it could still send actions, for example \
    from an effect, or an action was sent with a stale id.
    """

  static let receivedOutOfOrder = """
    Received the expected action after 1 other action, which was not received first: …

    Expected action:
        CauseFeature.Action.second

    Received before it:
        CauseFeature.Action.first

    Receive actions in the order they were sent. That action is accepted without a second failure.
    """

  static func finishWhileWaiting(sendLine: Int) -> String {
    """
    Expected effects to finish, but they are still running.

    1 effect neither finished nor fell asleep on a test clock: it may be waiting on something \
    other than a test clock (no progress for 0.05 seconds), or running without end. Use a \
    TestClock or ImmediateClock for waiting in tests, or raise 'timeout'.
      • the effect at ComposableTestingTests/TestStoreCauseTests.swift:\(CauseFeature.waitEffectLine), \
    started by the action sent at ComposableTestingTests/TestStoreCauseTests.swift:\(sendLine)
    """
  }

  static let changeMadeByALaterAction = """
    A state change does not match expectation: …

         GoldenFeature.State(
        −  count: 42
        +  count: 0
           isLoading: false
           profile: GoldenProfile(…)
         )

    (Expected: −, Actual: +)

    The change was made by a later action, which this action produced and the store processed \
    before 'send' returned:

        GoldenFeature.Action.computed(
          42
        )

    Assert the change where it happens: with 'await store.receive(…) { … }' for that action, or \
    with 'store.assert { … }' after this send.
    """
}

// MARK: - Tests

/// A failure as Swift Testing records it: its message and the line it points at.
private struct RecordedFailure: Equatable, CustomStringConvertible {
  var message: String
  var line: Int

  var description: String { "line \(line):\n\(message)" }
}

/// Runs `body`, which must record exactly `expected`, in order, as known issues.
@MainActor
private func expectFailures(
  _ expected: [RecordedFailure],
  sourceLocation: Testing.SourceLocation = #_sourceLocation,
  _ body: () async -> Void
) async {
  let log = Lock<[RecordedFailure]>([])
  await withKnownIssue(sourceLocation: sourceLocation) {
    await body()
  } matching: { issue in
    let failure = RecordedFailure(
      message: issue.comments.map(\.rawValue).joined(separator: "\n"), line: issue.sourceLocation?.line ?? 0)
    log.withLock { $0.append(failure) }
    return expected.contains(failure)
  }
  #expect(log.withLock { $0 } == expected, sourceLocation: sourceLocation)
}

@MainActor
@Suite struct TestStoreCauseTests {
  private func makeStore(_ state: CauseFeature.State = CauseFeature.State()) -> TestStoreOf<CauseFeature> {
    TestStore(initialState: state) { CauseFeature(stream: AsyncStream { _ in }) }
  }

  @Test func anActionForADismissedChildIsReportedAtTheTestsSend() async {
    let store = makeStore()
    await expectFailures([RecordedFailure(message: CauseMessage.actionForAbsentChild, line: #line + 1)]) {
      await store.send(.child(.tap))
    }
  }

  @Test func anActionForARemovedRowIsReportedAtTheTestsSendWithReadableTypes() async {
    let store = makeStore(CauseFeature.State(rows: [CauseFeature.Row(id: causeRowID)]))
    await store.send(.removeRows) { $0.rows = [] }
    await expectFailures([RecordedFailure(message: CauseMessage.actionForRemovedRow, line: #line + 1)]) {
      await store.send(.rows(.element(id: causeRowID, action: .tap)))
    }
  }

  @Test func receivingInAnotherOrderIsOneFailure() async {
    let store = makeStore()
    await store.send(.pair)
    await expectFailures([RecordedFailure(message: CauseMessage.receivedOutOfOrder, line: #line + 1)]) {
      await store.receive(.second) { $0.log = ["first", "second"] }
      await store.receive(.first)
    }
  }

  @Test func finishNamesTheEffectAndTheSendThatStartedIt() async {
    let store = makeStore()
    store.timeout = .milliseconds(50)
    let sendLine = #line + 1
    await store.send(.wait)
    await expectFailures([
      RecordedFailure(message: CauseMessage.finishWhileWaiting(sendLine: sendLine), line: #line + 2)
    ]) {
      await store.finish()
    }
  }

  @Test func assertingAChangeALaterActionMadeSaysWhichAndHow() async {
    let store = TestStore(initialState: GoldenFeature.State()) { GoldenFeature() }
    store.exhaustivity = .off
    await expectFailures([RecordedFailure(message: CauseMessage.changeMadeByALaterAction, line: #line + 1)]) {
      await store.send(.compute) { $0.count = 42 }
    }
  }
}
