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
    enum Action: Equatable { case probe, probeWithReplacedDependencies }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .probe:
        state.sawRuntime.append(Self.seesRuntime())
      case .probeWithReplacedDependencies:
        let sees = withDependencies { $0 = DependencyValues(context: .test) } operation: { Self.seesRuntime() }
        state.sawRuntime.append(sees)
      }
      return .none
    }

    /// Whether the runtime is there, as the operators find it on every action, and the same as
    /// the current values hold.
    static func seesRuntime() -> Bool {
      guard let running = EffectRuntime.running else { return false }
      return running === DependencyValues.current.effectRuntime
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

  @Test func aReducerThatReplacesAllItsDependenciesStillSeesTheStoresRuntime() {
    let store = Store(initialState: Probe.State()) { Probe() }
    store.send(.probeWithReplacedDependencies)
    #expect(store.state.sawRuntime == [true])
  }

  @Test func aStoreWhoseDependenciesAreReplacedKeepsItsRuntime() async {
    let store = TestStore(initialState: Probe.State()) { Probe() }
    store.dependencies = DependencyValues(context: .test)
    await store.send(.probe) { $0.sawRuntime = [true] }
  }
}
