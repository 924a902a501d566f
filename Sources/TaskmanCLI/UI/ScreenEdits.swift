import TaskManager

/// Which of the screen's actions change the task file, and so run as a command does, under
/// its lock after a reload (see ``UISession``): what the task list records in its journal, and
/// what ends in such a change (a form's save, the delete confirmation, a prompt for tags or a
/// move, the outline editor's save).
enum ScreenEdits {
  static func isEdit(_ action: AppFeature.Action, in state: AppFeature.State) -> Bool {
    switch action {
    case let .taskList(action):
      return isEdit(action)
    case .promptSubmitted:
      switch state.prompt?.purpose {
      case .tag?, .move?: return true
      case .search?, .setting?, nil: return false
      }
    case .path(.element(id: _, action: .outlineEditor(.saveButtonTapped))):
      return true
    default:
      return false
    }
  }

  static func isEdit(_ action: TaskList.Action) -> Bool {
    switch action {
    case .undo, .redo, .skipUndo, .addProject, .addNote, .move, .deleteItems, .markDone, .markNotDone, .addTags,
      .removeTags, .replaceItem, .importTaskPaper, .alert(.presented),
      .destination(.presented(.addTask(.saveButtonTapped))), .destination(.presented(.editTask(.saveButtonTapped))):
      return true
    default:
      return false
    }
  }
}
