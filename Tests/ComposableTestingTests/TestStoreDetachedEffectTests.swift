import Composable
import ComposableTesting
import Dependencies
import Testing

/// An effect that sends from a task that inherits no task-local values (`Task.detached`), whose
/// action starts an effect that never ends.
private struct DetachedSender: Reducer {
  struct State: Equatable {
    var isWaiting = false
  }
  enum Action: Equatable {
    case start
    case startedElsewhere
  }

  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        await Task.detached { await send(.startedElsewhere) }.value
      }
    case .startedElsewhere:
      state.isWaiting = true
      return .run { [clock] _ in try await clock.sleep(for: .seconds(60)) }
    }
  }
}

@MainActor
@Suite("effects started from a detached task")
struct TestStoreDetachedEffectTests {
  /// The effect's test call cannot be found from the detached task, so it is attributed to the
  /// test's last `send` or `receive`; before, it was left out of the report and the test passed.
  @Test func anEffectStartedFromADetachedTaskIsReportedWhenItOutlivesTheTest() async {
    let messages = Lock<[String]>([])
    await withKnownIssue {
      let store = TestStore(initialState: DetachedSender.State()) {
        DetachedSender()
      } withDependencies: {
        $0.clock = TestClock()
      }
      await store.send(.start)
      await store.receive(.startedElsewhere) { $0.isWaiting = true }
    } matching: { issue in
      messages.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
      return true
    }
    let reported = messages.withLock { $0 }
    #expect(reported.count == 1)
    #expect(reported.first?.contains("is still running") == true)
  }
}
