import Dependencies
import Foundation

/// Searches films by title: the way the Search feature reaches its (fake) server.
///
/// Read it with `@Dependency(\.movieClient)`. The live value searches ``catalogue`` in memory
/// after a pretend network delay on the `clock` dependency; tests supply their own `search`:
///
/// ```swift
/// $0.movieClient = MovieClient { query in
///   [Movie(id: 1, title: "Alien", year: 1979)]
/// }
/// ```
public struct MovieClient: Sendable {
  /// The films whose title contains `query`; throws when the service fails.
  public var search: @Sendable (_ query: String) async throws -> [Movie]

  /// Creates a client that searches with `search`.
  public init(search: @escaping @Sendable (_ query: String) async throws -> [Movie]) {
    self.search = search
  }
}

/// Why a ``MovieClient`` search failed.
public enum MovieClientError: Error, Equatable, CustomStringConvertible {
  /// The (fake) service is down: ``MovieClient/live`` answers so to any query containing
  /// "error", to show the feature's error state.
  case serviceUnavailable
  /// A test called a client it did not provide.
  case unimplemented

  /// A sentence for the user.
  public var description: String {
    switch self {
    case .serviceUnavailable: "The movie service is unavailable. Try again later."
    case .unimplemented: "MovieClient.search is not implemented in this test."
    }
  }
}

extension MovieClient {
  /// How long the live client pretends the network takes.
  public static let latency: Duration = .milliseconds(200)

  /// The live client's films.
  public static let catalogue: [Movie] = [
    Movie(id: 1, title: "Alien", year: 1979),
    Movie(id: 2, title: "Aliens", year: 1986),
    Movie(id: 3, title: "Arrival", year: 2016),
    Movie(id: 4, title: "Blade Runner", year: 1982),
    Movie(id: 5, title: "Close Encounters of the Third Kind", year: 1977),
    Movie(id: 6, title: "Contact", year: 1997),
    Movie(id: 7, title: "Dune", year: 2021),
    Movie(id: 8, title: "Gattaca", year: 1997),
    Movie(id: 9, title: "Interstellar", year: 2014),
    Movie(id: 10, title: "Metropolis", year: 1927),
    Movie(id: 11, title: "Moon", year: 2009),
    Movie(id: 12, title: "Solaris", year: 1972),
    Movie(id: 13, title: "Star Wars", year: 1977),
    Movie(id: 14, title: "Stalker", year: 1979),
    Movie(id: 15, title: "The Matrix", year: 1999),
    Movie(id: 16, title: "The Terminator", year: 1984),
    Movie(id: 17, title: "2001: A Space Odyssey", year: 1968),
  ]

  /// Searches ``catalogue`` (case-insensitively) after ``latency`` on the `clock` dependency;
  /// fails with ``MovieClientError/serviceUnavailable`` for a query containing "error".
  public static var live: MovieClient {
    MovieClient { query in
      @Dependency(\.clock) var clock
      try await clock.sleep(for: latency)
      let query = query.lowercased()
      if query.contains("error") { throw MovieClientError.serviceUnavailable }
      return catalogue.filter { $0.title.lowercased().contains(query) }
    }
  }
}

private enum MovieClientKey: DependencyKey {
  static var liveValue: MovieClient { .live }

  // A test must say what the service answers: calling this fails the test.
  static var testValue: MovieClient {
    MovieClient { query in
      reportIssue(
        """
        MovieClient.search was called with \(String(reflecting: query)) in a test that did not \
        provide a client. Set '$0.movieClient' in the test's 'withDependencies'.
        """
      )
      throw MovieClientError.unimplemented
    }
  }
}

extension DependencyValues {
  /// The client the Search feature searches films with.
  public var movieClient: MovieClient {
    get { self[MovieClientKey.self] }
    set { self[MovieClientKey.self] = newValue }
  }
}
