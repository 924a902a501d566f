import Composable
import ComposableTesting
import Dependencies
import Testing

private struct ScopeCounter: Reducer {
  struct State: Equatable {
    var count = 0
  }
  enum Action: Equatable {
    case increment
    case incrementLater
    case incremented
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .send(.incremented)
    case .incrementLater:
      return .run { send in await send(.increment) }
    case .incremented:
      return .none
    }
  }
}

private struct ScopeParent: Reducer {
  struct State: Equatable {
    var counter = ScopeCounter.State()
    var log: [String] = []
  }
  enum Action: Equatable {
    case counter(ScopeCounter.Action)
    case other
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: .scopeCounter) {
      ScopeCounter()
    }
    Reduce { state, action in
      switch action {
      case .counter(.increment):
        // The child ran first: the parent sees the count it left.
        state.log.append("parent saw \(state.counter.count)")
        return .send(.other)
      case .counter:
        return .none
      case .other:
        state.log.append("other")
        return .none
      }
    }
  }
}

extension CasePath where Root == ScopeParent.Action {
  fileprivate static var scopeCounter: CasePath<Root, ScopeCounter.Action> {
    .init(Root.counter) { if case let .counter(v) = $0 { v } else { nil } }
  }
}

/// An enum state with one case run by a `Scope` over a case path.
private struct ScopeScreen: Reducer {
  enum State: Equatable {
    case counter(ScopeCounter.State)
    case idle
  }
  enum Action: Equatable {
    case counter(ScopeCounter.Action)
    case stop
  }

  var body: some ReducerOf<Self> {
    Scope(state: .scopeScreenCounter, action: .scopeScreenCounter) {
      ScopeCounter()
    }
    Reduce { state, action in
      if action == .stop { state = .idle }
      return .none
    }
  }
}

extension CasePath where Root == ScopeScreen.State {
  fileprivate static var scopeScreenCounter: CasePath<Root, ScopeCounter.State> {
    .init(Root.counter) { if case let .counter(v) = $0 { v } else { nil } }
  }
}

extension CasePath where Root == ScopeScreen.Action {
  fileprivate static var scopeScreenCounter: CasePath<Root, ScopeCounter.Action> {
    .init(Root.counter) { if case let .counter(v) = $0 { v } else { nil } }
  }
}

/// Children reached through every kind of writable key path: stored properties (which `Scope`
/// reaches by offset), a nested stored property, a computed property and a property of a class
/// (which it reaches through the key path).
private struct ScopePaths: Reducer {
  final class Box {
    var counter = ScopeCounter.State()
  }
  struct Inner {
    var label = "inner"
    var counter = ScopeCounter.State()
  }
  struct State {
    var title = "paths"
    var stored = ScopeCounter.State()
    var inner = Inner()
    var backing = ScopeCounter.State()
    var computed: ScopeCounter.State {
      get { backing }
      set { backing = newValue }
    }
    let box = Box()
  }
  enum Action {
    case stored(ScopeCounter.Action)
    case nested(ScopeCounter.Action)
    case computed(ScopeCounter.Action)
    case boxed(ScopeCounter.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.stored, action: .scopePathsStored) { ScopeCounter() }
    Scope(state: \.inner.counter, action: .scopePathsNested) { ScopeCounter() }
    Scope(state: \.computed, action: .scopePathsComputed) { ScopeCounter() }
    Scope(state: \.box.counter, action: .scopePathsBoxed) { ScopeCounter() }
  }
}

extension CasePath where Root == ScopePaths.Action {
  fileprivate static var scopePathsStored: CasePath<Root, ScopeCounter.Action> { .init(Root.stored) { if case let .stored(v) = $0 { v } else { nil } } }
  fileprivate static var scopePathsNested: CasePath<Root, ScopeCounter.Action> { .init(Root.nested) { if case let .nested(v) = $0 { v } else { nil } } }
  fileprivate static var scopePathsComputed: CasePath<Root, ScopeCounter.Action> { .init(Root.computed) { if case let .computed(v) = $0 { v } else { nil } } }
  fileprivate static var scopePathsBoxed: CasePath<Root, ScopeCounter.Action> { .init(Root.boxed) { if case let .boxed(v) = $0 { v } else { nil } } }
}

@MainActor
@Suite struct ScopeTests {
  @Test func theChildRunsOnItsPropertyBeforeTheParent() async {
    let store = TestStore(initialState: ScopeParent.State()) { ScopeParent() }
    await store.send(.counter(.increment)) {
      $0.counter.count = 1
      $0.log = ["parent saw 1"]
    }
    // The child's effect was merged before the parent's.
    await store.receive(.counter(.incremented))
    await store.receive(.other) { $0.log.append("other") }
  }

  @Test func childEffectsSendChildActionsEmbeddedInTheParentAction() async {
    let store = TestStore(initialState: ScopeParent.State()) { ScopeParent() }
    await store.send(.counter(.incrementLater))
    await store.receive(.counter(.increment)) {
      $0.counter.count = 1
      $0.log = ["parent saw 1"]
    }
    await store.receive(.counter(.incremented))
    await store.receive(.other) { $0.log.append("other") }
  }

  @Test func parentActionsDoNotReachTheChild() async {
    let store = TestStore(initialState: ScopeParent.State()) { ScopeParent() }
    await store.send(.other) { $0.log = ["other"] }
  }

  @Test func anEnumScopeRunsTheChildWhileTheStateIsInItsCase() async {
    let store = TestStore(initialState: ScopeScreen.State.counter(ScopeCounter.State())) {
      ScopeScreen()
    }
    await store.send(.counter(.increment)) { $0 = .counter(ScopeCounter.State(count: 1)) }
    await store.receive(.counter(.incremented))
    await store.send(.counter(.incrementLater))
    await store.receive(.counter(.increment)) { $0 = .counter(ScopeCounter.State(count: 2)) }
    await store.receive(.counter(.incremented))
    await store.send(.stop) { $0 = .idle }
  }

  @Test func nestedFollowUpsOfChildAndParentRunBreadthFirst() {
    // For one action the child runs, then the parent; then the child's follow-up is processed,
    // then the parent's, all before `send` returns.
    var processed: [ScopeParent.Action] = []
    let store = Store(initialState: ScopeParent.State()) {
      Reduce<ScopeParent.State, ScopeParent.Action> { _, action in
        processed.append(action)
        return .none
      }
      ScopeParent()
    }
    store.send(.counter(.increment))
    #expect(processed == [.counter(.increment), .counter(.incremented), .other])
    #expect(store.state.log == ["parent saw 1", "other"])
    #expect(store.state.counter.count == 1)
  }

  @Test func everyKindOfKeyPathReachesItsChildAndOnlyIt() {
    let store = Store(initialState: ScopePaths.State()) { ScopePaths() }
    func counts() -> [Int] {
      [store.state.stored.count, store.state.inner.counter.count, store.state.computed.count, store.state.box.counter.count]
    }
    store.send(.stored(.increment))
    #expect(counts() == [1, 0, 0, 0])
    store.send(.nested(.increment))
    store.send(.nested(.increment))
    #expect(counts() == [1, 2, 0, 0])
    store.send(.computed(.increment))
    #expect(counts() == [1, 2, 1, 0])
    store.send(.boxed(.increment))
    #expect(counts() == [1, 2, 1, 1])
    // The properties around the children are untouched.
    #expect(store.state.title == "paths")
    #expect(store.state.inner.label == "inner")
  }
}
