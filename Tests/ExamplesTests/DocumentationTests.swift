import Composable
import ComposableTesting
import CounterExample
import Dependencies
import SearchExample
import Testing

// The features of Documentation/ComposingFeatures.md, as printed there, and tests of what the
// article says about them.

struct TwoCounters: Reducer {
  struct State: Equatable {
    var left = Counter.State()
    var right = Counter.State()
  }
  enum Action: Equatable {
    case left(Counter.Action)
    case right(Counter.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.left, action: .left) { Counter() }
    Scope(state: \.right, action: .right) { Counter() }
  }
}

extension CasePath where Root == TwoCounters.Action {
  static var left: CasePath<Root, Counter.Action> { .init(Root.left) { if case let .left(v) = $0 { v } else { nil } } }
  static var right: CasePath<Root, Counter.Action> { .init(Root.right) { if case let .right(v) = $0 { v } else { nil } } }
}

struct CounterSheet: Reducer {
  struct State: Equatable {
    var counter: Counter.State?
  }
  enum Action: Equatable {
    case counter(Counter.Action)
    case openButtonTapped
    case closeButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .openButtonTapped:
        state.counter = Counter.State()
        return .none
      case .closeButtonTapped:
        state.counter = nil
        return .none
      case .counter:
        return .none
      }
    }
    .ifLet(\.counter, action: .counter) {
      Counter()
    }
  }
}

extension CasePath where Root == CounterSheet.Action {
  static var counter: CasePath<Root, Counter.Action> { .init(Root.counter) { if case let .counter(v) = $0 { v } else { nil } } }
}

struct Tabs: Reducer {
  enum State: Equatable {
    case counter(Counter.State)
    case search(Search.State)
  }
  enum Action: Equatable {
    case counter(Counter.Action)
    case search(Search.Action)
    case counterTabSelected
    case searchTabSelected
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .counterTabSelected:
        state = .counter(Counter.State())
        return .none
      case .searchTabSelected:
        state = .search(Search.State())
        return .none
      case .counter, .search:
        return .none
      }
    }
    .ifCaseLet(.counter, action: .counter) { Counter() }
    .ifCaseLet(.search, action: .search) { Search() }
  }
}

extension CasePath where Root == Tabs.State {
  static var counter: CasePath<Root, Counter.State> { .init(Root.counter) { if case let .counter(v) = $0 { v } else { nil } } }
  static var search: CasePath<Root, Search.State> { .init(Root.search) { if case let .search(v) = $0 { v } else { nil } } }
}

extension CasePath where Root == Tabs.Action {
  static var counter: CasePath<Root, Counter.Action> { .init(Root.counter) { if case let .counter(v) = $0 { v } else { nil } } }
  static var search: CasePath<Root, Search.Action> { .init(Root.search) { if case let .search(v) = $0 { v } else { nil } } }
}

@MainActor
@Suite struct DocumentationTests {
  @Test func scopeRunsEachCounterOnItsOwnState() async {
    let store = TestStore(initialState: TwoCounters.State()) { TwoCounters() }
    await store.send(.left(.incrementButtonTapped)) { $0.left.count = 1 }
    await store.send(.right(.decrementButtonTapped)) { $0.right.count = -1 }
  }

  @Test func aScopedStoreSendsThroughTheRoot() {
    let store = Store(initialState: TwoCounters.State()) { TwoCounters() }
    let left = store.scope(state: \.left, action: .left)
    left.send(.incrementButtonTapped)
    #expect(store.left.count == 1)
    #expect(left.count == 1)
  }

  @Test func closingTheSheetCancelsTheCountersDelayedIncrement() async {
    let clock = TestClock()
    let store = TestStore(initialState: CounterSheet.State()) {
      CounterSheet()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.openButtonTapped) { $0.counter = Counter.State() }
    await store.send(.counter(.delayedIncrementButtonTapped)) { $0.counter?.pendingIncrements = 1 }
    await store.send(.closeButtonTapped) { $0.counter = nil }
    await clock.advance(by: Counter.delay)  // nothing arrives: the increment was cancelled
  }

  @Test func leavingTheSearchTabCancelsTheSearchInFlight() async {
    let clock = TestClock()
    let store = TestStore(initialState: Tabs.State.search(Search.State())) {
      Tabs()
    } withDependencies: {
      $0.clock = clock
      $0.movieClient = MovieClient { _ in [] }
    }
    await store.send(.search(.queryChanged("alien"))) {
      $0 = .search(Search.State(query: "alien", status: .loading))
    }
    await store.send(.counterTabSelected) { $0 = .counter(Counter.State()) }
    await clock.advance(by: Search.debounceDuration)
  }

  @Test func theChildRunsInItsCase() async {
    let store = TestStore(initialState: Tabs.State.counter(Counter.State())) { Tabs() }
    await store.send(.counter(.incrementButtonTapped)) { $0 = .counter(Counter.State(count: 1)) }
  }

  @Test func theScoreboardPresentsAnEditorAndAnAlert() async {
    let store = TestStore(initialState: Scoreboard.State()) { Scoreboard() }
    await store.send(.editButtonTapped) { $0.editor = CountEditor.State(count: 0) }
    await store.send(.editor(.presented(.incrementButtonTapped))) { $0.editor?.count = 1 }
    await store.send(.editor(.presented(.doneButtonTapped)))
    await store.receive(.editor(.dismiss)) {
      $0.score = 1
      $0.editor = nil
    }
    await store.send(.resetButtonTapped) {
      $0.alert = AlertState(
        title: "Reset the score?",
        buttons: [.destructive("Reset", action: .confirmReset), .cancel("Cancel")]
      )
    }
    await store.send(.alert(.presented(.confirmReset))) {
      $0.alert = nil
      $0.score = 0
    }
  }
}

struct CountEditor: Reducer {
  struct State: Equatable {
    var count: Int
  }
  enum Action: Equatable {
    case incrementButtonTapped
    case doneButtonTapped
  }

  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementButtonTapped:
      state.count += 1
      return .none
    case .doneButtonTapped:
      return .run { _ in await dismiss() }
    }
  }
}

struct Scoreboard: Reducer {
  struct State: Equatable {
    var score = 0
    @PresentationState var editor: CountEditor.State?
    @PresentationState var alert: AlertState<Action.Alert>?
  }
  enum Action: Equatable {
    case editButtonTapped
    case editor(PresentationAction<CountEditor.Action>)
    case resetButtonTapped
    case alert(PresentationAction<Alert>)

    enum Alert: Equatable { case confirmReset }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .editButtonTapped:
        state.editor = CountEditor.State(count: state.score)
        return .none
      case .editor(.dismiss):
        // The parent runs before the editor goes away, so it can still read it.
        if let editor = state.editor { state.score = editor.count }
        return .none
      case .editor:
        return .none
      case .resetButtonTapped:
        state.alert = AlertState(
          title: "Reset the score?",
          buttons: [.destructive("Reset", action: .confirmReset), .cancel("Cancel")]
        )
        return .none
      case .alert(.presented(.confirmReset)):
        state.score = 0
        return .none
      case .alert:
        return .none
      }
    }
    .ifLet(\.$editor, action: .editor) { CountEditor() }
    .ifLet(\.$alert, action: .alert)
  }
}

extension CasePath where Root == Scoreboard.Action {
  static var editor: CasePath<Root, PresentationAction<CountEditor.Action>> { .init(Root.editor) { if case let .editor(v) = $0 { v } else { nil } } }
  static var alert: CasePath<Root, PresentationAction<Scoreboard.Action.Alert>> { .init(Root.alert) { if case let .alert(v) = $0 { v } else { nil } } }
}
