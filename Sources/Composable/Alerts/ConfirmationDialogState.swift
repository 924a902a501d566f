/// A confirmation dialog kept in state: like an ``AlertState``, usually with several choices,
/// shown as an action sheet or a menu.
///
/// ```swift
/// state.dialog = ConfirmationDialogState(
///   title: "Move to",
///   titleVisibility: .visible,
///   buttons: [.default("Inbox", action: .move(.inbox)), .cancel("Cancel")]
/// )
/// ```
///
/// Present it with `@PresentationState` and `ifLet(\.$dialog, action: .dialog)`; it is set to
/// `nil` as soon as one of its buttons' actions arrives, and on `.dismiss`.
public struct ConfirmationDialogState<Action> {
  /// Whether interfaces show the title.
  public typealias TitleVisibility = ConfirmationDialogTitleVisibility

  /// The dialog's title.
  public var title: TextState
  /// Whether the title is shown.
  public var titleVisibility: TitleVisibility
  /// More detail under the title, if any.
  public var message: TextState?
  /// The choices, in the order they are shown.
  public var buttons: [ButtonState<Action>]

  /// Creates a dialog.
  @inlinable
  public init(
    title: TextState,
    titleVisibility: TitleVisibility = .automatic,
    message: TextState? = nil,
    buttons: [ButtonState<Action>] = []
  ) {
    self.title = title
    self.titleVisibility = titleVisibility
    self.message = message
    self.buttons = buttons
  }

  /// The button a user chooses by backing out: the one whose role is ``ButtonStateRole/cancel``.
  public var cancelButton: ButtonState<Action>? {
    buttons.first { $0.role == .cancel }
  }

  /// The same dialog with buttons sending another type of action.
  @inlinable
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> ConfirmationDialogState<NewAction> {
    ConfirmationDialogState<NewAction>(
      title: title, titleVisibility: titleVisibility, message: message,
      buttons: buttons.map { $0.map(transform) }
    )
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Sendable where Action: Sendable {}
extension ConfirmationDialogState: EphemeralState {
  @usableFromInline
  static func canSend(_ action: Any) -> Bool { action is Action }
}

/// Whether a ``ConfirmationDialogState`` shows its title.
public enum ConfirmationDialogTitleVisibility: String, Hashable, Sendable, Codable {
  /// The platform decides.
  case automatic
  /// The title is shown.
  case visible
  /// The title is hidden.
  case hidden
}
