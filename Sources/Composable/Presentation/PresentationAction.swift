/// The actions a parent receives for a presented child: the child's own actions, and the
/// request to dismiss it.
///
/// ```swift
/// enum Action {
///   case editButtonTapped
///   case editor(PresentationAction<Editor.Action>)
/// }
/// ```
///
/// `ifLet(\.$editor, action: .editor)` runs `.presented` actions through the child, before the
/// parent. On `.dismiss` the parent runs first (so it can still read the child's state), then
/// the child's state becomes `nil` and its effects are cancelled. A child sends `.dismiss` to its
/// parent with ``DismissEffect``; a user interface sends it when the user closes the
/// presentation (swipes a sheet away, answers an alert with a button that has no action).
public enum PresentationAction<Action> {
  /// An action of the presented child.
  case presented(Action)
  /// Closes the presentation: the parent runs, then the child's state is set to `nil`.
  case dismiss
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}

extension CasePath where Root == PresentationAction<Value> {
  /// The path to a presented child's actions, for composing with a parent's path:
  /// `.editor.appending(.presented)`.
  @inlinable
  public static var presented: Self {
    CasePath(embed: PresentationAction.presented) {
      if case let .presented(action) = $0 { action } else { nil }
    }
  }
}
