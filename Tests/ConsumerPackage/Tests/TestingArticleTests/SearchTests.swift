import ComposableTesting
import Dependencies
import Foundation
import SearchFeature
import Testing

@MainActor
@Suite struct SearchTests {
  @Test func aResponseMatchedByItsCase() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) { Search() } withDependencies: {
      $0.clock = clock
      $0.movieClient = FakeMovies(clock: clock).client
    }
    await store.send(.queryChanged("star")) {
      $0.query = "star"
      $0.status = .loading
    }
    await clock.advance(by: Search.debounceDuration)
    // snippet: case path
  }

  @Test func aFailureMatchedByAPredicate() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) { Search() } withDependencies: {
      $0.clock = clock
      $0.movieClient = FakeMovies(clock: clock).client
    }
    await store.send(.queryChanged("error")) {
      $0.query = "error"
      $0.status = .loading
    }
    await clock.advance(by: Search.debounceDuration)
    // snippet: predicate
  }

  // snippet: burst
}
