import Composable
import Dependencies
import Testing

private struct ScopedStoreCounter: Reducer {
  struct State: Equatable {
    var count = 0
  }
  enum Action: Equatable {
    case increment
    case incrementLater
    case work
  }
  enum CancelID: Hashable, Sendable { case work }

  let log: Log

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .incrementLater:
      return .run { send in await send(.increment) }
    case .work:
      return .run { [log] _ in
        await waitForCancellation()
        log.append("work cancelled")
      }
      .cancellable(id: CancelID.work)
    }
  }
}

private struct ScopedStoreApp: Reducer {
  struct State: Equatable {
    var counter = ScopedStoreCounter.State()
    var log: [String] = []
  }
  enum Action: Equatable {
    case counter(ScopedStoreCounter.Action)
    case cancelWork
  }

  let log: Log

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: .scopedStoreCounter) { ScopedStoreCounter(log: log) }
    Reduce { state, action in
      switch action {
      case .counter(.increment):
        state.log.append("app saw \(state.counter.count)")
        return .none
      case .counter:
        return .none
      case .cancelWork:
        // Scope does not namespace ids: the parent cancels the child's effect.
        return .cancel(id: ScopedStoreCounter.CancelID.work)
      }
    }
  }
}

extension CasePath where Root == ScopedStoreApp.Action {
  fileprivate static var scopedStoreCounter: CasePath<Root, ScopedStoreCounter.Action> {
    .init(Root.counter) { if case let .counter(v) = $0 { v } else { nil } }
  }
}

@MainActor
@Suite struct StoreScopeTests {
  @Test func aScopedStoreReadsTheRootsState() {
    let store = Store(initialState: ScopedStoreApp.State()) { ScopedStoreApp(log: Log()) }
    let counter = store.scope(state: \.counter, action: .scopedStoreCounter)
    #expect(counter.state.count == 0)
    store.send(.counter(.increment))
    #expect(counter.state.count == 1)
    #expect(counter[dynamicMember: \.count] == 1)
  }

  @Test func aScopedStoreSendsThroughTheRoot() async {
    let store = Store(initialState: ScopedStoreApp.State()) { ScopedStoreApp(log: Log()) }
    let counter = store.scope(state: \.counter, action: .scopedStoreCounter)
    counter.send(.increment)
    // The root's reducer ran: the parent saw the embedded action.
    #expect(store.state.counter.count == 1)
    #expect(store.state.log == ["app saw 1"])

    await counter.send(.incrementLater).finish()
    #expect(counter.state.count == 2)
    #expect(store.state.log == ["app saw 1", "app saw 2"])
  }

  @Test func aScopeOfAScopeStillGoesThroughTheRoot() {
    let store = Store(initialState: ScopedStoreApp.State()) { ScopedStoreApp(log: Log()) }
    let count = store
      .scope(state: \.counter, action: .scopedStoreCounter)
      .scope(state: \.count, action: .identity)
    count.send(.increment)
    count.send(.increment)
    #expect(count.state == 2)
    #expect(store.state.log == ["app saw 1", "app saw 2"])
  }

  @Test func aScopeWithClosuresDerivesStateAndEmbedsActions() {
    let store = Store(initialState: ScopedStoreApp.State()) { ScopedStoreApp(log: Log()) }
    let isEven = store.scope(
      state: { $0.counter.count.isMultiple(of: 2) },
      action: { (_: Void) in ScopedStoreApp.Action.counter(.increment) }
    )
    #expect(isEven.state)
    isEven.send(())
    #expect(!isEven.state)
  }

  @Test func observingAScopedStoreSeesTheChildStateOncePerBatch() {
    let store = Store(initialState: ScopedStoreApp.State()) { ScopedStoreApp(log: Log()) }
    let counter = store.scope(state: \.counter, action: .scopedStoreCounter)
    var seen: [Int] = []
    let subscription = counter.observe { seen.append($0.count) }
    store.send(.counter(.increment))
    counter.send(.increment)
    #expect(seen == [1, 2])
    subscription.cancel()
    counter.send(.increment)
    #expect(seen == [1, 2])
  }

  @Test func aSendFromAScopedObserverIsQueuedAndItsEffectsBelongToTheOutermostSend() async {
    let store = Store(initialState: ScopedStoreApp.State()) { ScopedStoreApp(log: Log()) }
    let counter = store.scope(state: \.counter, action: .scopedStoreCounter)
    var sentLater = false
    let subscription = counter.observe { state in
      guard !sentLater else { return }
      sentLater = true
      counter.send(.incrementLater)
      // Queued, not run recursively: the state has not changed yet.
      #expect(counter.state.count == state.count)
    }
    // Waits for the effect the observer's send started.
    await store.send(.counter(.increment)).finish()
    #expect(store.state.counter.count == 2)
    #expect(store.state.log == ["app saw 1", "app saw 2"])
    subscription.cancel()
  }

  @Test func effectsStartedFromAScopedStoreShareTheRootsCancellationIDs() async {
    let log = Log()
    let store = Store(initialState: ScopedStoreApp.State()) { ScopedStoreApp(log: log) }
    let counter = store.scope(state: \.counter, action: .scopedStoreCounter)
    let task = counter.send(.work)
    store.send(.cancelWork)
    await task.finish()
    #expect(log.all == ["work cancelled"])
  }

  @Test func releasingTheRootAndItsScopesCancelsEffectsStartedFromAScope() async {
    let log = Log()
    var store: StoreOf<ScopedStoreApp>? = Store(initialState: ScopedStoreApp.State()) {
      ScopedStoreApp(log: log)
    }
    var counter: StoreOf<ScopedStoreCounter>? = store!.scope(state: \.counter, action: .scopedStoreCounter)
    let task = counter!.send(.work)
    counter = nil
    store = nil
    await task.finish()
    #expect(log.all == ["work cancelled"])
    #expect(counter == nil && store == nil)
  }
}
