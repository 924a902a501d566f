import Composable
import ComposableTesting
import Dependencies
import Testing

/// Ticks every second on the `clock` dependency until stopped.
private struct Ticker: Reducer {
  struct State: Equatable {
    var ticks = 0
  }
  enum Action: Equatable {
    case start
    case stop
    case tick
  }
  enum CancelID: Hashable, Sendable { case timer }

  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .stop:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

@MainActor
@Suite struct ClockTimerTests {
  @Test func advancingThreeIntervalsGivesThreeTicksAndStoppingEndsThem() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.start)
    await clock.advance(by: .milliseconds(999))
    #expect(store.state.ticks == 0)
    await clock.advance(by: .milliseconds(2001))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    await store.receive(.tick) { $0.ticks = 3 }
    await store.send(.stop)
    await clock.advance(by: .seconds(5))
    #expect(store.state.ticks == 3)
  }

  @Test func theSequenceEndsWhenItsTaskIsCancelled() async {
    let clock = TestClock()
    let timer = clock.timer(interval: .seconds(1))
    let task = Task {
      var ticks = 0
      for await _ in timer { ticks += 1 }
      return ticks
    }
    while clock.sleeperCount == 0 { await Task.yield() }
    await clock.advance(by: .seconds(2))
    while clock.sleeperCount == 0 { await Task.yield() }
    task.cancel()
    #expect(await task.value == 2)
  }
}
