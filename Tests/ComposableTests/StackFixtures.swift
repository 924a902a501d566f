import Composable
import Dependencies

/// A screen of a navigation stack: counts, ticks on the clock until cancelled, and closes
/// itself in several ways.
struct StackScreen: Reducer {
  struct State: Equatable {
    var name: String
    var count = 0
    var ticks = 0
  }
  enum Action: Equatable {
    case increment
    case startTimer
    case tick
    case closeButtonTapped
    case closeLater
    case closeTwice
    case tellParentThenClose
    case pushThenClose
    case delegate(Delegate)
    enum Delegate: Equatable {
      case done
      case pushAnother
    }
  }

  @Dependency(\.dismiss) var dismiss
  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .startTimer:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    case .closeButtonTapped:
      return .run { [dismiss] _ in await dismiss() }
    case .closeLater:
      return .run { [clock, dismiss] _ in
        try await clock.sleep(for: .seconds(2))
        await dismiss()
      }
    case .closeTwice:
      // One dismissal now, one from a longer effect that the first one's pop must cancel.
      return .merge(
        .run { [dismiss] _ in await dismiss() },
        .run { [clock, dismiss] _ in
          try await clock.sleep(for: .seconds(1))
          await dismiss()
        }
      )
    case .tellParentThenClose:
      return .run { [dismiss] send in
        await send(.delegate(.done))
        await dismiss()
      }
    case .pushThenClose:
      return .run { [dismiss] send in
        await send(.delegate(.pushAnother))
        await dismiss()
      }
    case .delegate:
      return .none
    }
  }
}

/// The root of a stack of ``StackScreen``s, which pushes and pops from its own actions and
/// effects too.
struct StackNavigator: Reducer {
  struct State: Equatable {
    var path = StackState<StackScreen.State>()
    var log: [String] = []
  }
  enum Action: Equatable {
    case path(StackAction<StackScreen.State, StackScreen.Action>)
    case push(String)
    case pushLater(String)
    case popLast
    case popToRoot
    case popAndPush(String)
    case replaceStack([String])
  }

  @Dependency(\.clock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .path(.element(id, .increment)):
        // The element ran first.
        state.log.append("\(id) at \(state.path[id: id]?.count ?? -1)")
      case let .path(.element(id, .delegate(.done))):
        state.log.append("\(id) done")
        state.path.pop(from: id)
      case .path(.element(_, .delegate(.pushAnother))):
        state.path.append(StackScreen.State(name: "pushed"))
      case let .path(.popFrom(id)):
        // The parent runs before the pop.
        state.log.append("pop from \(id) of \(state.path.count)")
      case let .path(.push(id, screen)):
        // The element was pushed first.
        state.log.append("pushed \(screen.name) as \(id) of \(state.path.count)")
      case .path:
        break
      case let .push(name):
        state.path.append(StackScreen.State(name: name))
      case let .pushLater(name):
        // Pushes through the stack's action, under the id that is next now.
        return .run { [clock, id = state.path.nextID] send in
          try await clock.sleep(for: .seconds(1))
          await send(.path(.push(id: id, state: StackScreen.State(name: name))))
        }
      case .popLast:
        state.path.removeLast()
      case .popToRoot:
        state.path.removeAll()
      case let .popAndPush(name):
        state.path.removeLast()
        state.path.append(StackScreen.State(name: name))
      case let .replaceStack(names):
        state.path = StackState(names.map { StackScreen.State(name: $0) })
      }
      return .none
    }
    .forEach(\.path, action: .stackPath) { StackScreen() }
  }
}

extension CasePath where Root == StackNavigator.Action {
  static var stackPath: CasePath<Root, StackAction<StackScreen.State, StackScreen.Action>> {
    .init(Root.path) { if case let .path(v) = $0 { v } else { nil } }
  }
}

/// A stack of the screens named, `#0` first.
func stackOf(_ names: String...) -> StackState<StackScreen.State> {
  StackState(names.map { StackScreen.State(name: $0) })
}

/// Captures the issues a store reports instead of failing the test.
final class StackWarnings: Sendable {
  private let recorded = Lock<[(message: String, line: UInt)]>([])

  var reporter: IssueReporter {
    IssueReporter { message, location in
      self.recorded.withLock { $0.append((message, location.line)) }
    }
  }

  var all: [(message: String, line: UInt)] { recorded.withLock { $0 } }
}
