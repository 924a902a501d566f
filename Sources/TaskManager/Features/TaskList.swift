import Composable
import Dependencies
import Foundation

/// The task list: every item of the outline, adding and editing them through a presented
/// ``TaskForm``, deleting them after an alert, completing and tagging them, and keeping them in
/// the `storage` dependency.
///
/// Every item at any depth has its own stable id, so a nested task is addressed, edited,
/// tagged, completed or deleted (with its children) like a top-level one.
///
/// Persistence: ``Action/load`` reads the document (``TaskDocument``) in an effect; a damaged
/// or unreadable document puts the list in ``LoadStatus/failed(_:)`` and every change is then
/// refused, so a list that failed to load can never be saved over the user's data. After a
/// successful load, every change saves the whole list in an effect.
public struct TaskList: Reducer {
  /// Whether the list reflects the stored document.
  public enum LoadStatus: Equatable, Sendable {
    /// Nothing has been loaded yet; changes are kept in memory and not saved.
    case notLoaded
    /// The list is the stored document, and changes are saved.
    case loaded
    /// The document could not be loaded, for the reason given. Changes are refused.
    case failed(TaskStorageError)
  }

  /// The list's state.
  public struct State: Equatable, Sendable {
    /// The top-level items of the outline, each with its children.
    public var tasks: IdentifiedArrayOf<Item>
    /// Whether ``tasks`` came from storage.
    public var loadStatus: LoadStatus
    /// Why the last request was refused (a bad tag, a save that failed), until the next change.
    public var errorMessage: String?
    /// The task form, while one is open.
    @PresentationState public var destination: Destination.State?
    /// The delete confirmation, while it is shown.
    @PresentationState public var alert: AlertState<Action.Alert>?
    /// Which items ``visibleEntries`` shows.
    public var filter: TaskFilter
    /// The changes ``Action/undo`` can revert, saved with the list.
    public var history: TaskHistory

    /// Creates a list.
    public init(
      tasks: IdentifiedArrayOf<Item> = [],
      loadStatus: LoadStatus = .notLoaded,
      errorMessage: String? = nil,
      destination: Destination.State? = nil,
      alert: AlertState<Action.Alert>? = nil,
      filter: TaskFilter = TaskFilter(),
      history: TaskHistory = TaskHistory()
    ) {
      self.tasks = tasks
      self.loadStatus = loadStatus
      self.errorMessage = errorMessage
      self.destination = destination
      self.alert = alert
      self.filter = filter
      self.history = history
    }

    /// The whole list as an outline, for printing and queries.
    public var outline: Outline { Outline(items: tasks.elements) }

    /// The items that match ``filter``, at any depth, in document order, each with its project.
    public var visibleEntries: [Outline.Entry] { filter.apply(to: outline) }

    /// Every tag name with the number of items carrying it, sorted by name.
    public var tagCounts: [TagCount] { outline.tagCounts() }

    /// The item with `id`, at any depth.
    public func item(withID id: UUID) -> Item? {
      if let item = tasks[id: id] { return item }
      return Item.find(id, in: tasks.elements)
    }
  }

  /// What can happen to the list.
  public enum Action: Equatable, Sendable {
    /// Reads the list from storage.
    case load
    /// The result of ``load``.
    case loadResponse(Result<StoredTaskList, TaskStorageError>)
    /// Reverts the newest change in ``State/history``.
    case undo
    /// Opens the form for a new task.
    case addButtonTapped
    /// Opens the form on `task`.
    case editTask(Item)
    /// Asks whether to delete `task` and its children.
    case deleteButtonTapped(Item)
    /// Stamps the items with `@done(<today>)`.
    case markDone(ids: [UUID])
    /// Removes the items' `@done` tags.
    case markNotDone(ids: [UUID])
    /// Parses each text as one tag and sets it on the item (replacing a tag of the same name).
    case addTags([String], to: UUID)
    /// Removes every tag with one of `names` from the item.
    case removeTags(names: [String], from: UUID)
    /// Puts `item` in place of the item with the same id, at any depth (children included).
    case replaceItem(Item)
    /// Shows only the items that match the filter.
    case filterChanged(TaskFilter)
    /// Appends the items of a TaskPaper document, with fresh ids.
    case importTaskPaper(String)
    /// A save failed; the message says why.
    case saveFailed(String)
    /// The task form's actions.
    case destination(PresentationAction<Destination.Action>)
    /// The delete confirmation's answer.
    case alert(PresentationAction<Alert>)

    /// The buttons of the delete confirmation.
    public enum Alert: Equatable, Sendable {
      /// Delete the item with `id` and its children.
      case confirmDeletion(id: UUID)
    }
  }

  /// The form the list presents: adding a task or editing one, both with ``TaskForm``.
  public struct Destination: Reducer {
    /// Which form is open.
    public enum State: Equatable, Sendable {
      /// Adding a new task.
      case addTask(TaskForm.State)
      /// Editing an existing task.
      case editTask(TaskForm.State)
    }

    /// The open form's actions.
    public enum Action: Equatable, Sendable {
      /// The add form's actions.
      case addTask(TaskForm.Action)
      /// The edit form's actions.
      case editTask(TaskForm.Action)
    }

    /// Creates the destination reducer.
    public init() {}

    public var body: some ReducerOf<Self> {
      Scope(state: .addTask, action: .addTask) { TaskForm() }
      Scope(state: .editTask, action: .editTask) { TaskForm() }
    }
  }

  /// Identifies the list's save, so that a newer save supersedes one not yet written.
  enum CancelID: Hashable, Sendable { case save }

  @Dependency(\.uuid) var uuid
  @Dependency(\.date) var date
  @Dependency(\.timeZone) var timeZone
  @Dependency(\.storage) var storage

  /// Creates the list's reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .load:
        return .run { [storage] send in
          await send(.loadResponse(Result { () throws(TaskStorageError) in try StoredTaskList.load(from: storage) }))
        }

      case let .loadResponse(.success(stored)):
        state.tasks = IdentifiedArray(uniqueElements: stored.outline.items)
        state.history = stored.history
        state.loadStatus = .loaded
        return .none

      case .undo:
        if case let .failed(message) = state.loadStatus {
          state.errorMessage = "Nothing was undone, because the task list could not be loaded: \(message.description)"
          return .none
        }
        guard state.history.undo(&state.tasks) != nil else {
          state.errorMessage = "There is nothing to undo."
          return .none
        }
        state.errorMessage = nil
        guard state.loadStatus == .loaded else { return .none }
        return save(state)

      case let .loadResponse(.failure(error)):
        state.loadStatus = .failed(error)
        return .none

      case .addButtonTapped:
        state.destination = .addTask(.add(id: uuid()))
        return .none

      case let .editTask(task):
        state.destination = .editTask(.edit(task))
        return .none

      case let .deleteButtonTapped(task):
        state.alert = Self.deleteConfirmation(for: task)
        return .none

      case let .markDone(ids):
        let today = TaskDate.Point(date.now, in: timeZone, includingTime: false)
        return change(&state, "done \(state.titles(of: ids))") { tasks in
          for id in ids {
            _ = tasks.modifyItem(withID: id) { $0.setTag(Tag(name: "done", value: today.description)) }
          }
        }

      case let .markNotDone(ids):
        return change(&state, "undone \(state.titles(of: ids))") { tasks in
          for id in ids {
            _ = tasks.modifyItem(withID: id) { $0.removeTags(named: "done") }
          }
        }

      case let .addTags(texts, id):
        var tags: [Tag] = []
        for text in texts {
          do throws(TaskPaperError) {
            tags.append(try TaskPaperParser.parseTag(text))
          } catch {
            state.errorMessage = error.description
            return .none
          }
        }
        let tagList = tags.map(\.description).joined(separator: " ")
        return change(&state, "tag \(state.titles(of: [id])) \(tagList)") { tasks in
          _ = tasks.modifyItem(withID: id) { item in
            for tag in tags { item.setTag(tag) }
          }
        }

      case let .removeTags(names, id):
        return change(&state, "untag \(state.titles(of: [id])) \(names.joined(separator: " "))") { tasks in
          _ = tasks.modifyItem(withID: id) { item in
            for name in names { item.removeTags(named: name) }
          }
        }

      case let .importTaskPaper(text):
        let imported = TaskPaperParser.parse(text, makeID: { uuid() })
        let count = imported.itemCount
        return change(&state, "import \(count) \(count == 1 ? "item" : "items")") { tasks in
          tasks.append(contentsOf: imported.items)
        }

      case let .replaceItem(item):
        return change(&state, "edit \(quoted(item.title))") { tasks in
          _ = tasks.modifyItem(withID: item.id) { $0 = item }
        }

      case let .filterChanged(filter):
        state.filter = filter
        return .none

      case let .saveFailed(message):
        state.errorMessage = message
        return .none

      case let .destination(.presented(.addTask(.delegate(.saveTask(task))))):
        return change(&state, "add \(quoted(task.title))") { tasks in
          tasks.append(task)
        }

      case let .destination(.presented(.editTask(.delegate(.saveTask(task))))):
        return change(&state, "edit \(quoted(task.title))") { tasks in
          _ = tasks.modifyItem(withID: task.id) { $0 = task }
        }

      case let .destination(.presented(.addTask(.delegate(.deleteTask(task))))),
        let .destination(.presented(.editTask(.delegate(.deleteTask(task))))):
        state.alert = Self.deleteConfirmation(for: task)
        return .none

      case let .alert(.presented(.confirmDeletion(id))):
        return change(&state, "delete \(state.titles(of: [id]))") { tasks in
          _ = tasks.removeItem(withID: id)
        }

      case .destination, .alert:
        return .none
      }
    }
    .ifLet(\.$destination, action: .destination) { Destination() }
    .ifLet(\.$alert, action: .alert)
  }

  /// The confirmation shown before deleting `task`.
  public static func deleteConfirmation(for task: Item) -> AlertState<Action.Alert> {
    let count = task.descendantCount
    let title = task.title.isEmpty ? "this item" : "“\(task.title)”"
    let message: TextState =
      count == 0
      ? "Delete \(title)?"
      : "Delete \(title) and the \(count) \(count == 1 ? "item" : "items") under it?"
    return AlertState(
      title: "Are you sure?",
      message: message,
      buttons: [
        .destructive("Delete", action: .confirmDeletion(id: task.id)),
        .cancel("Cancel"),
      ]
    )
  }

  /// Applies `body` to the tasks, records it in the history as `description`, and saves the
  /// list; or refuses when the list failed to load.
  private func change(
    _ state: inout State,
    _ description: String,
    _ body: (inout IdentifiedArrayOf<Item>) -> Void
  ) -> Effect<Action> {
    if case let .failed(message) = state.loadStatus {
      state.errorMessage = "The task list was not changed, because it could not be loaded: \(message.description)"
      return .none
    }
    state.errorMessage = nil
    let before = state.tasks
    body(&state.tasks)
    state.history.record(description, from: before, to: state.tasks)
    guard state.loadStatus == .loaded else { return .none }
    return save(state)
  }

  /// Saves `outline`, superseding a save that has not been written yet. The document is
  /// encoded off the main actor; the write itself happens on it, after checking that no newer
  /// save started, so an older list can never be written after a newer one.
  private func save(_ state: State) -> Effect<Action> {
    .run { [storage, outline = state.outline, history = state.history] send in
      let data = TaskDocument.encode(outline, history: history)
      let failure: String? = await MainActor.run {
        guard !Task.isCancelled else { return nil }
        do {
          try storage.save(data, TaskDocument.defaultName)
          return nil
        } catch {
          return "Could not save the task list: \(error)"
        }
      }
      if let failure { await send(.saveFailed(failure)) }
    }
    .cancellable(id: CancelID.save, cancelInFlight: true)
  }
}

extension CasePath where Root == TaskList.Action {
  /// The task form's actions.
  public static var destination: CasePath<Root, PresentationAction<TaskList.Destination.Action>> {
    .init(Root.destination) { if case let .destination(v) = $0 { v } else { nil } }
  }
  /// The delete confirmation's answers.
  public static var alert: CasePath<Root, PresentationAction<TaskList.Action.Alert>> {
    .init(Root.alert) { if case let .alert(v) = $0 { v } else { nil } }
  }
}

extension CasePath where Root == TaskList.Destination.State {
  /// The add form.
  public static var addTask: CasePath<Root, TaskForm.State> {
    .init(Root.addTask) { if case let .addTask(v) = $0 { v } else { nil } }
  }
  /// The edit form.
  public static var editTask: CasePath<Root, TaskForm.State> {
    .init(Root.editTask) { if case let .editTask(v) = $0 { v } else { nil } }
  }
}

extension CasePath where Root == TaskList.Destination.Action {
  /// The add form's actions.
  public static var addTask: CasePath<Root, TaskForm.Action> {
    .init(Root.addTask) { if case let .addTask(v) = $0 { v } else { nil } }
  }
  /// The edit form's actions.
  public static var editTask: CasePath<Root, TaskForm.Action> {
    .init(Root.editTask) { if case let .editTask(v) = $0 { v } else { nil } }
  }
}

extension IdentifiedArray where ID == UUID, Element == Item {
  /// Applies `body` to the item with `id` at any depth; false when there is none.
  @discardableResult
  mutating func modifyItem(withID id: UUID, _ body: (inout Item) -> Void) -> Bool {
    if contains(id: id) {
      modify(id: id, body)
      return true
    }
    for index in indices where Item.find(id, in: self[index].children) != nil {
      return modify(id: self[index].id) { $0.modifyItem(withID: id, body) } ?? false
    }
    return false
  }

  /// Removes the item with `id` at any depth, with its children.
  @discardableResult
  mutating func removeItem(withID id: UUID) -> Item? {
    if let removed = remove(id: id) { return removed }
    for index in indices where Item.find(id, in: self[index].children) != nil {
      return modify(id: self[index].id) { $0.removeItem(withID: id) } ?? nil
    }
    return nil
  }
}

extension TaskList.State {
  /// The quoted titles of the items with `ids`, for history descriptions: `“Buy milk”, “Bank”`.
  func titles(of ids: [UUID]) -> String {
    ids.map { quoted(item(withID: $0)?.title ?? $0.uuidString) }.joined(separator: ", ")
  }
}

private func quoted(_ title: String) -> String { "“\(title)”" }

extension Item {
  /// How many items are nested under this one, at any depth.
  var descendantCount: Int {
    children.reduce(children.count) { $0 + $1.descendantCount }
  }
}
