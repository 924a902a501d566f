import Composable
import ComposableTesting
import Dependencies
import Testing

/// Searches for the query once it has not changed for 300 ms, and filters 100 ms after the
/// filter stops changing; each delivery carries the time it happened at.
private struct DebounceSearch: Reducer {
  struct State: Equatable {
    var query = ""
    var filter = ""
    var delivered: [String] = []
  }
  enum Action: Equatable {
    case queryChanged(String)
    case filterChanged(String)
    case cancelSearch
    case searched(String, at: Duration)
    case filtered(String, at: Duration)
  }
  enum CancelID: Hashable, Sendable { case search, filter }

  /// Also set as the store's `clock`, so that the test store lets effects reach their sleep
  /// before the clock moves.
  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .queryChanged(query):
      state.query = query
      return .run { [clock] send in await send(.searched(query, at: clock.now.offset)) }
        .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
    case let .filterChanged(filter):
      state.filter = filter
      return .run { [clock] send in await send(.filtered(filter, at: clock.now.offset)) }
        .debounce(id: CancelID.filter, for: .milliseconds(100), clock: clock)
    case .cancelSearch:
      return .cancel(id: CancelID.search)
    case let .searched(query, _):
      state.delivered.append("search \(query)")
      return .none
    case let .filtered(filter, _):
      state.delivered.append("filter \(filter)")
      return .none
    }
  }
}

/// Rows that debounce with the same id.
private struct DebounceList: Reducer {
  struct Row: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var text = ""
      var saved: String?
    }
    enum Action: Equatable {
      case textChanged(String)
      case save(String)
    }
    enum CancelID: Hashable, Sendable { case save }

    let clock: TestClock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .textChanged(text):
        state.text = text
        return .send(.save(text))
          .debounce(id: CancelID.save, for: .seconds(1), clock: clock)
      case let .save(text):
        state.saved = text
        return .none
      }
    }
  }

  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row.State>
  }
  enum Action: Equatable {
    case rows(IdentifiedAction<Int, Row.Action>)
  }

  let clock: TestClock

  var body: some ReducerOf<Self> {
    EmptyReducer<State, Action>()
      .forEach(\.rows, action: .debounceRows) { Row(clock: clock) }
  }
}

extension CasePath where Root == DebounceList.Action {
  fileprivate static var debounceRows: CasePath<Root, IdentifiedAction<Int, DebounceList.Row.Action>> {
    .init(Root.rows) { if case let .rows(v) = $0 { v } else { nil } }
  }
}

@MainActor
@Suite struct DebounceTests {
  @Test func aBurstDeliversOnlyTheLastExactlyAtTheDeadline() async {
    let clock = TestClock()
    let store = TestStore(initialState: DebounceSearch.State()) {
      DebounceSearch(clock: clock)
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.queryChanged("m")) { $0.query = "m" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("mi")) { $0.query = "mi" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("mil")) { $0.query = "mil" }

    // The last send restarted the window at 200 ms: nothing is delivered before 500 ms.
    await clock.advance(by: .milliseconds(299))
    #expect(store.state.delivered.isEmpty)
    #expect(clock.sleeperCount == 1)

    await clock.advance(by: .milliseconds(1))
    await store.receive(.searched("mil", at: .milliseconds(500))) { $0.delivered = ["search mil"] }
    #expect(clock.sleeperCount == 0)
    await store.finish()
  }

  @Test func aDebouncedEffectCanBeCancelledBeforeItsDeadline() async {
    let clock = TestClock()
    let store = TestStore(initialState: DebounceSearch.State()) {
      DebounceSearch(clock: clock)
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.queryChanged("jam")) { $0.query = "jam" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.cancelSearch)
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(store.state.delivered.isEmpty)
  }

  @Test func separateBurstsDeliverSeparately() async {
    let clock = TestClock()
    let store = TestStore(initialState: DebounceSearch.State()) {
      DebounceSearch(clock: clock)
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.queryChanged("a")) { $0.query = "a" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searched("a", at: .milliseconds(300))) { $0.delivered = ["search a"] }
    await store.send(.queryChanged("b")) { $0.query = "b" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searched("b", at: .milliseconds(600))) { $0.delivered.append("search b") }
  }

  @Test func differentIDsDoNotDebounceEachOther() async {
    let clock = TestClock()
    let store = TestStore(initialState: DebounceSearch.State()) {
      DebounceSearch(clock: clock)
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.queryChanged("tea")) { $0.query = "tea" }
    await store.send(.filterChanged("green")) { $0.filter = "green" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.filtered("green", at: .milliseconds(100))) {
      $0.delivered = ["filter green"]
    }
    await store.receive(.searched("tea", at: .milliseconds(300))) {
      $0.delivered.append("search tea")
    }
  }

  @Test func rowsDebouncingWithTheSameIDDoNotDebounceEachOther() async {
    let clock = TestClock()
    let rows: IdentifiedArrayOf<DebounceList.Row.State> = [.init(id: 1), .init(id: 2)]
    let store = TestStore(initialState: DebounceList.State(rows: rows)) {
      DebounceList(clock: clock)
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.rows(.element(id: 1, action: .textChanged("x")))) { $0.rows[id: 1]?.text = "x" }
    await store.send(.rows(.element(id: 2, action: .textChanged("y")))) { $0.rows[id: 2]?.text = "y" }
    await clock.advance(by: .milliseconds(500))
    // Restarts row 1's window only.
    await store.send(.rows(.element(id: 1, action: .textChanged("xz")))) { $0.rows[id: 1]?.text = "xz" }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.rows(.element(id: 2, action: .save("y")))) { $0.rows[id: 2]?.saved = "y" }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.rows(.element(id: 1, action: .save("xz")))) { $0.rows[id: 1]?.saved = "xz" }
  }
}
