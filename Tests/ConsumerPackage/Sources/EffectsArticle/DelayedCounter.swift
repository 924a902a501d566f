import Composable
import Dependencies
import Foundation

/// Getting Started's counter, around the article's cases.
public struct DelayedCounter: Reducer {
  public struct State: Equatable, Sendable {
    public var count = 0
    public var pendingIncrements = 0
    public init() {}
  }

  public enum Action: Equatable, Sendable {
    case delayedIncrementButtonTapped
    case delayElapsed
    case resetButtonTapped
  }

  // snippet: cancel id

  public static let delay: Duration = .seconds(1)

  @Dependency(\.clock) var clock

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    // snippet: delayed increment

    case .delayElapsed:
      state.count += 1
      state.pendingIncrements -= 1
      return .none

    // snippet: reset
    }
  }
}
