import Composable
import ComposableTesting
import Dependencies
import Testing

private struct OnChangeSearch: Reducer {
  struct State: Equatable {
    var query = ""
    var edits = 0
    var log: [String] = []
  }
  enum Action: Equatable {
    case setQuery(String)
    case touch
    case baseFollowUp
    case changeFollowUp(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .setQuery(query):
        state.query = query
        state.edits += 1
        return .send(.baseFollowUp)
      case .touch:
        state.edits += 1
        return .none
      case .baseFollowUp, .changeFollowUp:
        return .none
      }
    }
    .onChange(of: { $0.query }) { oldValue, state in
      // Runs after the reducer it is attached to, on the state it left.
      state.log.append("\(oldValue) -> \(state.query) after \(state.edits) edits")
      return .send(.changeFollowUp(oldValue))
    }
  }
}

@MainActor
@Suite struct OnChangeTests {
  @Test func aChangeRunsTheBodyAfterTheReducerWithTheOldValue() async {
    let store = TestStore(initialState: OnChangeSearch.State()) { OnChangeSearch() }
    await store.send(.setQuery("milk")) {
      $0.query = "milk"
      $0.edits = 1
      $0.log = [" -> milk after 1 edits"]
    }
    // The reducer's effect first, then the body's.
    await store.receive(.baseFollowUp)
    await store.receive(.changeFollowUp(""))

    await store.send(.setQuery("eggs")) {
      $0.query = "eggs"
      $0.edits = 2
      $0.log.append("milk -> eggs after 2 edits")
    }
    await store.receive(.baseFollowUp)
    await store.receive(.changeFollowUp("milk"))
  }

  @Test func noChangeRunsNothing() async {
    let store = TestStore(initialState: OnChangeSearch.State(query: "milk")) { OnChangeSearch() }
    // Writing the same value is not a change.
    await store.send(.setQuery("milk")) { $0.edits = 1 }
    await store.receive(.baseFollowUp)
    // Neither is changing something else.
    await store.send(.touch) { $0.edits = 2 }
  }

  @Test func theBodyCanChangeTheObservedValueWithoutRunningAgain() async {
    let store = TestStore(initialState: OnChangeSearch.State()) {
      OnChangeSearch()
        .onChange(of: { $0.query }) { _, state in
          state.query = state.query.uppercased()
          return .none
        }
    }
    await store.send(.setQuery("jam")) {
      $0.query = "JAM"
      $0.edits = 1
      $0.log = [" -> jam after 1 edits"]
    }
    await store.receive(.baseFollowUp)
    await store.receive(.changeFollowUp(""))
  }
}
