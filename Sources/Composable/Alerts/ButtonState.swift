/// One button of an ``AlertState`` or a ``ConfirmationDialogState``: its label, its role, and
/// the action it sends when chosen.
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDeletion(id: task.id), label: "Delete")
/// ButtonState.cancel("Cancel")
/// ```
///
/// A button without an action only closes its alert: a user interface answers it by sending the
/// presentation's `.dismiss`.
public struct ButtonState<Action> {
  /// How the button looks and behaves: a cancel button, a destructive one, or neither.
  public var role: ButtonStateRole?
  /// The action sent when the button is chosen; `nil` for a button that only closes.
  public var action: Action?
  /// What the button says.
  public var label: TextState

  /// Creates a button.
  @inlinable
  public init(role: ButtonStateRole? = nil, action: Action? = nil, label: TextState) {
    self.role = role
    self.action = action
    self.label = label
  }

  /// A button with no particular role.
  @inlinable
  public static func `default`(_ label: TextState, action: Action? = nil) -> Self {
    Self(role: nil, action: action, label: label)
  }

  /// A button that cancels: it does nothing else unless given an action.
  @inlinable
  public static func cancel(_ label: TextState, action: Action? = nil) -> Self {
    Self(role: .cancel, action: action, label: label)
  }

  /// A button that destroys data, which interfaces show in a warning style.
  @inlinable
  public static func destructive(_ label: TextState, action: Action? = nil) -> Self {
    Self(role: .destructive, action: action, label: label)
  }

  /// The same button sending another type of action, typically a parent's.
  @inlinable
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> ButtonState<NewAction> {
    ButtonState<NewAction>(role: role, action: action.map(transform), label: label)
  }
}

/// The role of a ``ButtonState``.
public enum ButtonStateRole: String, Hashable, Sendable, Codable {
  /// Backs out of the choice; at most one per alert, and what end of input or Escape chooses.
  case cancel
  /// Destroys data.
  case destructive
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}
