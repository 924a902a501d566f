import Composable
import ComposableTesting
import Dependencies
import Testing

/// A child that counts, and listens to a feed until it is cancelled.
private struct IfLetChild: Reducer {
  struct State: Equatable {
    var name = "child"
    var count = 0
    var heard: [Int] = []
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
      let name = state.name
      let values = feeds.stream(name)
      return .run { [feeds] send in
        for await value in values { await send(.heard(value)) }
        feeds.end(name)
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

/// An identifiable wrapper around the child, so that the `Identifiable` overload of `ifLet`
/// is used.
private struct IfLetTab: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var child: IfLetChild.State

    init(id: Int) {
      self.id = id
      self.child = IfLetChild.State(name: "tab \(id)")
    }
  }
  typealias Action = IfLetChild.Action

  let feeds: TestFeeds

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: .identity) { IfLetChild(feeds: feeds) }
  }
}

private struct IfLetParent: Reducer {
  struct State: Equatable {
    var child: IfLetChild.State?
    var tab: IfLetTab.State?
    var log: [String] = []
  }
  enum Action: Equatable {
    case child(IfLetChild.Action)
    case tab(IfLetChild.Action)
    case show
    case dismiss
    case replaceChild
    case showTab(Int)
    case bumpTab
    case cancelListeningFromParent
  }

  let feeds: TestFeeds

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .child(.increment):
        // The child ran first: the parent sees the count it left.
        state.log.append("parent saw \(state.child?.count ?? -1)")
      case .child, .tab:
        break
      case .show:
        state.child = IfLetChild.State()
      case .dismiss:
        state.child = nil
      case .replaceChild:
        state.child = IfLetChild.State(count: 100)
      case let .showTab(id):
        state.tab = IfLetTab.State(id: id)
      case .bumpTab:
        state.tab?.child.count += 1
      case .cancelListeningFromParent:
        return .cancel(id: IfLetChild.CancelID.listening)
      }
      return .none
    }
    .ifLet(\.child, action: .ifLetChild) { IfLetChild(feeds: feeds) }
    .ifLet(\.tab, action: .ifLetTab) { IfLetTab(feeds: feeds) }
  }
}

extension CasePath where Root == IfLetParent.Action {
  fileprivate static var ifLetChild: CasePath<Root, IfLetChild.Action> {
    .init(Root.child) { if case let .child(v) = $0 { v } else { nil } }
  }
  fileprivate static var ifLetTab: CasePath<Root, IfLetChild.Action> {
    .init(Root.tab) { if case let .tab(v) = $0 { v } else { nil } }
  }
}

@MainActor
@Suite struct IfLetTests {
  @Test func theChildRunsBeforeTheParentWhilePresent() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: IfLetParent.State(child: IfLetChild.State())) {
      IfLetParent(feeds: feeds)
    }
    await store.send(.child(.increment)) {
      $0.child?.count = 1
      $0.log = ["parent saw 1"]
    }
    await store.send(.dismiss) { $0.child = nil }
    await store.send(.show) { $0.child = IfLetChild.State() }
    await store.send(.child(.increment)) {
      $0.child?.count = 1
      $0.log.append("parent saw 1")
    }
  }

  @Test func settingTheChildToNilCancelsItsEffects() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: IfLetParent.State(child: IfLetChild.State())) {
      IfLetParent(feeds: feeds)
    }
    await store.send(.child(.listen))
    feeds.send(1, to: "child")
    await store.receive(.child(.heard(1))) { $0.child?.heard = [1] }

    await store.send(.dismiss) { $0.child = nil }
    // Passes only once the listening effect has ended, which it does only when cancelled.
    await store.finish()
    #expect(feeds.ended == ["child"])
  }

  @Test func replacingANonIdentifiableChildKeepsItsEffects() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: IfLetParent.State(child: IfLetChild.State())) {
      IfLetParent(feeds: feeds)
    }
    await store.send(.child(.listen))
    await store.send(.replaceChild) { $0.child = IfLetChild.State(count: 100) }
    feeds.send(2, to: "child")
    await store.receive(.child(.heard(2))) { $0.child?.heard = [2] }
    // The child's own cancel reaches its effect: ids are namespaced the same way both times.
    await store.send(.child(.stopListening))
    await store.finish()
    #expect(feeds.ended == ["child"])
  }

  @Test func replacingAnIdentifiableChildWithAnotherIDCancelsTheOldChildsEffects() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: IfLetParent.State(tab: IfLetTab.State(id: 1))) {
      IfLetParent(feeds: feeds)
    }
    await store.send(.tab(.listen))
    // A change that keeps the id keeps the effects.
    await store.send(.bumpTab) { $0.tab?.child.count = 1 }
    feeds.send(1, to: "tab 1")
    await store.receive(.tab(.heard(1))) { $0.tab?.child.heard = [1] }

    await store.send(.showTab(2)) { $0.tab = IfLetTab.State(id: 2) }
    await store.finish()
    #expect(feeds.ended == ["tab 1"])

    await store.send(.tab(.listen))
    feeds.send(2, to: "tab 2")
    await store.receive(.tab(.heard(2))) { $0.tab?.child.heard = [2] }
    await store.send(.tab(.stopListening))
    await store.finish()
    #expect(feeds.ended == ["tab 1", "tab 2"])
  }

  @Test func theParentCannotCancelTheChildsEffectsWithTheChildsID() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: IfLetParent.State(child: IfLetChild.State())) {
      IfLetParent(feeds: feeds)
    }
    await store.send(.child(.listen))
    await store.send(.cancelListeningFromParent)
    feeds.send(3, to: "child")
    await store.receive(.child(.heard(3))) { $0.child?.heard = [3] }
    #expect(feeds.ended.isEmpty)
    await store.send(.dismiss) { $0.child = nil }
    await store.finish()
    #expect(feeds.ended == ["child"])
  }

  @Test func theEffectsOfTwoIfLetsAreIndependent() async {
    let feeds = TestFeeds()
    let store = TestStore(
      initialState: IfLetParent.State(child: IfLetChild.State(), tab: IfLetTab.State(id: 7))
    ) {
      IfLetParent(feeds: feeds)
    }
    let childListening = await store.send(.child(.listen))
    await store.send(.tab(.listen))
    await store.send(.dismiss) { $0.child = nil }
    await childListening.finish()
    #expect(feeds.ended == ["child"])
    feeds.send(4, to: "tab 7")
    await store.receive(.tab(.heard(4))) { $0.tab?.child.heard = [4] }
    await store.send(.tab(.stopListening))
    await store.finish()
    #expect(feeds.ended == ["child", "tab 7"])
  }
}
