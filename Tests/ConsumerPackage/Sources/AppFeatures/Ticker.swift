import Composable
import Dependencies
import Foundation

/// A timer that ticks every second while it runs.
public struct Ticker: Reducer {
  public struct State: Equatable, Sendable {
    public var seconds = 0
    public var isRunning = false
    public init() {}
  }

  public enum Action: Equatable, Sendable {
    case startButtonTapped
    case stopButtonTapped
    case tick
  }

  enum CancelID: Hashable, Sendable { case timer }

  @Dependency(\.clock) var clock

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startButtonTapped:
      state.isRunning = true
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .stopButtonTapped:
      state.isRunning = false
      return .cancel(id: CancelID.timer)
    case .tick:
      state.seconds += 1
      return .none
    }
  }
}
