import Composable
import Dependencies
import Testing

@MainActor
@Suite struct StoreOrderingTests {
  struct Logger: Reducer {
    struct State: Equatable { var log: [String] = [] }
    enum Action: Equatable {
      case start, a, b, c, d, e, chain(Int)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        state.log.append("start")
        return .merge(.send(.a), .send(.b))
      case .a:
        state.log.append("a")
        return .send(.c)
      case .b:
        state.log.append("b")
        return .merge(.send(.d), .send(.e))
      case .c, .d, .e:
        state.log.append("\(action)")
        return .none
      case let .chain(remaining):
        state.log.removeAll()
        state.log.append("\(remaining)")
        return remaining == 0 ? .none : .send(.chain(remaining - 1))
      }
    }
  }

  @Test func stateIsReadableThroughDynamicMembers() {
    let store = Store(initialState: Logger.State()) { Logger() }
    store.send(.a)
    #expect(store.log == ["a", "c"])
  }

  @Test func synchronousFollowUpsRunBreadthFirstBeforeSendReturns() {
    let store = Store(initialState: Logger.State()) { Logger() }
    store.send(.start)
    #expect(store.state.log == ["start", "a", "b", "c", "d", "e"])
  }

  @Test func aSendFromAnObserverIsQueuedNotRecursedInto() {
    let store = Store(initialState: Logger.State()) { Logger() }
    var seen: [[String]] = []
    let subscription = store.observe { state in
      seen.append(state.log)
      if state.log == ["c"] {
        store.send(.d)
        // The observer's send is queued: the state is unchanged until this observer returns.
        seen.append(store.state.log)
      }
    }
    store.send(.c)
    #expect(seen == [["c"], ["c"], ["c", "d"]])
    #expect(store.state.log == ["c", "d"])
    _ = subscription
  }

  @Test func observersAreCalledOncePerBatch() {
    let store = Store(initialState: Logger.State()) { Logger() }
    var calls = 0
    let subscription = store.observe { _ in calls += 1 }
    store.send(.start)
    #expect(calls == 1)
    subscription.cancel()
    store.send(.start)
    #expect(calls == 1)
  }

  @Test func releasingTheSubscriptionStopsObservation() {
    let store = Store(initialState: Logger.State()) { Logger() }
    var calls = 0
    var subscription: StoreSubscription? = store.observe { _ in calls += 1 }
    store.send(.a)
    subscription = nil
    store.send(.a)
    #expect(calls == 1)
    #expect(subscription == nil)
  }

  @Test func oneHundredThousandChainedSynchronousActionsDoNotOverflowTheStack() {
    let store = Store(initialState: Logger.State()) { Logger() }
    store.send(.chain(100_000))
    #expect(store.state.log == ["0"])
  }

  @Test func reentrantSendFromAnEffectIsProcessedAfterTheCurrentAction() async {
    struct Feature: Reducer {
      struct State: Equatable { var log: [String] = [] }
      enum Action { case start, fromEffect, followUp }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.log.append("\(action)")
        switch action {
        case .start:
          return .merge(.run { send in await send(.fromEffect) }, .send(.followUp))
        case .fromEffect, .followUp:
          return .none
        }
      }
    }
    let store = Store(initialState: Feature.State()) { Feature() }
    await store.send(.start).finish()
    #expect(store.state.log == ["start", "followUp", "fromEffect"])
  }
}
