import Composable
import Dependencies
import Foundation

/// A todo list that loads from and saves to the `storage` dependency.
///
/// Send ``Action/load`` first. Until the document has loaded, and for good if it could not be
/// read, every edit is refused: a damaged document is reported in ``State/document``, never
/// overwritten. Each edit saves the whole list as ``TodosDocument``.
///
/// ```swift
/// let store = TestStore(initialState: Todos.State(document: .loaded)) {
///   Todos()
/// } withDependencies: {
///   $0.uuid = .incrementing
///   $0.storage = .inMemory
/// }
/// await store.send(.addTodo(title: "Buy milk")) {
///   $0.todos = [Todo.State(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "Buy milk")]
/// }
/// ```
public struct Todos: Reducer {
  /// The list, which of its todos are shown, and where its document stands.
  public struct State: Equatable, Sendable {
    /// Every todo, in the order they were added.
    public var todos: IdentifiedArrayOf<Todo.State>
    /// Which todos ``visibleTodos`` holds.
    public var filter: Filter
    /// Whether the todos have been loaded.
    public var document: DocumentStatus
    /// Why the last save failed; cleared by the next edit.
    public var saveError: String?

    /// Creates a list.
    public init(
      todos: IdentifiedArrayOf<Todo.State> = [],
      filter: Filter = .all,
      document: DocumentStatus = .notLoaded,
      saveError: String? = nil
    ) {
      self.todos = todos
      self.filter = filter
      self.document = document
      self.saveError = saveError
    }

    /// The todos that pass ``filter``, in order.
    public var visibleTodos: IdentifiedArrayOf<Todo.State> {
      switch filter {
      case .all: todos
      case .active: todos.filter { !$0.isComplete }
      case .completed: todos.filter(\.isComplete)
      }
    }
  }

  /// Which todos the list shows.
  public enum Filter: String, CaseIterable, Equatable, Sendable {
    /// Every todo.
    case all
    /// The todos not done yet.
    case active
    /// The todos done.
    case completed
  }

  /// Where the list's document stands.
  public enum DocumentStatus: Equatable, Sendable {
    /// Not loaded yet: edits are refused.
    case notLoaded
    /// Loaded, or there was none: edits are saved.
    case loaded
    /// The document could not be read, for the reason given: edits are refused, so that the
    /// document is never overwritten.
    case unreadable(String)
  }

  /// Everything that can happen to the list.
  public enum Action: Equatable, Sendable {
    /// Loads the document; send it once, when the list appears.
    case load
    /// The document's todos (none if there was no document).
    case loadResponse(IdentifiedArrayOf<Todo.State>)
    /// The document could not be read.
    case loadFailed(String)
    /// Adds a todo with `title` at the end; a blank title is ignored.
    case addTodo(title: String)
    /// Removes the todo `id`.
    case deleteTodo(id: UUID)
    /// Shows other todos.
    case filterChanged(Filter)
    /// Removes every completed todo.
    case clearCompletedButtonTapped
    /// An action of one row.
    case todos(IdentifiedAction<UUID, Todo.Action>)
    /// Saving failed.
    case saveFailed(String)
  }

  enum CancelID: Hashable, Sendable { case save }

  @Dependency(\.storage) var storage
  @Dependency(\.uuid) var uuid

  /// Creates the list feature.
  public init() {}

  /// The list's logic, with each row run by ``Todo``.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .load:
        return .run { [storage] send in
          guard let data = try storage.load(TodosDocument.name) else {
            await send(.loadResponse([]))
            return
          }
          await send(.loadResponse(try TodosDocument.decode(data)))
        } catch: { error, send in
          await send(.loadFailed("\(error)"))
        }

      case let .loadResponse(todos):
        state.todos = todos
        state.document = .loaded
        return .none

      case let .loadFailed(reason):
        state.document = .unreadable(reason)
        return .none

      case let .addTodo(title):
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard state.document == .loaded, !title.isEmpty else { return .none }
        state.todos.append(Todo.State(id: uuid(), title: title))
        return save(&state)

      case let .deleteTodo(id):
        guard state.document == .loaded else { return .none }
        state.todos.remove(id: id)
        return save(&state)

      case .clearCompletedButtonTapped:
        guard state.document == .loaded else { return .none }
        state.todos.removeAll(where: \.isComplete)
        return save(&state)

      case .todos:
        // `forEach` has run `Todo` on the row already; rows exist only once loaded.
        return save(&state)

      case let .filterChanged(filter):
        state.filter = filter
        return .none

      case let .saveFailed(reason):
        state.saveError = reason
        return .none
      }
    }
    .forEach(\.todos, action: .todos) {
      Todo()
    }
  }

  /// Saves the todos, after any save still running, which this one makes obsolete.
  private func save(_ state: inout State) -> Effect<Action> {
    state.saveError = nil
    return .run { [storage, todos = state.todos] _ in
      let data = try TodosDocument.encode(todos)
      // Saves run on separate tasks, so two could finish out of order. Under the document's
      // lock, a save that a newer one has cancelled writes nothing: the newest list is the
      // last one written.
      try await storage.withExclusiveAccess(to: TodosDocument.name, timeout: .seconds(5)) { document async throws in
        try Task.checkCancellation()
        try document.save(data)
      }
    } catch: { error, send in
      await send(.saveFailed("\(error)"))
    }
    .cancellable(id: CancelID.save, cancelInFlight: true)
  }
}

extension CasePath where Root == Todos.Action {
  /// The actions of the rows.
  public static var todos: CasePath<Root, IdentifiedAction<UUID, Todo.Action>> { .init(Root.todos) { if case let .todos(v) = $0 { v } else { nil } } }
}
