import Composable
import CounterFeature
import Dependencies
import Foundation
import SearchFeature

/// A parent of three children: a counter, a timer and a search, side by side.
public struct Dashboard: Reducer {
  public struct State: Equatable, Sendable {
    public var counter = Counter.State()
    public var ticker = Ticker.State()
    public var search = Search.State()
    public init() {}
  }

  public enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case ticker(Ticker.Action)
    case search(Search.Action)
    case resetAllButtonTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: .counter) { Counter() }
    Scope(state: \.ticker, action: .ticker) { Ticker() }
    Scope(state: \.search, action: .search) { Search() }
    Reduce { state, action in
      guard case .resetAllButtonTapped = action else { return .none }
      // The parent changes its children's state directly, and asks the timer to stop.
      state.counter = Counter.State()
      return .send(.ticker(.stopButtonTapped))
    }
  }
}

extension CasePath where Root == Dashboard.Action {
  public static var counter: CasePath<Root, Counter.Action> {
    .init(Root.counter) { if case let .counter(v) = $0 { v } else { nil } }
  }
  public static var ticker: CasePath<Root, Ticker.Action> {
    .init(Root.ticker) { if case let .ticker(v) = $0 { v } else { nil } }
  }
  public static var search: CasePath<Root, Search.Action> {
    .init(Root.search) { if case let .search(v) = $0 { v } else { nil } }
  }
}
