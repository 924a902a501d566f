import Composable
import Dependencies
import Testing

/// A reducer whose effects block until cancelled, recording how they ended.
private struct Sleeper: Reducer {
  struct State: Equatable {}
  enum Action: Equatable { case start(String), startReplacing(String), cancel, ended(String) }
  enum CancelID: Hashable, Sendable { case sleep }

  let ended: Log

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .start(name):
      return .run { [ended] _ in
        await waitForCancellation()
        ended.append(name)
      }
      .cancellable(id: CancelID.sleep)
    case let .startReplacing(name):
      return .run { [ended] _ in
        await waitForCancellation()
        ended.append(name)
      }
      .cancellable(id: CancelID.sleep, cancelInFlight: true)
    case .cancel:
      return .cancel(id: CancelID.sleep)
    case .ended:
      return .none
    }
  }
}

final class Log: Sendable {
  private let entries = Lock<[String]>([])
  func append(_ entry: String) { entries.withLock { $0.append(entry) } }
  var all: [String] { entries.withLock { $0 } }
}

/// Suspends until the current task is cancelled, without polling or sleeping.
func waitForCancellation() async {
  let stream = AsyncStream<Never> { _ in }
  for await _ in stream {}
}

@MainActor
@Suite struct EffectCancellationTests {
  @Test func cancelByIDEndsTheEffect() async {
    let log = Log()
    let store = Store(initialState: Sleeper.State()) { Sleeper(ended: log) }
    let task = store.send(.start("one"))
    store.send(.cancel)
    await task.finish()
    #expect(log.all == ["one"])
  }

  @Test func cancelInFlightCancelsThePreviousEffect() async {
    let log = Log()
    let store = Store(initialState: Sleeper.State()) { Sleeper(ended: log) }
    let first = store.send(.startReplacing("first"))
    let second = store.send(.startReplacing("second"))
    await first.finish()
    #expect(log.all == ["first"])
    second.cancel()
    await second.finish()
    #expect(log.all == ["first", "second"])
  }

  @Test func twoStoresWithTheSameIDDoNotCancelEachOther() async {
    let log = Log()
    let storeA = Store(initialState: Sleeper.State()) { Sleeper(ended: log) }
    let storeB = Store(initialState: Sleeper.State()) { Sleeper(ended: log) }
    let taskA = storeA.send(.start("a"))
    let taskB = storeB.send(.start("b"))
    storeB.send(.cancel)
    await taskB.finish()
    #expect(log.all == ["b"])
    storeA.send(.cancel)
    await taskA.finish()
    #expect(log.all == ["b", "a"])
  }

  @Test func releasingTheRootStoreCancelsItsEffects() async {
    let log = Log()
    var store: StoreOf<Sleeper>? = Store(initialState: Sleeper.State()) { Sleeper(ended: log) }
    let task = store!.send(.start("orphan"))
    store = nil
    await task.finish()
    #expect(log.all == ["orphan"])
  }

  @Test func cancellingTheStoreTaskCancelsTheEffect() async {
    let log = Log()
    let store = Store(initialState: Sleeper.State()) { Sleeper(ended: log) }
    let task = store.send(.start("x"))
    task.cancel()
    await task.finish()
    #expect(log.all == ["x"])
    #expect(task.isCancelled)
  }
}
