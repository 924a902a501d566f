import Composable
import Dependencies
import Foundation

/// Adds or edits one task as a line of TaskPaper text: `Buy milk @shopping @due(2026-12-01)`.
///
/// The form is presented by ``TaskList`` (as `addTask` or `editTask`) and tells it what to do
/// through ``Action/Delegate``, then dismisses itself. The text changes through a binding,
/// `.binding(.set(\.text, "Buy milk"))`, which ``BindingReducer`` applies:
///
/// - ``Action/saveButtonTapped``: if the text is one task line, the parent receives
///   `.delegate(.saveTask(task))` with the same id and the new content (an edited item keeps its
///   children and its depth); otherwise ``State/errorMessage`` becomes
///   `Unable to convert <TEXT> into a task.` and the form stays open with the text as typed.
/// - ``Action/deleteButtonTapped``: the parent receives `.delegate(.deleteTask(task))`.
/// - ``Action/cancelButtonTapped``: the form closes and nothing changes.
public struct TaskForm: Reducer {
  /// Whether the form creates a task or changes one.
  public enum Mode: String, Equatable, Sendable {
    /// A new task, titled `Add Task`.
    case add
    /// An existing task, titled `Edit Task`.
    case edit
  }

  /// The form's contents.
  public struct State: Equatable, Identifiable, Sendable {
    /// Whether the form adds or edits.
    public var mode: Mode
    /// The task as it was when the form opened; its id, depth and children are kept on save.
    public var task: Item
    /// The text being edited.
    public var text: String
    /// Why the last save was refused, until the next save.
    public var errorMessage: String?
    /// Where a new task was asked to go in the outline (adding only): the end of the list,
    /// inside an item, or in a project; nil when no place was given, and the settings say
    /// (``effectivePosition``).
    public var position: OutlinePosition?
    /// The settings that apply (``SharedKey/Default/appliedSettings``), shared with the list and
    /// the settings screen of the store tree: `add.project` places a task added with no
    /// position given, as the setting is when the form saves.
    @Shared(.appliedSettings) public var settings: Settings

    /// Where a new task goes: ``position``, or when none was given the `add.project` setting's
    /// project (the end of the list when it names none).
    public var effectivePosition: OutlinePosition {
      position ?? settings.addProject.position
    }

    /// The task's id: a form is the same presentation for as long as it edits the same task.
    public var id: UUID { task.id }

    /// The form's title: `Add Task` or `Edit Task`.
    public var title: String {
      switch mode {
      case .add: "Add Task"
      case .edit: "Edit Task"
      }
    }

    /// A form that adds a new task with id `id`, starting from empty text, at `position`, or
    /// where the settings say when it is nil.
    public static func add(id: UUID, at position: OutlinePosition? = nil) -> Self {
      State(mode: .add, task: Item(id: id, kind: .task, title: ""), text: "", position: position)
    }

    /// A form that edits `task`, starting from its TaskPaper line.
    public static func edit(_ task: Item) -> Self {
      State(mode: .edit, task: task, text: TaskPaperPrinter.line(for: task))
    }

    /// Creates a form; prefer ``add(id:)`` and ``edit(_:)``.
    public init(mode: Mode, task: Item, text: String, errorMessage: String? = nil, position: OutlinePosition? = nil) {
      self.mode = mode
      self.task = task
      self.text = text
      self.errorMessage = errorMessage
      self.position = position
    }
  }

  /// What the user does in the form, and what it tells its parent.
  public enum Action: BindableAction, Equatable, Sendable {
    /// A field of the form changed: `.binding(.set(\.text, "Buy milk"))`.
    case binding(BindingAction<State>)
    /// Save: parse the text and hand the task to the parent.
    case saveButtonTapped
    /// Delete: hand the task to the parent, which asks for confirmation.
    case deleteButtonTapped
    /// Close without saving.
    case cancelButtonTapped
    /// Messages for the parent.
    case delegate(Delegate)

    /// Messages the form sends to the feature that presented it.
    public enum Delegate: Equatable, Sendable {
      /// Store this task: the id is the form's, the content is the parsed text.
      case saveTask(Item)
      /// Delete this task (after asking the user).
      case deleteTask(Item)
    }

    /// The binding this action carries, if it is ``binding(_:)``.
    public var binding: BindingAction<State>? { if case let .binding(action) = self { action } else { nil } }
  }

  @Dependency(\.dismiss) var dismiss

  /// Creates the form's reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce(core)
  }

  private func core(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .binding:
      return .none

    case .saveButtonTapped:
      guard let task = Self.parse(state.text, replacing: state.task) else {
        state.errorMessage = TaskPaperError.invalidTask(state.text).description
        return .none
      }
      do throws(TaskDateError) {
        try task.checkDates(except: state.task.tags)
      } catch {
        state.errorMessage = "\(TaskPaperError.invalidTask(state.text).description) \(error.description)."
        return .none
      }
      state.errorMessage = nil
      return .run { [dismiss] send in
        await send(.delegate(.saveTask(task)))
        await dismiss()
      }

    case .deleteButtonTapped:
      return .run { [task = state.task, dismiss] send in
        await send(.delegate(.deleteTask(task)))
        await dismiss()
      }

    case .cancelButtonTapped:
      return .run { [dismiss] _ in await dismiss() }

    case .delegate:
      return .none
    }
  }

  /// `original` with the content of `text`, or nil when `text` is not exactly one line of
  /// TaskPaper. A task is read as a task line (the `- ` is optional); a project or a note being
  /// edited is read as a document line, so `Errands:` stays a project.
  static func parse(_ text: String, replacing original: Item) -> Item? {
    let parsed: Item
    if original.kind == .task {
      guard let task = try? TaskPaperParser.parseTask(text, makeID: { original.id }) else { return nil }
      parsed = task
    } else {
      guard !text.contains(where: \.isNewline) else { return nil }
      let outline = TaskPaperParser.parse(text, makeID: { original.id })
      guard outline.items.count == 1, let item = outline.items.first, !item.isBlank else { return nil }
      parsed = item
    }
    var task = original
    task.kind = parsed.kind
    task.title = parsed.title
    task.tags = parsed.tags
    return task
  }
}
