import Composable
import CounterFeature
import Dependencies
import Foundation

// snippet: Destinations

extension CasePath where Root == CounterDestination.State {
  static var counter: CasePath<Root, Counter.State> {
    .init(Root.counter) { if case let .counter(v) = $0 { v } else { nil } }
  }
}

extension CasePath where Root == CounterDestination.Action {
  static var counter: CasePath<Root, Counter.Action> {
    .init(Root.counter) { if case let .counter(v) = $0 { v } else { nil } }
  }
}
