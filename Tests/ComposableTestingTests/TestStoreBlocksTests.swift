import Composable
import ComposableTesting
import Dependencies
import Testing

/// A counter whose `compute` answers through an effect, with a case path for the answer.
private struct Computer: Reducer {
  struct State: Equatable {
    var count = 0
    var log: [String] = []
  }
  enum Action {
    case compute
    case computed(Int)
    case note(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .compute:
      state.log.append("compute")
      return .run { send in await send(.computed(42)) }
    case let .computed(value):
      state.count = value
      return .none
    case let .note(text):
      state.log.append(text)
      return .none
    }
  }
}

extension CasePath where Root == Computer.Action {
  fileprivate static var computed: CasePath<Root, Int> {
    .init(Root.computed) { if case let .computed(v) = $0 { v } else { nil } }
  }
}

@MainActor
@Suite struct TestStoreBlocksTests {
  @Test func aNonExhaustiveBlockAssertsOnlyWhatItSaysAndRestoresExhaustivity() async {
    let store = TestStore(initialState: Computer.State()) { Computer() }
    await store.withExhaustivity(.off) {
      // Neither the log entry nor the received answer is asserted.
      await store.send(.compute)
      await store.receive(.computed) { $0.count = 42 }
      await store.send(.compute)
    }
    #expect(store.exhaustivity == .on)
    await store.send(.note("after")) { $0.log.append("after") }
  }

  @Test func aSynchronousBlockReturnsItsValueAndRestoresExhaustivity() {
    let store = TestStore(initialState: Computer.State()) { Computer() }
    let inside = store.withExhaustivity(.off) { store.exhaustivity }
    #expect(inside == .off)
    #expect(store.exhaustivity == .on)
  }

  @Test func anExhaustiveBlockInsideANonExhaustiveTestRestoresOff() async {
    let store = TestStore(initialState: Computer.State()) { Computer() }
    store.exhaustivity = .off
    await store.withExhaustivity(.on) {
      await store.send(.note("inside")) { $0.log = ["inside"] }
    }
    #expect(store.exhaustivity == .off)
  }

  @Test func receiveMatchesACaseAndItsPayload() async {
    let store = TestStore(initialState: Computer.State()) { Computer() }
    await store.send(.compute) { $0.log = ["compute"] }
    await store.receive(.computed, 42) { $0.count = 42 }
  }

  @Test func aPayloadThatDiffersFailsWithADiff() async {
    let store = TestStore(initialState: Computer.State()) { Computer() }
    await store.send(.compute) { $0.log = ["compute"] }
    let messages = Lock<[String]>([])
    await withKnownIssue {
      await store.receive(.computed, 41)
    } matching: { issue in
      messages.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
      return true
    }
    #expect(
      messages.withLock { $0 } == [
        """
        Received unexpected action: …

             Computer.Action.computed(
            −  41
            +  42
             )

        (Expected: −, Actual: +)
        """
      ])
  }
}
