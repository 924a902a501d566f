import Composable
import Dependencies
import Foundation
import TodosFeature

/// The library's Todos example reduced to its loading and saving, around the article's code.
public struct TodoLoader: Reducer {
  public struct State: Equatable, Sendable {
    public var todos: IdentifiedArrayOf<Todo.State> = []
    public var saveError: String?
    public init() {}
  }

  public enum Action: Equatable, Sendable {
    case load
    case loadResponse(IdentifiedArrayOf<Todo.State>)
    case loadFailed(String)
    case saveFailed(String)
    case add(Todo.State)
  }

  enum CancelID: Hashable, Sendable { case save }

  @Dependency(\.storage) var storage

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    // snippet: load

    case let .loadResponse(todos):
      state.todos = todos
      return .none

    case let .loadFailed(message), let .saveFailed(message):
      state.saveError = message
      return .none

    case let .add(todo):
      state.todos.append(todo)
      return save(&state)
    }
  }

  // snippet: save
}
