import Composable
import ComposableTesting
@_spi(Testing) import Dependencies
import Foundation
import Testing

// Shared state under a test store: asserted exhaustively like any other state, one test's keys
// never seen by another, persisted keys saved on the test clock into in-memory storage.

private struct Settings: Codable, Equatable, Sendable {
  var color = "auto"
  var showsDone = false
}

extension SharedKey<Int>.Default {
  fileprivate static var count: Self { SharedKey.inMemory("count").withDefault(0) }
}

private struct Counter: Reducer {
  struct State: Equatable {
    @Shared var count: Int
    var label = ""
  }

  enum Action: Equatable {
    case increment
    case incrementThenReport
    case incrementLater
    case reported
  }

  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.$count.withLock { $0 += 1 }
      return .none
    case .incrementThenReport:
      state.$count.withLock { $0 += 1 }
      return .send(.reported)
    case .incrementLater:
      let count = state.$count
      return .run { _ in
        try await clock.sleep(for: .seconds(1))
        count.withLock { $0 += 10 }
      }
    case .reported:
      state.$count.withLock { $0 += 100 }
      state.label = "reported"
      return .none
    }
  }
}

/// A parent and a child holding the same shared count.
private struct Parent: Reducer {
  struct State: Equatable {
    @Shared var count: Int
    var child: Counter.State
  }

  enum Action: Equatable {
    case child(Counter.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: .child) { Counter() }
  }
}

extension CasePath where Root == Parent.Action {
  fileprivate static var child: CasePath<Root, Counter.Action> {
    .init(Root.child) { if case let .child(action) = $0 { action } else { nil } }
  }
}

private final class Messages: Sendable {
  private let messages = Lock<[String]>([])
  func append(_ message: String) { messages.withLock { $0.append(message) } }
  var all: [String] { messages.withLock { $0 } }
}

@MainActor
private func expectFailure(
  containing fragments: [String],
  sourceLocation: Testing.SourceLocation = #_sourceLocation,
  _ body: () async -> Void
) async {
  let messages = Messages()
  await withKnownIssue(sourceLocation: sourceLocation) {
    await body()
  } matching: { issue in
    let message = issue.comments.map(\.rawValue).joined(separator: "\n")
    messages.append(message)
    return fragments.allSatisfy(message.contains)
  }
  #expect(messages.all.count == 1, "\(messages.all)", sourceLocation: sourceLocation)
}

@MainActor
@Suite struct TestStoreSharedTests {
  @Test func aSharedChangeDescribedInTheClosurePasses() async {
    let store = TestStore(initialState: Counter.State(count: Shared(0))) { Counter() }
    await store.send(.increment) {
      $0.$count.withLock { $0 = 1 }
    }
    #expect(store.state.count == 1)
  }

  @Test func aSharedChangeNotDescribedFailsWithADiff() async {
    let store = TestStore(initialState: Counter.State(count: Shared(0))) { Counter() }
    await expectFailure(containing: ["State was not expected to change", "−  count: 0", "+  count: 1"]) {
      await store.send(.increment)
    }
  }

  @Test func aWrongSharedExpectationFailsWithADiff() async {
    let store = TestStore(initialState: Counter.State(count: Shared(0))) { Counter() }
    await expectFailure(containing: ["does not match expectation", "−  count: 2", "+  count: 1"]) {
      await store.send(.increment) {
        $0.$count.withLock { $0 = 2 }
      }
    }
  }

  @Test func theExpectationDoesNotChangeTheLiveValue() async {
    let store = TestStore(initialState: Counter.State(count: Shared(0))) { Counter() }
    await store.send(.increment) {
      $0.$count.withLock { $0 += 1 }
    }
    // The closure above added 1 to the value it expected (0), not to the live value.
    #expect(store.state.count == 1)
    await store.send(.increment) {
      $0.$count.withLock { $0 = 2 }
    }
  }

  @Test func eachReceivedActionIsAssertedWithTheSharedValueAfterIt() async {
    let store = TestStore(initialState: Counter.State(count: Shared(0))) { Counter() }
    await store.send(.incrementThenReport) {
      $0.$count.withLock { $0 = 1 }
    }
    await store.receive(.reported) {
      $0.$count.withLock { $0 = 101 }
      $0.label = "reported"
    }
  }

  @Test func aChangeMadeByALaterActionIsPointedTo() async {
    let store = TestStore(initialState: Counter.State(count: Shared(0))) { Counter() }
    await expectFailure(containing: ["does not match expectation", "The change was made by a later action"]) {
      await store.send(.incrementThenReport) {
        $0.$count.withLock { $0 = 101 }
      }
    }
    await store.receive(.reported) {
      $0.$count.withLock { $0 = 101 }
      $0.label = "reported"
    }
  }

  @Test func holdersInParentAndChildSeeOneValue() async {
    let count = Shared(5)
    let store = TestStore(initialState: Parent.State(count: count, child: Counter.State(count: count))) {
      Parent()
    }
    await store.send(.child(.increment)) {
      $0.$count.withLock { $0 = 6 }
    }
    #expect(store.state.count == 6)
    #expect(store.state.child.count == 6)
  }

  @Test func aSharedChangeAnEffectMakesMustBeAsserted() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State(count: Shared(0))) {
      Counter()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.incrementLater)
    await clock.advance(by: .seconds(1))
    await expectFailure(containing: ["State was not expected to change", "−  count: 0", "+  count: 10"]) {
      await store.finish()
    }
  }

  @Test func anEffectsSharedChangeAssertedWithAssertPasses() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State(count: Shared(0))) {
      Counter()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.incrementLater)
    await clock.advance(by: .seconds(1))
    store.assert {
      $0.$count.withLock { $0 = 10 }
    }
    await store.finish()
  }

  // Run in parallel and in any order, each test store starts from the key's default.
  @Test(arguments: 0..<20) func keysAreFreshForEveryTestStore(_ run: Int) async {
    let store = TestStore(initialState: Counter.State(count: Shared(.count))) { Counter() }
    #expect(store.state.count == 0)
    await store.send(.increment) {
      $0.$count.withLock { $0 = 1 }
    }
  }

  @Test func aHolderMadeLaterSeesTheValueAlreadyThere() async {
    let store = TestStore(initialState: Counter.State(count: Shared(.count))) { Counter() }
    await store.send(.increment) {
      $0.$count.withLock { $0 = 1 }
    }
    let later = withDependencies { $0 = store.dependencies } operation: { Shared(.count) }
    #expect(later.wrappedValue == 1)
  }

  // Stored keys go to the test's own in-memory storage: never the disk, never another test's.
  @Test(arguments: 0..<10) func storedKeysStartFromTheDefaultInEveryTest(_ run: Int) async throws {
    let store = TestStore(
      initialState: Counter.State(count: Shared(wrappedValue: 0, .json("count.json", saveDelay: .zero)))
    ) {
      Counter()
    }
    #expect(store.state.count == 0)
    await store.send(.increment) {
      $0.$count.withLock { $0 = 1 }
    }
    #expect(try store.dependencies.storage.load("count.json") == Data("1".utf8))
  }

  @Test func aSharedChangeIsCaughtEvenWhenEqualityIsWrittenByHand() async {
    let store = TestStore(initialState: HandWrittenEquality.State(count: Shared(0))) { HandWrittenEquality() }
    await expectFailure(containing: ["A shared value changed, but the state's == did not see it", "−0", "+1"]) {
      await store.send(.increment)
    }
  }

  @Test func aTestEndingWithAnEffectsSharedChangeUnassertedFails() async {
    let clock = TestClock()
    await expectFailure(containing: ["A shared value changed after the last assertion"]) {
      let store = TestStore(initialState: Counter.State(count: Shared(0))) {
        Counter()
      } withDependencies: {
        $0.clock = clock
      }
      await store.send(.incrementLater)
      await clock.advance(by: .seconds(1))
    }
  }
}

/// A state whose `==` reads the shared value through `wrappedValue`, as hand-written ones do.
private struct HandWrittenEquality: Reducer {
  struct State: Equatable {
    @Shared var count: Int
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.count == rhs.count }
  }

  enum Action: Equatable { case increment }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.$count.withLock { $0 += 1 }
    return .none
  }
}
