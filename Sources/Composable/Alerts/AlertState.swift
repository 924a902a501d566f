/// An alert kept in state: a title, an optional message, and buttons that send actions.
///
/// Present it with `@PresentationState` and ``Reducer/ifLet(_:action:fileID:filePath:line:column:)``;
/// it is set to `nil` as soon as one of its buttons' actions arrives, and on `.dismiss`:
///
/// ```swift
/// struct State: Equatable {
///   @PresentationState var alert: AlertState<Action.Alert>?
/// }
/// enum Action {
///   case deleteButtonTapped(id: UUID)
///   case alert(PresentationAction<Alert>)
///   enum Alert: Equatable { case confirmDeletion(id: UUID) }
/// }
///
/// case let .deleteButtonTapped(id):
///   state.alert = AlertState(
///     title: "Are you sure?",
///     buttons: [.destructive("Delete", action: .confirmDeletion(id: id)), .cancel("Cancel")]
///   )
/// ```
///
/// Being `Equatable`, an alert can be asserted in tests like any other state.
public struct AlertState<Action> {
  /// The alert's title.
  public var title: TextState
  /// More detail under the title, if any.
  public var message: TextState?
  /// The buttons, in the order they are shown.
  public var buttons: [ButtonState<Action>]

  /// Creates an alert. With no buttons, interfaces show a single "OK" that dismisses it.
  @inlinable
  public init(title: TextState, message: TextState? = nil, buttons: [ButtonState<Action>] = []) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }

  /// The button a user chooses by backing out (Escape, end of input): the one whose role is
  /// ``ButtonStateRole/cancel``, if any.
  public var cancelButton: ButtonState<Action>? {
    buttons.first { $0.role == .cancel }
  }

  /// The same alert with buttons sending another type of action.
  @inlinable
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> AlertState<NewAction> {
    AlertState<NewAction>(title: title, message: message, buttons: buttons.map { $0.map(transform) })
  }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}
extension AlertState: EphemeralState {
  @usableFromInline
  static func canSend(_ action: Any) -> Bool { action is Action }
}
