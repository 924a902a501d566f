import Composable
import ComposableTesting
import Dependencies
import Testing

/// A row that counts, and listens to a feed named after it until it is cancelled.
private struct ForEachRow: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var count = 0
    var heard: [Int] = []
  }
  enum Action: Equatable {
    case increment
    case listen
    case stopListening
    case heard(Int)
  }
  /// The same id in every row.
  enum CancelID: Hashable, Sendable { case listening }

  let feeds: TestFeeds

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .listen:
      let name = "row \(state.id)"
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

private struct ForEachParent: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<ForEachRow.State> = []
    var log: [String] = []
  }
  enum Action: Equatable {
    case rows(IdentifiedAction<Int, ForEachRow.Action>)
    case add(Int)
    case remove(Int)
    case reverse
    case replace([Int])
    case cancelListeningFromParent
  }

  let feeds: TestFeeds

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .rows(.element(id, .increment)):
        // The row ran first: the parent sees the count it left.
        state.log.append("parent saw row \(id) at \(state.rows[id: id]?.count ?? -1)")
      case .rows:
        break
      case let .add(id):
        state.rows.append(ForEachRow.State(id: id))
      case let .remove(id):
        state.rows.remove(id: id)
      case .reverse:
        state.rows.reverse()
      case let .replace(ids):
        state.rows = IdentifiedArray(uniqueElements: ids.map { ForEachRow.State(id: $0) })
      case .cancelListeningFromParent:
        return .cancel(id: ForEachRow.CancelID.listening)
      }
      return .none
    }
    .forEach(\.rows, action: .forEachRows) { ForEachRow(feeds: feeds) }
  }
}

extension CasePath where Root == ForEachParent.Action {
  fileprivate static var forEachRows: CasePath<Root, IdentifiedAction<Int, ForEachRow.Action>> {
    .init(Root.rows) { if case let .rows(v) = $0 { v } else { nil } }
  }
}

/// A list presented with `ifLet`: row lifetimes nest inside the list's.
private struct ForEachHost: Reducer {
  struct State: Equatable {
    var list: ForEachParent.State?
  }
  enum Action: Equatable {
    case list(ForEachParent.Action)
    case close
  }

  let feeds: TestFeeds

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if action == .close { state.list = nil }
      return .none
    }
    .ifLet(\.list, action: .forEachHostList) { ForEachParent(feeds: feeds) }
  }
}

extension CasePath where Root == ForEachHost.Action {
  fileprivate static var forEachHostList: CasePath<Root, ForEachParent.Action> {
    .init(Root.list) { if case let .list(v) = $0 { v } else { nil } }
  }
}

/// Rows that the parent removes in answer to their own action, reached either through a stored
/// property or through a computed one (which `forEach` cannot reach by offset).
private struct ForEachPruningParent: Reducer {
  struct State: Equatable {
    var storage: IdentifiedArrayOf<ForEachRow.State>
    var computed: IdentifiedArrayOf<ForEachRow.State> {
      get { storage }
      set { storage = newValue }
    }
  }
  enum Action: Equatable {
    case rows(IdentifiedAction<Int, ForEachRow.Action>)
  }

  let feeds: TestFeeds
  let throughComputedProperty: Bool

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case let .rows(.element(id, .increment)) = action { state.storage.remove(id: id) }
      return .none
    }
    .forEach(throughComputedProperty ? \.computed : \.storage, action: .forEachPruningRows) {
      ForEachRow(feeds: feeds)
    }
  }
}

extension CasePath where Root == ForEachPruningParent.Action {
  fileprivate static var forEachPruningRows: CasePath<Root, IdentifiedAction<Int, ForEachRow.Action>> {
    .init(Root.rows) { if case let .rows(v) = $0 { v } else { nil } }
  }
}

private func forEachRows(_ ids: Int...) -> IdentifiedArrayOf<ForEachRow.State> {
  IdentifiedArrayOf(uniqueElements: ids.map { ForEachRow.State(id: $0) })
}

@MainActor
@Suite struct ForEachTests {
  @Test func theElementRunsBeforeTheParent() async {
    let store = TestStore(initialState: ForEachParent.State(rows: forEachRows(1, 2))) {
      ForEachParent(feeds: TestFeeds())
    }
    await store.send(.rows(.element(id: 2, action: .increment))) {
      $0.rows[id: 2]?.count = 1
      $0.log = ["parent saw row 2 at 1"]
    }
    await store.send(.rows(.element(id: 1, action: .increment))) {
      $0.rows[id: 1]?.count = 1
      $0.log.append("parent saw row 1 at 1")
    }
  }

  @Test func anActionForOneOfOneHundredThousandRowsTouchesOnlyThatRow() {
    let rows = IdentifiedArrayOf(uniqueElements: (0..<100_000).map { ForEachRow.State(id: $0) })
    let store = Store(initialState: ForEachParent.State(rows: rows)) {
      ForEachParent(feeds: TestFeeds())
    }
    store.send(.rows(.element(id: 54_321, action: .increment)))

    #expect(store.state.rows[id: 54_321]?.count == 1)
    #expect(store.state.log == ["parent saw row 54321 at 1"])
    var expected = rows
    expected[id: 54_321]?.count = 1
    #expect(store.state.rows.ids == rows.ids)
    #expect(store.state.rows == expected)
    // The copy taken before the action is untouched.
    #expect(rows[id: 54_321]?.count == 0)
  }

  @Test func removingARowCancelsItsEffectsAndOnlyItsEffects() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: ForEachParent.State(rows: forEachRows(1, 2, 3))) {
      ForEachParent(feeds: feeds)
    }
    await store.send(.rows(.element(id: 1, action: .listen)))
    let second = await store.send(.rows(.element(id: 2, action: .listen)))
    await store.send(.rows(.element(id: 3, action: .listen)))

    await store.send(.remove(2)) { $0.rows = forEachRows(1, 3) }
    // Passes only once row 2's effect has ended, which it does only when cancelled.
    await second.finish()
    #expect(feeds.ended == ["row 2"])

    // The other rows still listen.
    feeds.send(10, to: "row 1")
    await store.receive(.rows(.element(id: 1, action: .heard(10)))) { $0.rows[id: 1]?.heard = [10] }
    feeds.send(30, to: "row 3")
    await store.receive(.rows(.element(id: 3, action: .heard(30)))) { $0.rows[id: 3]?.heard = [30] }

    await store.send(.remove(1)) { $0.rows.remove(id: 1) }
    await store.send(.remove(3)) { $0.rows = [] }
    await store.finish()
    #expect(Set(feeds.ended) == ["row 1", "row 2", "row 3"])
  }

  @Test(arguments: [false, true])
  func aRowRemovedInAnswerToItsOwnActionHasItsEffectsCancelled(throughComputedProperty: Bool) async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: ForEachPruningParent.State(storage: forEachRows(1, 2))) {
      ForEachPruningParent(feeds: feeds, throughComputedProperty: throughComputedProperty)
    }
    await store.send(.rows(.element(id: 1, action: .listen)))
    let second = await store.send(.rows(.element(id: 2, action: .listen)))

    await store.send(.rows(.element(id: 2, action: .increment))) { $0.storage = forEachRows(1) }
    // Passes only once row 2's effect has ended, which it does only when cancelled.
    await second.finish()
    #expect(feeds.ended == ["row 2"])

    feeds.send(5, to: "row 1")
    await store.receive(.rows(.element(id: 1, action: .heard(5)))) { $0.storage[id: 1]?.heard = [5] }
    await store.send(.rows(.element(id: 1, action: .stopListening)))
    await store.finish()
  }

  @Test func replacingTheWholeCollectionEndsTheEffectsOfTheRowsThatAreGone() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: ForEachParent.State(rows: forEachRows(1, 2, 3))) {
      ForEachParent(feeds: feeds)
    }
    let first = await store.send(.rows(.element(id: 1, action: .listen)))
    let second = await store.send(.rows(.element(id: 2, action: .listen)))
    await store.send(.rows(.element(id: 3, action: .listen)))

    await store.send(.replace([3, 4])) { $0.rows = forEachRows(3, 4) }
    await first.finish()
    await second.finish()
    #expect(Set(feeds.ended) == ["row 1", "row 2"])

    // Row 3 kept its identity, so it still listens.
    feeds.send(9, to: "row 3")
    await store.receive(.rows(.element(id: 3, action: .heard(9)))) { $0.rows[id: 3]?.heard = [9] }
    await store.send(.rows(.element(id: 3, action: .stopListening)))
    await store.finish()
  }

  @Test func twoRowsUsingTheSameCancelIDDoNotCancelEachOther() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: ForEachParent.State(rows: forEachRows(1, 2))) {
      ForEachParent(feeds: feeds)
    }
    let first = await store.send(.rows(.element(id: 1, action: .listen)))
    await store.send(.rows(.element(id: 2, action: .listen)))

    await store.send(.rows(.element(id: 1, action: .stopListening)))
    await first.finish()
    #expect(feeds.ended == ["row 1"])

    feeds.send(7, to: "row 2")
    await store.receive(.rows(.element(id: 2, action: .heard(7)))) { $0.rows[id: 2]?.heard = [7] }

    await store.send(.rows(.element(id: 2, action: .stopListening)))
    await store.finish()
    #expect(feeds.ended == ["row 1", "row 2"])
  }

  @Test func theParentCannotCancelRowEffectsWithTheRowsID() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: ForEachParent.State(rows: forEachRows(1))) {
      ForEachParent(feeds: feeds)
    }
    await store.send(.rows(.element(id: 1, action: .listen)))
    await store.send(.cancelListeningFromParent)
    feeds.send(5, to: "row 1")
    await store.receive(.rows(.element(id: 1, action: .heard(5)))) { $0.rows[id: 1]?.heard = [5] }
    await store.send(.remove(1)) { $0.rows = [] }
    await store.finish()
    #expect(feeds.ended == ["row 1"])
  }

  @Test func reorderingOrAddingRowsKeepsTheirEffects() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: ForEachParent.State(rows: forEachRows(1, 2))) {
      ForEachParent(feeds: feeds)
    }
    await store.send(.rows(.element(id: 1, action: .listen)))
    await store.send(.reverse) { $0.rows = forEachRows(2, 1) }
    await store.send(.add(3)) { $0.rows = forEachRows(2, 1, 3) }
    feeds.send(6, to: "row 1")
    await store.receive(.rows(.element(id: 1, action: .heard(6)))) { $0.rows[id: 1]?.heard = [6] }
    #expect(feeds.ended.isEmpty)
    await store.send(.remove(1)) { $0.rows = forEachRows(2, 3) }
    await store.finish()
    #expect(feeds.ended == ["row 1"])
  }

  @Test func aRowAddedBackWithTheIDOfARemovedRowRunsEffectsAgain() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: ForEachParent.State(rows: forEachRows(1))) {
      ForEachParent(feeds: feeds)
    }
    await store.send(.rows(.element(id: 1, action: .listen)))
    await store.send(.remove(1)) { $0.rows = [] }
    await store.finish()
    await store.send(.add(1)) { $0.rows = forEachRows(1) }
    await store.send(.rows(.element(id: 1, action: .listen)))
    feeds.send(8, to: "row 1")
    await store.receive(.rows(.element(id: 1, action: .heard(8)))) { $0.rows[id: 1]?.heard = [8] }
    await store.send(.remove(1)) { $0.rows = [] }
    await store.finish()
    #expect(feeds.ended == ["row 1", "row 1"])
  }

  @Test func rowsInsideAPresentedListEndWithTheirRowOrWithTheList() async {
    let feeds = TestFeeds()
    let store = TestStore(
      initialState: ForEachHost.State(list: ForEachParent.State(rows: forEachRows(1, 2)))
    ) {
      ForEachHost(feeds: feeds)
    }
    let first = await store.send(.list(.rows(.element(id: 1, action: .listen))))
    await store.send(.list(.rows(.element(id: 2, action: .listen))))

    await store.send(.list(.remove(1))) { $0.list?.rows = forEachRows(2) }
    await first.finish()
    #expect(feeds.ended == ["row 1"])
    feeds.send(2, to: "row 2")
    await store.receive(.list(.rows(.element(id: 2, action: .heard(2))))) {
      $0.list?.rows[id: 2]?.heard = [2]
    }

    await store.send(.close) { $0.list = nil }
    await store.finish()
    #expect(feeds.ended == ["row 1", "row 2"])
  }
}
