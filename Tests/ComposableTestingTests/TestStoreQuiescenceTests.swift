import Composable
import ComposableTesting
import Dependencies
import Testing

/// An effect whose task group has one child that works (sends twice) and one that sleeps on a
/// test clock in a loop: the effect is not asleep while the working child still has something to
/// do, however the two children's jobs interleave.
private struct TwoChildren: Reducer {
  struct State: Equatable {
    var first = false
    var second = false
    var ticks = 0
  }
  enum Action: Equatable { case start, first, second, tick, stop }
  enum CancelID: Hashable, Sendable { case group }

  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] send in
        await withDiscardingTaskGroup { group in
          group.addTask {
            await send(.first)
            await send(.second)
          }
          group.addTask {
            while (try? await clock.sleep(for: .seconds(1))) != nil {
              await send(.tick)
            }
          }
        }
      }
      .cancellable(id: CancelID.group)
    case .first:
      state.first = true
      return .none
    case .second:
      state.second = true
      return .none
    case .tick:
      state.ticks += 1
      return .none
    case .stop:
      return .cancel(id: CancelID.group)
    }
  }
}

@MainActor
@Suite struct TestStoreQuiescenceTests {
  /// The effect counts as asleep only once every one of its tasks is asleep on the clock or
  /// finished, child tasks included: a thousand runs, none giving up early. (Run it with both
  /// cores busy to see the interleavings a loaded machine produces.)
  @Test func anEffectWithAWorkingChildTaskIsNotAsleepBecauseAnotherChildSleeps() async {
    for _ in 0..<1_000 {
      let clock = TestClock()
      let store = TestStore(initialState: TwoChildren.State()) { TwoChildren(clock: clock) }
      await store.send(.start)
      await store.receive(.first) { $0.first = true }
      await store.receive(.second) { $0.second = true }
      await store.send(.stop)
    }
  }

  /// The same effect, ended by cancelling the send's task rather than by an action.
  @Test func theWorkingChildIsWaitedForWhenTheSendsTaskIsCancelledAfter() async {
    for _ in 0..<200 {
      let clock = TestClock()
      let store = TestStore(initialState: TwoChildren.State()) { TwoChildren(clock: clock) }
      let task = await store.send(.start)
      await store.receive(.first) { $0.first = true }
      await store.receive(.second) { $0.second = true }
      await clock.advance(by: .seconds(1))
      await store.receive(.tick) { $0.ticks = 1 }
      await task.cancel()
    }
  }
}
