import Composable
import Foundation

/// One row of the list: a title that can be edited and a box that can be ticked.
///
/// ``Todos`` runs it for each row with `forEach`, so a row's actions arrive as
/// `.todos(.element(id: id, action: .toggleCompleted))`.
public struct Todo: Reducer {
  /// A todo, as shown and as saved.
  public struct State: Equatable, Identifiable, Sendable, Codable {
    /// Identifies the todo for its whole life, whatever its title.
    public let id: UUID
    /// What to do.
    public var title: String
    /// Whether it is done.
    public var isComplete: Bool

    /// Creates a todo.
    public init(id: UUID, title: String, isComplete: Bool = false) {
      self.id = id
      self.title = title
      self.isComplete = isComplete
    }
  }

  /// What can happen to one todo.
  public enum Action: Equatable, Sendable {
    /// Ticks the todo, or unticks it.
    case toggleCompleted
    /// Replaces the title; a blank title is ignored.
    case titleChanged(String)
  }

  /// Creates the row feature.
  public init() {}

  /// Toggles or renames the todo.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggleCompleted:
      state.isComplete.toggle()
      return .none

    case let .titleChanged(title):
      let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
      if !title.isEmpty { state.title = title }
      return .none
    }
  }
}
