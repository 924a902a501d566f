import ComposableTesting
import CounterExample
import Dependencies
import Testing

@MainActor
@Suite struct CounterTests {
  @Test func incrementAndDecrement() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.incrementButtonTapped) { $0.count = 2 }
    await store.send(.decrementButtonTapped) { $0.count = 1 }
    await store.send(.decrementButtonTapped) { $0.count = 0 }
    await store.send(.decrementButtonTapped) { $0.count = -1 }
  }

  @Test func resetSetsTheCountToZero() async {
    let store = TestStore(initialState: Counter.State(count: 5)) { Counter() }
    await store.send(.resetButtonTapped) { $0.count = 0 }
  }

  @Test func delayedIncrementLandsAfterTheDelay() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.delayedIncrementButtonTapped) { $0.pendingIncrements = 1 }
    await clock.advance(by: .milliseconds(999))
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await clock.advance(by: .milliseconds(1))
    await store.receive(.delayElapsed) {
      $0.count = 2
      $0.pendingIncrements = 0
    }
  }

  @Test func eachDelayedIncrementCounts() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.delayedIncrementButtonTapped) { $0.pendingIncrements = 1 }
    await clock.advance(by: .milliseconds(500))
    await store.send(.delayedIncrementButtonTapped) { $0.pendingIncrements = 2 }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.delayElapsed) {
      $0.count = 1
      $0.pendingIncrements = 1
    }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.delayElapsed) {
      $0.count = 2
      $0.pendingIncrements = 0
    }
  }

  @Test func resetCancelsThePendingDelayedIncrements() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.delayedIncrementButtonTapped) { $0.pendingIncrements = 1 }
    await store.send(.delayedIncrementButtonTapped) { $0.pendingIncrements = 2 }
    await store.send(.resetButtonTapped) { $0.pendingIncrements = 0 }
    // Nothing arrives after the delay: the exhaustive store would fail on a received action.
    await clock.advance(by: Counter.delay)
    await store.finish()
  }
}

@Suite struct CounterExecutableTests {
  @Test func rendersTheCounterAfterEachPipedCommand() throws {
    let run = try ExampleProcess(
      "Counter", input: "+\n+\n-\nbogus\n\nlater\n", environment: ["EXAMPLES_CLOCK": "immediate"])
    #expect(run.status == 0)
    #expect(run.errorOutput == "")
    #expect(
      run.output == """
        Commands: + (increment), - (decrement), reset, later (increment in 1 s), help, quit.
        count: 0
        > +
        count: 1
        > +
        count: 2
        > -
        count: 1
        > bogus
        Unknown command "bogus". Commands: + (increment), - (decrement), reset, later (increment in 1 s), help, quit.
        > later
        count: 1  (1 delayed increment pending)
        count: 2

        """
    )
  }
}
