import Composable
import Dependencies
import Testing

@MainActor
@Suite struct StoreFinishEffectsTests {
  /// A save that happens in an effect started by an action another effect sent, like a form
  /// telling its parent to save.
  struct Relay: Reducer {
    struct State: Equatable { var saved: [String] = [] }
    enum Action: Equatable { case submit(String), delegate(String), saved(String) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .submit(text):
        return .run { send in
          await Task.yield()
          await send(.delegate(text))
        }
      case let .delegate(text):
        return .run { send in
          for _ in 0..<10 { await Task.yield() }
          await send(.saved(text))
        }
      case let .saved(text):
        state.saved.append(text)
        return .none
      }
    }
  }

  @Test func waitsForEffectsStartedByActionsThatEffectsSent() async {
    let store = Store(initialState: Relay.State()) { Relay() }
    store.send(.submit("a"))
    store.send(.submit("b"))
    await store.finishEffects()
    #expect(store.saved.sorted() == ["a", "b"])
  }

  @Test func aScopedStoreWaitsForItsRoot() async {
    let store = Store(initialState: Relay.State()) { Relay() }
    let scoped = store.scope(state: { $0.saved }, action: { $0 })
    scoped.send(.submit("c"))
    await scoped.finishEffects()
    #expect(store.saved == ["c"])
  }

  @Test func returnsAtOnceWithoutEffects() async {
    let store = Store(initialState: Relay.State()) { Relay() }
    await store.finishEffects()
    store.send(.saved("d"))
    await store.finishEffects()
    #expect(store.saved == ["d"])
  }
}
