import Composable
import ComposableTesting
import Dependencies
import Testing

/// A child that counts, and listens to a feed until it is cancelled.
private struct IfCaseLetChild: Reducer {
  struct State: Equatable {
    var count = 0
    var heard: [Int] = []
    /// Written by the parent, to show what it saw after the child ran.
    var parentSaw: [Int] = []
  }
  enum Action: Equatable {
    case increment
    case listen
    case stopListening
    case heard(Int)
  }
  enum CancelID: Hashable, Sendable { case listening }

  let feeds: TestFeeds

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .listen:
      let values = feeds.stream("child")
      return .run { [feeds] send in
        for await value in values { await send(.heard(value)) }
        feeds.end("child")
      }
      .cancellable(id: CancelID.listening)
    case .stopListening:
      return .cancel(id: CancelID.listening)
    case let .heard(value):
      state.heard.append(value)
      return .none
    }
  }
}

private struct IfCaseLetParent: Reducer {
  enum State: Equatable {
    case active(IfCaseLetChild.State)
    case inactive
  }
  enum Action: Equatable {
    case active(IfCaseLetChild.Action)
    case activate
    case deactivate
    case resetChild
    case cancelListeningFromParent
  }

  let feeds: TestFeeds

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .active(.increment):
        if case var .active(child) = state {
          child.parentSaw.append(child.count)
          state = .active(child)
        }
      case .active:
        break
      case .activate:
        state = .active(IfCaseLetChild.State())
      case .deactivate:
        state = .inactive
      case .resetChild:
        state = .active(IfCaseLetChild.State(count: 10))
      case .cancelListeningFromParent:
        return .cancel(id: IfCaseLetChild.CancelID.listening)
      }
      return .none
    }
    .ifCaseLet(.ifCaseLetActive, action: .ifCaseLetActive) { IfCaseLetChild(feeds: feeds) }
  }
}

extension CasePath where Root == IfCaseLetParent.State {
  fileprivate static var ifCaseLetActive: CasePath<Root, IfCaseLetChild.State> {
    .init(Root.active) { if case let .active(v) = $0 { v } else { nil } }
  }
}

extension CasePath where Root == IfCaseLetParent.Action {
  fileprivate static var ifCaseLetActive: CasePath<Root, IfCaseLetChild.Action> {
    .init(Root.active) { if case let .active(v) = $0 { v } else { nil } }
  }
}

@MainActor
@Suite struct IfCaseLetTests {
  @Test func theChildRunsBeforeTheParentWhileTheStateIsInItsCase() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: IfCaseLetParent.State.active(IfCaseLetChild.State())) {
      IfCaseLetParent(feeds: feeds)
    }
    await store.send(.active(.increment)) {
      $0 = .active(IfCaseLetChild.State(count: 1, parentSaw: [1]))
    }
    await store.send(.active(.increment)) {
      $0 = .active(IfCaseLetChild.State(count: 2, parentSaw: [1, 2]))
    }
  }

  @Test func leavingTheCaseCancelsTheChildsEffects() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: IfCaseLetParent.State.active(IfCaseLetChild.State())) {
      IfCaseLetParent(feeds: feeds)
    }
    await store.send(.active(.listen))
    feeds.send(1, to: "child")
    await store.receive(.active(.heard(1))) { $0 = .active(IfCaseLetChild.State(heard: [1])) }

    await store.send(.deactivate) { $0 = .inactive }
    // Passes only once the listening effect has ended, which it does only when cancelled.
    await store.finish()
    #expect(feeds.ended == ["child"])
  }

  @Test func aChildThatComesBackCanRunEffectsAgain() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: IfCaseLetParent.State.active(IfCaseLetChild.State())) {
      IfCaseLetParent(feeds: feeds)
    }
    await store.send(.active(.listen))
    await store.send(.deactivate) { $0 = .inactive }
    await store.finish()
    #expect(feeds.ended == ["child"])

    await store.send(.activate) { $0 = .active(IfCaseLetChild.State()) }
    await store.send(.active(.listen))
    feeds.send(2, to: "child")
    await store.receive(.active(.heard(2))) { $0 = .active(IfCaseLetChild.State(heard: [2])) }
    await store.send(.active(.stopListening))
    await store.finish()
    #expect(feeds.ended == ["child", "child"])
  }

  @Test func changingTheChildWithinItsCaseKeepsItsEffects() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: IfCaseLetParent.State.active(IfCaseLetChild.State())) {
      IfCaseLetParent(feeds: feeds)
    }
    await store.send(.active(.listen))
    await store.send(.resetChild) { $0 = .active(IfCaseLetChild.State(count: 10)) }
    feeds.send(3, to: "child")
    await store.receive(.active(.heard(3))) {
      $0 = .active(IfCaseLetChild.State(count: 10, heard: [3]))
    }
    await store.send(.active(.stopListening))
    await store.finish()
    #expect(feeds.ended == ["child"])
  }

  @Test func theParentCannotCancelTheChildsEffectsWithTheChildsID() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: IfCaseLetParent.State.active(IfCaseLetChild.State())) {
      IfCaseLetParent(feeds: feeds)
    }
    await store.send(.active(.listen))
    await store.send(.cancelListeningFromParent)
    feeds.send(4, to: "child")
    await store.receive(.active(.heard(4))) { $0 = .active(IfCaseLetChild.State(heard: [4])) }
    await store.send(.deactivate) { $0 = .inactive }
    await store.finish()
    #expect(feeds.ended == ["child"])
  }
}
