import Composable
import Dependencies
import Foundation

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

extension TaskList.Destination.State: PresentationCases {
  /// Which form is open, told without reflection: a command-line run pays for reflection's
  /// first use of each type every time.
  public var presentedCase: PresentedCase {
    switch self {
    case let .addTask(form): PresentedCase("addTask", form)
    case let .editTask(form): PresentedCase("editTask", form)
    }
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
