  public struct State: Equatable, Sendable {
    public var movies: [Movie] = []
    public init() {}
  }

  public enum Action: Equatable, Sendable {
    case search(String)
    case found([Movie])
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .search(query):
      return .run { [clock, movieClient] send in
        try await clock.sleep(for: .milliseconds(300))
        await send(.found(try await movieClient.search(query)))
      }
    case let .found(movies):
      state.movies = movies
      return .none
    }
  }
