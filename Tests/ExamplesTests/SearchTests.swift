import Composable
import ComposableTesting
import Dependencies
import SearchExample
import Testing

private let alien = Movie(id: 1, title: "Alien", year: 1979)
private let aliens = Movie(id: 2, title: "Aliens", year: 1986)
private let starWars = Movie(id: 3, title: "Star Wars", year: 1977)

/// A movie client that answers from three films after `latency` on `clock`, and remembers the
/// queries it was asked.
private final class FakeMovies: Sendable {
  let queries = Lock<[String]>([])
  let clock: TestClock
  let latency: Duration

  init(clock: TestClock, latency: Duration = .zero) {
    self.clock = clock
    self.latency = latency
  }

  var client: MovieClient {
    MovieClient { [self] query in
      queries.withLock { $0.append(query) }
      try await clock.sleep(for: latency)
      return [alien, aliens, starWars].filter { $0.title.lowercased().contains(query.lowercased()) }
    }
  }
}

@MainActor
@Suite struct SearchTests {
  let clock = TestClock()

  @Test func searchesOnlyTheLastQueryOfABurst() async {
    let movies = FakeMovies(clock: clock)
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.clock = clock
      $0.movieClient = movies.client
    }
    await store.send(.queryChanged("a")) {
      $0.query = "a"
      $0.status = .loading
    }
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("al")) { $0.query = "al" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("alien")) { $0.query = "alien" }
    await clock.advance(by: .milliseconds(299))
    #expect(movies.queries.withLock { $0 } == [])
    await clock.advance(by: .milliseconds(1))
    await store.receive(.searchResponse([alien, aliens])) { $0.status = .results([alien, aliens]) }
    #expect(movies.queries.withLock { $0 } == ["alien"])
  }

  @Test func aNewQueryCancelsTheSearchInFlight() async {
    let movies = FakeMovies(clock: clock, latency: .seconds(1))
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.clock = clock
      $0.movieClient = movies.client
    }
    await store.send(.queryChanged("alien")) {
      $0.query = "alien"
      $0.status = .loading
    }
    await clock.advance(by: Search.debounceDuration)
    #expect(movies.queries.withLock { $0 } == ["alien"])
    // The search for "alien" is waiting for its answer; the new query cancels it.
    await store.send(.queryChanged("star")) { $0.query = "star" }
    await clock.advance(by: Search.debounceDuration + .seconds(1))
    await store.receive(.searchResponse) { $0.status = .results([starWars]) }
    #expect(movies.queries.withLock { $0 } == ["alien", "star"])
  }

  @Test func clearingTheQueryCancelsTheSearchAndGoesIdle() async {
    let movies = FakeMovies(clock: clock, latency: .seconds(1))
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.clock = clock
      $0.movieClient = movies.client
    }
    await store.send(.queryChanged("alien")) {
      $0.query = "alien"
      $0.status = .loading
    }
    await clock.advance(by: Search.debounceDuration)
    await store.send(.queryChanged("  ")) {
      $0.query = "  "
      $0.status = .idle
    }
    // The exhaustive store would fail on the cancelled search's answer.
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test func aSearchThatFindsNothingSaysSo() async {
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.clock = clock
      $0.movieClient = FakeMovies(clock: clock).client
    }
    await store.send(.queryChanged("zardoz")) {
      $0.query = "zardoz"
      $0.status = .loading
    }
    await clock.advance(by: Search.debounceDuration)
    await store.receive(.searchResponse([])) { $0.status = .noResults }
  }

  @Test func aFailedSearchShowsTheReason() async {
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.clock = clock
      $0.movieClient = MovieClient { _ in throw MovieClientError.serviceUnavailable }
    }
    await store.send(.queryChanged("alien")) {
      $0.query = "alien"
      $0.status = .loading
    }
    await clock.advance(by: Search.debounceDuration)
    let reason = "The movie service is unavailable. Try again later."
    await store.receive(.searchFailed(reason)) { $0.status = .failed(reason) }
  }

  @Test func theLiveClientSearchesItsCatalogueAfterItsLatency() async throws {
    let clock = ImmediateClock()
    let movies = try await withDependencies {
      $0.clock = clock
    } operation: {
      try await MovieClient.live.search("ALIEN")
    }
    #expect(movies.map(\.title) == ["Alien", "Aliens"])
    #expect(clock.now.offset == MovieClient.latency)
  }

  @Test func theLiveClientFailsForError() async {
    await #expect(throws: MovieClientError.serviceUnavailable) {
      try await withDependencies {
        $0.clock = ImmediateClock()
      } operation: {
        try await MovieClient.live.search("error")
      }
    }
  }
}

@Suite struct SearchExecutableTests {
  @Test func rendersLoadingThenResultsForAPipedQuery() throws {
    let run = try ExampleProcess("Search", input: "alien\n", environment: ["EXAMPLES_CLOCK": "immediate"])
    #expect(run.status == 0)
    #expect(run.errorOutput == "")
    #expect(
      run.output == """
        Type a film title, or part of one (try "star", or "error" to see the service fail). Commands: /help, /quit.
        (no query)
        > alien
        Searching for "alien"…
        2 results for "alien":
          Alien (1979)
          Aliens (1986)

        """
    )
  }

  @Test func rendersTheFailureOfAPipedQuery() throws {
    let run = try ExampleProcess("Search", input: "error\n", environment: ["EXAMPLES_CLOCK": "immediate"])
    #expect(run.status == 0)
    #expect(
      run.output.hasSuffix(
        """
        > error
        Searching for "error"…
        Search for "error" failed: The movie service is unavailable. Try again later.

        """
      )
    )
  }
}
