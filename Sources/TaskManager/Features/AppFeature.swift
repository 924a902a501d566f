import Composable
import Dependencies
import Foundation

/// The whole app: the ``TaskList`` at the root, and a navigation stack of screens pushed on it
/// (``Path``): an ``ItemScreen`` per item the user drills into, and an ``OutlineEditor`` per item
/// edited as text.
///
/// The outline editor's saves go to the task list (``TaskList/Action/replaceItem(_:)``), which
/// stores them like any other change. Whenever the list changes (an edit, a reload after another
/// program's change), each item screen is brought up to date, and the stack is popped from the
/// lowest screen whose item is gone: a screen never shows, nor saves over, an item that is no
/// longer in the list.
///
/// ```swift
/// let store = Store(initialState: AppFeature.State()) { AppFeature() }
/// store.send(.taskList(.load))
/// store.send(.itemTapped(id: projectID))             // #0: the project's screen
/// store.send(.editOutlineButtonTapped(id: taskID))   // #1: an outline editor
/// store.send(.path(.popFrom(id: 1)))                 // back to the project
/// ```
public struct AppFeature: Reducer {
  /// The app's state.
  public struct State: Equatable, Sendable {
    /// The task list.
    public var taskList: TaskList.State
    /// The screens pushed on the list, bottom first.
    public var path: StackState<Path.State>
    /// The settings tab, while it is open: its settings are shared with the list
    /// (``SharedKey/Default/appliedSettings``), so a change made there applies at once.
    public var settings: SettingsFeature.State?
    /// The list's selected item, as the original app had a selected row: what its keys act on.
    /// A row, not an index, so a reload that adds lines above it keeps it selected.
    public var selection: UUID?
    /// The selected key on the settings tab.
    public var selectedSetting: SettingsKey?
    /// The line being typed, while one is: a search, tags to add, a project to move to, a
    /// setting's value (see ``Prompt``).
    public var prompt: Prompt?
    /// Where the cursor is, in characters, in the text edited on screen: the open task form's,
    /// else the outline editor's on top of the stack. Nil puts it at the text's end, where a
    /// form or an editor opens; it goes back to nil when neither is open.
    public var textCursor: Int?
    /// The environment variables and flags this run has over the config file (`NO_COLOR`,
    /// `--color`): the settings tab opens with them, so that it shows each value that applies
    /// and where it comes from.
    public var settingsOverrides: [SettingsOverride] = []

    /// Creates the app's state.
    public init(
      taskList: TaskList.State = TaskList.State(),
      path: StackState<Path.State> = StackState(),
      settings: SettingsFeature.State? = nil,
      selection: UUID? = nil,
      selectedSetting: SettingsKey? = nil,
      prompt: Prompt? = nil,
      textCursor: Int? = nil
    ) {
      self.taskList = taskList
      self.path = path
      self.settings = settings
      self.selection = selection
      self.selectedSetting = selectedSetting
      self.prompt = prompt
      self.textCursor = textCursor
    }
  }

  /// What can happen in the app.
  public enum Action: Equatable, Sendable {
    /// The task list's actions.
    case taskList(TaskList.Action)
    /// Pushes the screen of the item with `id`.
    case itemTapped(id: UUID)
    /// Pushes an outline editor on the item with `id`.
    case editOutlineButtonTapped(id: UUID)
    /// The actions of the pushed screens.
    case path(StackActionOf<Path>)
    /// Opens the settings tab, loading the config file.
    case settingsTabOpened
    /// Closes the settings tab.
    case settingsTabClosed
    /// The run's variables and flags over the config file (see ``State/settingsOverrides``).
    case settingsOverridesChanged([SettingsOverride])
    /// The settings tab's actions.
    case settings(SettingsFeature.Action)
    /// Selects the list's row of the item with `id` (none with nil).
    case selectionChanged(UUID?)
    /// Selects a key on the settings tab.
    case settingSelected(SettingsKey?)
    /// Starts typing a line for `purpose` (see ``Prompt``).
    case promptOpened(Prompt.Purpose)
    /// The line being typed changed: its text and where the cursor is.
    case promptEdited(text: String, cursor: Int)
    /// The line is done: it becomes the action its purpose says, and closes.
    case promptSubmitted
    /// The line is dropped; nothing changes.
    case promptCancelled
    /// A key changed the text edited on screen or moved its cursor: the cursor is kept in
    /// ``State/textCursor``, and a changed text goes to the open form (a binding) or the outline
    /// editor on top (``OutlineEditor/Action/textChanged(_:)``).
    case textEdited(text: String, cursor: Int)
  }

  /// Creates the app's reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    // Before the list deletes the item: where the selection goes is found among the items still
    // there.
    Reduce { state, action in
      if case let .taskList(.alert(.presented(.confirmDeletion(id)))) = action, let selection = state.selection {
        state.selection = Self.selection(selection, afterDeleting: id, from: state.taskList.tasks.elements)
      }
      return .none
    }
    Scope(state: \.taskList, action: .taskList) { TaskList() }
    Reduce { state, action in
      switch action {
      case .taskList:
        Self.updatePath(&state)
        return .none
      case let .itemTapped(id), let .path(.element(id: _, action: .itemScreen(.delegate(.openItem(id))))):
        Self.push(itemScreenFor: id, in: &state)
        return .none
      case let .editOutlineButtonTapped(id), let .path(.element(id: _, action: .itemScreen(.delegate(.editOutline(id))))):
        Self.push(outlineEditorFor: id, in: &state)
        return .none
      case let .path(.element(id: _, action: .itemScreen(.delegate(.setDone(done, id))))):
        return .send(.taskList(done ? .markDone(ids: [id]) : .markNotDone(ids: [id])))
      case let .path(.element(id: _, action: .outlineEditor(.delegate(.save(item))))):
        return .send(.taskList(.replaceItem(item)))
      case .path:
        return .none
      case .settingsTabOpened:
        state.settings = SettingsFeature.State(overrides: state.settingsOverrides)
        return .send(.settings(.load))
      case let .settingsOverridesChanged(overrides):
        state.settingsOverrides = overrides
        guard state.settings != nil else { return .none }
        return .send(.settings(.overridesChanged(overrides)))
      case .settingsTabClosed:
        state.settings = nil
        return .none
      case .settings:
        return .none
      case .selectionChanged, .settingSelected, .promptOpened, .promptEdited, .promptSubmitted, .promptCancelled, .textEdited:
        return Self.reduceScreen(into: &state, action: action)
      }
    }
    .forEach(\.path, action: .path) { Path() }
    .ifLet(\.settings, action: .settings) { SettingsFeature() }
    Reduce { state, _ in
      // A form or editor opened next starts with the cursor at its text's end.
      if state.textCursor != nil, Self.editedText(state) == nil { state.textCursor = nil }
      return .none
    }
  }
}

extension CasePath where Root == AppFeature.Action {
  /// The task list's actions.
  public static var taskList: CasePath<Root, TaskList.Action> {
    .init(Root.taskList) { if case let .taskList(v) = $0 { v } else { nil } }
  }
  /// The pushed screens' actions.
  public static var path: CasePath<Root, StackActionOf<AppFeature.Path>> {
    .init(Root.path) { if case let .path(v) = $0 { v } else { nil } }
  }
  /// The settings tab's actions.
  public static var settings: CasePath<Root, SettingsFeature.Action> {
    .init(Root.settings) { if case let .settings(v) = $0 { v } else { nil } }
  }
}
