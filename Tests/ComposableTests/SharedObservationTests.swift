import Composable
@_spi(Testing) import Dependencies
import Foundation
import Testing

// A store's observers hear of changes to its tree's shared values made outside its own sends
// (another store of the tree, an effect, a reload from storage), once per burst and only when a
// value changed. Deliveries reach the main actor as tasks: each test awaits the observers' next
// call, and proves that nothing more was delivered by a last change whose call comes next.

private struct Settings: Codable, Equatable, Sendable {
  var color = "auto"
  var showsDone = false
}

private struct Row: Identifiable, Equatable, Sendable {
  var id: Int
  var title: String
}

private let countKey = SharedKey<Int>.inMemory("count")

private struct Counter: Reducer {
  struct State: Equatable {
    @Shared(countKey) var count = 0
  }

  enum Action: Equatable {
    case set(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .set(value):
      state.$count.withLock { $0 = value }
      return .none
    }
  }
}

/// Writes its shared value from an effect, a second after the action, with no action back.
/// Returns once a task sleeps on `clock` (after at most a hundred thousand turns of the
/// executor, never by the wall clock).
private func untilSleeping(_ clock: TestClock) async {
  for _ in 0..<100_000 where clock.sleeperCount == 0 { await Task.yield() }
}

private struct DelayedWriter: Reducer {
  struct State: Equatable {
    @Shared var value: Int
  }

  enum Action: Equatable {
    case setLater(Int)
  }

  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .setLater(value):
      return .run { [shared = state.$value, clock] _ in
        try await clock.sleep(for: .seconds(1))
        shared.withLock { $0 = value }
      }
    }
  }
}

private struct SettingsHolder: Reducer {
  struct State: Equatable {
    @Shared(SharedKey<Settings>.stored("settings.json", codec: .json, reloadEvery: .seconds(2)))
    var settings = Settings()
  }

  enum Action: Equatable {}

  func reduce(into state: inout State, action: Action) -> Effect<Action> {}
}

/// A list of rows and a detail screen holding one of them, derived from the list.
private struct RowList: Reducer {
  struct State: Equatable {
    @Shared var rows: IdentifiedArrayOf<Row>
    var detail: Detail.State

    init() {
      let rows = Shared(wrappedValue: [Row(id: 1, title: "a")], SharedKey<IdentifiedArrayOf<Row>>.inMemory("rows"))
      self._rows = rows
      self.detail = Detail.State(row: Shared(rows[id: 1])!)
    }
  }

  enum Action: Equatable {
    case detail(Detail.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.detail, action: CasePath(embed: Action.detail, extract: { if case let .detail(action) = $0 { action } else { nil } })) {
      Detail()
    }
  }
}

private struct Detail: Reducer {
  struct State: Equatable {
    @Shared var row: Row
  }

  enum Action: Equatable {
    case closeButtonTapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// What a store's observers read of the state (shared values are read when called, as a view
/// renders them), call by call.
@MainActor
private final class Observed<Value> {
  private(set) var values: [Value] = []
  private var read = 0
  private var waiter: CheckedContinuation<Void, Never>?
  private var subscription: StoreSubscription?

  init<State, Action>(_ store: Store<State, Action>, _ reading: @escaping @MainActor (State) -> Value) {
    subscription = store.observe { [weak self] state in self?.record(reading(state)) }
  }

  private func record(_ value: Value) {
    values.append(value)
    waiter?.resume()
    waiter = nil
  }

  /// What the observers' next call read, waiting for it.
  func next() async -> Value {
    if read == values.count {
      await withCheckedContinuation { waiter = $0 }
    }
    read += 1
    return values[read - 1]
  }
}

private func json(_ settings: Settings) -> Data {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  return try! encoder.encode(settings)
}

/// Two root stores of one tree: the second made with the first's tree, as a store made inside
/// the first's reducer or effect is.
@MainActor
private func twoStoresOfOneTree() -> (StoreOf<Counter>, StoreOf<Counter>, SharedContainer) {
  let container = SharedContainer()
  let first = Store(initialState: Counter.State()) { Counter() } withDependencies: { $0.sharedContainer = container }
  let second = Store(initialState: Counter.State()) { Counter() } withDependencies: { $0.sharedContainer = container }
  return (first, second, container)
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct SharedObservationTests {
  @Test func anInMemoryKeyWrittenByOneStoreReachesTheObserversOfAnotherOfTheTree() async {
    let (first, second, _) = twoStoresOfOneTree()
    var states = second.states.makeAsyncIterator()
    first.send(.set(3))
    let state = await states.next()
    #expect(state?.count == 3)
    #expect(second.state.count == 3)
  }

  @Test func aStoresOwnActionCallsItsObserversOnce() async {
    let (first, second, _) = twoStoresOfOneTree()
    let observed = Observed(first) { $0.count }
    let other = Observed(second) { $0.count }
    first.send(.set(3))
    #expect(observed.values == [3])
    _ = await observed.next()
    #expect(await other.next() == 3)
    // The delivery of that change found the first store's observers already called.
    second.send(.set(4))
    #expect(await observed.next() == 4)
    #expect(observed.values == [3, 4])
  }

  @Test func anEffectWritingOutsideASendReachesItsStoresObservers() async {
    let clock = TestClock()
    let store = Store(initialState: DelayedWriter.State(value: Shared(0))) {
      DelayedWriter()
    } withDependencies: {
      $0.clock = clock
    }
    let observed = Observed(store) { $0.value }
    store.send(.setLater(5))
    #expect(observed.values == [0])
    _ = await observed.next()
    // A plain store's effect sleeps when its task gets to run: on a loaded machine,
    // after this line. Time moved before it sleeps would never wake it.
    await untilSleeping(clock)
    await clock.advance(by: .seconds(1))
    #expect(await observed.next() == 5)
    #expect(observed.values == [0, 5])
    #expect(store.state.value == 5)
  }

  @Test func aStoredValueReloadedAfterAnotherProgramSavesReachesTheObserversOnce() async throws {
    let clock = TestClock()
    let storage = StorageClient.inMemory
    let store = Store(initialState: SettingsHolder.State()) {
      SettingsHolder()
    } withDependencies: {
      $0.clock = clock
      $0.storage = storage
    }
    let observed = Observed(store) { $0.settings }
    try storage.save(json(Settings(color: "always")), "settings.json")
    await untilSleeping(clock)
    await clock.advance(by: .seconds(2))
    #expect(await observed.next().color == "always")
    #expect(store.state.settings.color == "always")
    // Read again, unchanged: nothing to tell.
    await untilSleeping(clock)
    await clock.advance(by: .seconds(2))
    store.state.$settings.withLock { $0.showsDone = true }
    #expect(await observed.next().showsDone)
    #expect(observed.values.count == 2)
  }

  @Test func writingTheValueAlreadyThereCallsNoObserver() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let observed = Observed(store) { $0.count }
    store.state.$count.withLock { $0 = 0 }
    store.state.$count.withLock { $0 = 1 }
    #expect(await observed.next() == 1)
    #expect(observed.values.count == 1)
  }

  @Test func aBurstOfWritesCallsTheObserversOnce() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let observed = Observed(store) { $0.count }
    for value in 1...50 { store.state.$count.withLock { $0 = value } }
    #expect(await observed.next() == 50)
    store.state.$count.withLock { $0 = 51 }
    #expect(await observed.next() == 51)
    #expect(observed.values.count == 2)
  }

  @Test func aDerivedValueWrittenThroughAChildReachesTheChildStoresObservers() async {
    let store = Store(initialState: RowList.State()) { RowList() }
    let detail = store.scope(state: { $0.detail }, action: { RowList.Action.detail($0) })
    let observed = Observed(detail) { $0.row.title }
    let title = detail.state.$row.title
    title.withLock { $0 = "b" }
    title.withLock { $0 = "b" }
    #expect(await observed.next() == "b")
    #expect(store.state.rows[id: 1]?.title == "b")
    store.state.$rows.withLock { $0[id: 1]?.title = "c" }
    #expect(await observed.next() == "c")
    #expect(observed.values.count == 2)
  }

  @Test func aStoreThatWentAwayIsDropped() async {
    let (first, second, container) = twoStoresOfOneTree()
    #expect(container.changes.subscriberCount == 0)
    weak var released: StoreOf<Counter>?
    var calls = 0
    var subscription: StoreSubscription?
    do {
      let third = Store(initialState: Counter.State()) { Counter() } withDependencies: { $0.sharedContainer = container }
      subscription = third.observe { _ in calls += 1 }
      released = third
      #expect(container.changes.subscriberCount == 1)
    }
    #expect(released == nil)
    #expect(container.changes.subscriberCount == 0)
    let observed = Observed(second) { $0.count }
    first.send(.set(9))
    #expect(await observed.next() == 9)
    #expect(calls == 0)
    #expect(container.changes.subscriberCount == 1)
    _ = subscription
  }

  @Test func aStoreWithNoObserverIsNotTold() {
    let (first, second, container) = twoStoresOfOneTree()
    first.send(.set(1))
    second.send(.set(2))
    #expect(container.changes.subscriberCount == 0)
  }
}
