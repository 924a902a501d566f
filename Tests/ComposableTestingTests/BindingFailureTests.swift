import Composable
import ComposableTesting
import Dependencies
import Testing

private struct Profile: Reducer {
  struct State: Equatable { var name = "" }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case rename(String)
    var binding: BindingAction<State>? { if case let .binding(action) = self { action } else { nil } }
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { _, action in
      if case let .rename(name) = action { return .send(.binding(.set(\.name, name))) }
      return .none
    }
  }
}

// A binding in a failure reads as it is written: `.binding(.set(\.name, "Blob"))`.
@MainActor
@Suite struct BindingFailureTests {
  @Test func aReceivedBindingThatDiffersShowsBothAsWritten() async {
    let store = TestStore(initialState: Profile.State()) { Profile() }
    await store.send(.rename("Blob Jr."))
    let messages = Lock<[String]>([])
    await withKnownIssue {
      await store.receive(.binding(.set(\.name, "Blob"))) { $0.name = "Blob" }
    } matching: { issue in
      messages.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
      return true
    }
    #expect(
      messages.withLock { $0 } == [#"""
        Received unexpected action: …

             Profile.Action.binding(
            −  .set(\.name, "Blob")
            +  .set(\.name, "Blob Jr.")
             )

        (Expected: −, Actual: +)
        """#])
  }
}
