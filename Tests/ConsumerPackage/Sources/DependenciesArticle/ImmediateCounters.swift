import Composable
import CounterFeature
import Dependencies
import Foundation

/// A parent whose left counter waits on an immediate clock.
struct ImmediateCounters: Reducer {
  struct State: Equatable { var left = Counter.State() }
  enum Action: Equatable { case left(Counter.Action) }

  var body: some ReducerOf<Self> {
    // snippet: scope
  }
}

extension CasePath where Root == ImmediateCounters.Action {
  static var left: CasePath<Root, Counter.Action> { .init(Root.left) { if case let .left(v) = $0 { v } else { nil } } }
}
