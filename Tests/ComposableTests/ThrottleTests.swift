import Composable
import ComposableTesting
import Dependencies
// Imported on purpose: `clock: clock` must compile where Foundation's `clock()` is in scope.
import Foundation
import Testing

/// Taps throttled to one `fired` per second on the `clock` dependency, as `.send` and as `.run`.
private struct ThrottledTaps: Reducer {
  struct State: Equatable {
    var fired: [Int] = []
  }
  enum Action: Equatable {
    case tap(Int)
    case tapFromRun(Int)
    case stop
    case fired(Int)
  }
  enum CancelID: Hashable, Sendable { case tap }

  let latest: Bool
  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .tap(number):
      return .send(.fired(number))
        .throttle(id: CancelID.tap, for: .seconds(1), clock: clock, latest: latest)
    case let .tapFromRun(number):
      return .run { send in await send(.fired(number)) }
        .throttle(id: CancelID.tap, for: .seconds(1), clock: clock, latest: latest)
    case .stop:
      return .cancel(id: CancelID.tap)
    case let .fired(number):
      state.fired.append(number)
      return .none
    }
  }
}

@MainActor
@Suite struct ThrottleTests {
  private func makeStore(latest: Bool, clock: TestClock) -> TestStoreOf<ThrottledTaps> {
    TestStore(initialState: ThrottledTaps.State()) {
      ThrottledTaps(latest: latest)
    } withDependencies: {
      $0.clock = clock
    }
  }

  @Test func theFirstGoesAtOnceAndTheLatestOfTheWindowAtItsEnd() async {
    let clock = TestClock()
    let store = makeStore(latest: true, clock: clock)
    await store.send(.tap(1))
    await store.receive(.fired(1)) { $0.fired = [1] }
    await store.send(.tap(2))
    await clock.advance(by: .milliseconds(500))
    await store.send(.tap(3))
    await clock.advance(by: .milliseconds(499))
    #expect(store.state.fired == [1])
    await clock.advance(by: .milliseconds(1))
    await store.receive(.fired(3)) { $0.fired = [1, 3] }
    // A window passed with nothing in it: the next goes at once.
    await clock.advance(by: .seconds(2))
    await store.send(.tap(4))
    await store.receive(.fired(4)) { $0.fired = [1, 3, 4] }
  }

  @Test func withoutLatestTheFirstOfTheWindowIsDelivered() async {
    let clock = TestClock()
    let store = makeStore(latest: false, clock: clock)
    await store.send(.tapFromRun(1))
    await store.receive(.fired(1)) { $0.fired = [1] }
    await store.send(.tapFromRun(2))
    await store.send(.tapFromRun(3))
    await clock.advance(by: .seconds(1))
    await store.receive(.fired(2)) { $0.fired = [1, 2] }
  }

  @Test func aDelayedDeliveryStartsTheNextWindow() async {
    let clock = TestClock()
    let store = makeStore(latest: true, clock: clock)
    await store.send(.tap(1))
    await store.receive(.fired(1)) { $0.fired = [1] }
    await store.send(.tap(2))
    await clock.advance(by: .seconds(1))
    await store.receive(.fired(2)) { $0.fired = [1, 2] }
    // Delivered at 1 s: the window now lasts until 2 s.
    await clock.advance(by: .milliseconds(500))
    await store.send(.tapFromRun(3))
    await clock.advance(by: .milliseconds(499))
    #expect(store.state.fired == [1, 2])
    await clock.advance(by: .milliseconds(1))
    await store.receive(.fired(3)) { $0.fired = [1, 2, 3] }
  }

  @Test func cancellingTheIdDropsTheWaitingAction() async {
    let clock = TestClock()
    let store = makeStore(latest: true, clock: clock)
    await store.send(.tap(1))
    await store.receive(.fired(1)) { $0.fired = [1] }
    await store.send(.tap(2))
    await store.send(.stop)
    await clock.advance(by: .seconds(5))
    #expect(store.state.fired == [1])
  }

  @Test func twoStoresThrottleIndependently() async {
    let clock = TestClock()
    let first = makeStore(latest: true, clock: clock)
    let second = makeStore(latest: true, clock: clock)
    await first.send(.tap(1))
    await first.receive(.fired(1)) { $0.fired = [1] }
    await second.send(.tap(1))
    await second.receive(.fired(1)) { $0.fired = [1] }
  }
}
