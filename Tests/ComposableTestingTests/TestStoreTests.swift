import Composable
import ComposableTesting
import Dependencies
import Testing

private struct Timer: Reducer {
  struct State: Equatable {
    var isRunning = false
    var seconds = 0
  }
  enum Action: Equatable { case startButtonTapped, stopButtonTapped, tick }
  enum CancelID: Hashable, Sendable { case timer }

  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startButtonTapped:
      state.isRunning = true
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer)
    case .stopButtonTapped:
      state.isRunning = false
      return .cancel(id: CancelID.timer)
    case .tick:
      state.seconds += 1
      return .none
    }
  }
}

private struct Loader: Reducer {
  struct State: Equatable {
    var isLoading = false
    var value: Int?
  }
  enum Action: Equatable { case load, loaded(Int), followUp }

  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load:
      state.isLoading = true
      return .run { [clock] send in
        try await clock.sleep(for: .milliseconds(500))
        await send(.loaded(42))
      }
    case let .loaded(value):
      state.isLoading = false
      state.value = value
      return .send(.followUp)
    case .followUp:
      return .none
    }
  }
}

@MainActor
@Suite struct TestStoreTests {
  @Test func timerTicksWithTheTestClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timer.State()) {
      Timer()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.startButtonTapped) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.seconds = 1 }
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.seconds = 2 }
    await store.receive(.tick) { $0.seconds = 3 }
    await store.send(.stopButtonTapped) { $0.isRunning = false }
  }

  @Test func anEffectfulFeaturePassesAThousandTimesInARow() async {
    for _ in 1...1_000 {
      let clock = TestClock()
      let store = TestStore(initialState: Loader.State()) {
        Loader()
      } withDependencies: {
        $0.clock = clock
      }
      await store.send(.load) { $0.isLoading = true }
      await clock.advance(by: .milliseconds(500))
      await store.receive(.loaded(42)) {
        $0.isLoading = false
        $0.value = 42
      }
      await store.receive(.followUp)
      await store.finish()
    }
  }

  @Test func aSendsTaskFinishesOnceItsOnlyEffectHasReturned() async {
    // Many rounds: the task that marks the effects done may run after the effect itself.
    for _ in 1...300 {
      let store = TestStore(initialState: Loader.State()) {
        Loader()
      } withDependencies: {
        $0.clock = ImmediateClock()
      }
      let task = await store.send(.load) { $0.isLoading = true }
      await store.receive(.loaded(42)) {
        $0.isLoading = false
        $0.value = 42
      }
      await store.receive(.followUp)
      await task.finish()
    }
  }

  @Test func anEffectThatNeverStopsFailsFinishInsteadOfHangingIt() async {
    struct Runaway: Reducer {
      struct State: Equatable {}
      enum Action: Equatable { case start, tick }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
          return .run { send in
            while !Task.isCancelled { await send(.tick) }
          }
        case .tick:
          return .none
        }
      }
    }
    await withKnownIssue {
      let store = TestStore(initialState: Runaway.State()) { Runaway() }
      store.timeout = .milliseconds(20)
      store.exhaustivity = .off
      await store.send(.start)
      await store.finish()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        "Expected effects to finish, but they are still running.")
    }
  }

  @Test func immediateClockNeedsNoAdvance() async {
    let store = TestStore(initialState: Loader.State()) {
      Loader()
    } withDependencies: {
      $0.clock = ImmediateClock()
    }
    await store.send(.load) { $0.isLoading = true }
    await store.receive(.loaded(42)) {
      $0.isLoading = false
      $0.value = 42
    }
    await store.receive(.followUp)
  }

  @Test func nonExhaustiveStoreChecksOnlyWhatTheClosureMentions() async {
    let store = TestStore(initialState: Loader.State()) {
      Loader()
    } withDependencies: {
      $0.clock = ImmediateClock()
    }
    store.exhaustivity = .off
    await store.send(.load)
    await store.receive(.followUp) { $0.value = 42 }
  }

  /// As in TCA, `assert` checks the state; it does not demand that the closure change anything.
  @Test func assertingTheStateAsItIsPasses() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timer.State()) {
      Timer()
    } withDependencies: {
      $0.clock = clock
    }
    store.assert { _ in }
    store.assert { $0.seconds = 0 }
    await store.send(.startButtonTapped) { $0.isRunning = true }
    store.assert { $0.isRunning = true }
    await store.send(.stopButtonTapped) { $0.isRunning = false }
  }

  @Test func assertingAStateThatIsNotTheCurrentOneFails() {
    let store = TestStore(initialState: Timer.State()) { Timer() }
    withKnownIssue {
      store.assert { $0.seconds = 1 }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix("A state change does not match expectation: …")
    }
  }
}
