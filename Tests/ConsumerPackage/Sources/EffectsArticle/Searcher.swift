import Composable
import Dependencies
import Foundation
import SearchFeature

/// The library's Search example, around the article's case: a file that imports Foundation, as
/// app code does, and debounces on the `clock` dependency.
public struct Searcher: Reducer {
  public struct State: Equatable, Sendable {
    public var query = ""
    public var status = Status.idle
    public init() {}
  }

  public enum Status: Equatable, Sendable {
    case idle
    case loading
    case results([Movie])
    case noResults
    case failed(String)
  }

  public enum Action: Equatable, Sendable {
    case queryChanged(String)
    case searchResponse([Movie])
    case searchFailed(String)
  }

  enum CancelID: Hashable, Sendable { case search }

  public static let debounceDuration: Duration = .milliseconds(300)

  @Dependency(\.clock) var clock
  @Dependency(\.movieClient) var movieClient

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    // snippet: query changed

    case let .searchResponse(movies):
      state.status = movies.isEmpty ? .noResults : .results(movies)
      return .none

    case let .searchFailed(reason):
      state.status = .failed(reason)
      return .none
    }
  }
}
