import Composable
import Dependencies
import Foundation

/// The whole app: the ``TaskList`` and, while one task is edited as an outline, the
/// ``OutlineEditor``, composed with `Scope` and `ifLet` as independent children.
///
/// The outline editor's saves go to the task list (``TaskList/Action/replaceItem(_:)``), which
/// stores them like any other change.
///
/// ```swift
/// let store = Store(initialState: AppFeature.State()) { AppFeature() }
/// store.send(.taskList(.load))
/// store.send(.editOutlineButtonTapped(id: taskID))
/// ```
public struct AppFeature: Reducer {
  /// The app's state.
  public struct State: Equatable, Sendable {
    /// The task list.
    public var taskList: TaskList.State
    /// The outline editor, while a task is edited as an outline.
    public var outlineEditor: OutlineEditor.State?

    /// Creates the app's state.
    public init(taskList: TaskList.State = TaskList.State(), outlineEditor: OutlineEditor.State? = nil) {
      self.taskList = taskList
      self.outlineEditor = outlineEditor
    }
  }

  /// What can happen in the app.
  public enum Action: Equatable, Sendable {
    /// The task list's actions.
    case taskList(TaskList.Action)
    /// Opens the outline editor on the item with `id`.
    case editOutlineButtonTapped(id: UUID)
    /// Closes the outline editor.
    case closeOutlineEditorButtonTapped
    /// The outline editor's actions.
    case outlineEditor(OutlineEditor.Action)
  }

  /// Creates the app's reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.taskList, action: .taskList) { TaskList() }
    Reduce { state, action in
      switch action {
      case let .editOutlineButtonTapped(id):
        state.outlineEditor = state.taskList.item(withID: id).map(OutlineEditor.State.init(item:))
        return .none
      case .closeOutlineEditorButtonTapped:
        state.outlineEditor = nil
        return .none
      case let .outlineEditor(.delegate(.save(item))):
        return .send(.taskList(.replaceItem(item)))
      case .outlineEditor, .taskList:
        return .none
      }
    }
    .ifLet(\.outlineEditor, action: .outlineEditor) { OutlineEditor() }
  }
}

extension CasePath where Root == AppFeature.Action {
  /// The task list's actions.
  public static var taskList: CasePath<Root, TaskList.Action> {
    .init(Root.taskList) { if case let .taskList(v) = $0 { v } else { nil } }
  }
  /// The outline editor's actions.
  public static var outlineEditor: CasePath<Root, OutlineEditor.Action> {
    .init(Root.outlineEditor) { if case let .outlineEditor(v) = $0 { v } else { nil } }
  }
}
