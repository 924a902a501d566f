import Composable
import CounterFeature
import Foundation

/// The article's store snippets, as functions an app would call.
@MainActor
public func runTwoCounters() {
  // snippet: two counters
}

@MainActor
public func runTheScoreboard() {
  let store = Store(initialState: Scoreboard.State()) { Scoreboard() }
  store.send(.editButtonTapped)
  // snippet: editor store
}
