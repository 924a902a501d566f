import ComposableTesting
import Dependencies
import Foundation
import Testing

@testable import Composable

/// The store hands its effect runtime to the reducers it runs, which is how child operators learn
/// which of their children still have effects running (see ``ChildHost``).
@MainActor
@Suite struct ChildHostTests {
  private struct Probe: Reducer {
    struct State: Equatable { var sawRuntime: [Bool] = [] }
    enum Action: Equatable { case probe }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.sawRuntime.append(DependencyValues.current.effectRuntime != nil)
      return .none
    }
  }

  @Test func reducersRunByAStoreSeeItsRuntimeAndNoneOutsideOne() {
    let store = Store(initialState: Probe.State()) { Probe() }
    store.send(.probe)
    #expect(store.state.sawRuntime == [true])

    var state = Probe.State()
    _ = Probe().reduce(into: &state, action: .probe)
    #expect(state.sawRuntime == [false])
  }

  @Test func aReducerWithADependencyOverriddenStillSeesTheStoresRuntime() {
    let store = Store(initialState: Probe.State()) { Probe().dependency(\.date, DateGenerator { Date.distantPast }) }
    store.send(.probe)
    #expect(store.state.sawRuntime == [true])
  }

  @Test func aStoreWhoseDependenciesAreReplacedKeepsItsRuntime() async {
    let store = TestStore(initialState: Probe.State()) { Probe() }
    store.dependencies = DependencyValues(context: .test)
    await store.send(.probe) { $0.sawRuntime = [true] }
  }
}
