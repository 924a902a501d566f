import Composable
import Dependencies
import Foundation

/// Searches films as the query changes: once the query has stayed the same for
/// ``debounceDuration``, and only for the latest query.
///
/// Each query change restarts the wait and cancels the search in flight, so an answer to an
/// old query never replaces the answer to the current one:
///
/// ```swift
/// await store.send(.queryChanged("al")) { $0.query = "al"; $0.status = .loading }
/// await store.send(.queryChanged("ali")) { $0.query = "ali" }
/// await clock.advance(by: Search.debounceDuration)
/// await store.receive(.searchResponse([alien])) { $0.status = .results([alien]) }
/// ```
public struct Search: Reducer {
  /// The query and what the search shows for it.
  public struct State: Equatable, Sendable {
    /// The text searched for.
    public var query: String
    /// Where the search for ``query`` stands.
    public var status: Status

    /// Creates a search.
    public init(query: String = "", status: Status = .idle) {
      self.query = query
      self.status = status
    }
  }

  /// Where a search stands.
  public enum Status: Equatable, Sendable {
    /// No query: nothing to show.
    case idle
    /// Waiting for the query to settle, or for the answer.
    case loading
    /// The films found, in the service's order.
    case results([Movie])
    /// The service found nothing.
    case noResults
    /// The service failed, for the reason given.
    case failed(String)
  }

  /// Everything that can happen to a search.
  public enum Action: Equatable, Sendable {
    /// The user changed the query.
    case queryChanged(String)
    /// The service's answer to the current query.
    case searchResponse([Movie])
    /// The service failed to answer the current query.
    case searchFailed(String)
  }

  /// How long the query must stay the same before the search starts.
  public static let debounceDuration: Duration = .milliseconds(300)

  enum CancelID: Hashable, Sendable { case search }

  @Dependency(\.clock) var clock
  @Dependency(\.movieClient) var movieClient

  /// Creates the search feature.
  public init() {}

  /// Updates the query and starts, restarts or cancels the search.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .queryChanged(query):
      state.query = query
      let trimmed = query.trimmingCharacters(in: .whitespaces)
      guard !trimmed.isEmpty else {
        state.status = .idle
        return .cancel(id: CancelID.search)
      }
      state.status = .loading
      return .run { [movieClient] send in
        await send(.searchResponse(try await movieClient.search(trimmed)))
      } catch: { error, send in
        await send(.searchFailed("\(error)"))
      }
      // Waits on the clock, then searches; a newer query cancels both the wait and the search.
      .debounce(id: CancelID.search, for: Self.debounceDuration, clock: clock)

    case let .searchResponse(movies):
      state.status = movies.isEmpty ? .noResults : .results(movies)
      return .none

    case let .searchFailed(reason):
      state.status = .failed(reason)
      return .none
    }
  }
}

extension CasePath where Root == Search.Action {
  /// The service's answers.
  public static var searchResponse: CasePath<Root, [Movie]> { .init(Root.searchResponse) { if case let .searchResponse(v) = $0 { v } else { nil } } }
  /// The service's failures.
  public static var searchFailed: CasePath<Root, String> { .init(Root.searchFailed) { if case let .searchFailed(v) = $0 { v } else { nil } } }
}
