import Composable
import Testing

private struct Sheet: Reducer {
  struct State: Equatable {
    var count = 0
  }
  enum Action: Equatable {
    case increment
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

private struct Host: Reducer {
  struct State: Equatable {
    var sheet: Sheet.State?
  }
  enum Action: Equatable {
    case open
    case close
    case sheet(Sheet.Action)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .open: state.sheet = Sheet.State()
      case .close: state.sheet = nil
      case .sheet: break
      }
      return .none
    }
    .ifLet(\.sheet, action: .sheet) { Sheet() }
  }
}

extension CasePath where Root == Host.Action {
  fileprivate static var sheet: CasePath<Root, Sheet.Action> {
    .init(Root.sheet) { if case let .sheet(v) = $0 { v } else { nil } }
  }
}

@MainActor
@Suite struct OptionalScopeTests {
  @Test func scopingToAnAbsentChildGivesNil() {
    let store = Store(initialState: Host.State()) { Host() }
    #expect(store.scope(state: \.sheet, action: .sheet) == nil)
  }

  @Test func scopingToAPresentChildGivesItsStore() throws {
    let store = Store(initialState: Host.State()) { Host() }
    store.send(.open)
    let sheet = try #require(store.scope(state: \.sheet, action: .sheet))
    sheet.send(.increment)
    #expect(sheet.state == Sheet.State(count: 1))
    #expect(store.state.sheet?.count == 1)
  }

  @Test func aChildStoreKeepsTheLastStateOnceTheChildIsGone() throws {
    let store = Store(initialState: Host.State(sheet: Sheet.State(count: 2))) { Host() }
    let sheet = try #require(store.scope(state: \.sheet, action: .sheet))
    store.send(.close)
    #expect(sheet.state == Sheet.State(count: 2))
    #expect(store.scope(state: \.sheet, action: .sheet) == nil)
  }

  @Test func aClosureStillScopesToTheOptionalItself() {
    let store = Store(initialState: Host.State()) { Host() }
    let optional: Store<Sheet.State?, Sheet.Action> = store.scope(state: { $0.sheet }, action: { .sheet($0) })
    #expect(optional.state == nil)
  }
}
