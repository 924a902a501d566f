/// An action with a `binding` case that carries ``BindingAction``s of the feature's state, which
/// ``BindingReducer`` applies.
///
/// Declare the case, and the one-line property that reads it (Swift has no macros here to write
/// it for you):
///
/// ```swift
/// enum Action: BindableAction, Equatable {
///   case binding(BindingAction<State>)
///   case saveButtonTapped
///
///   var binding: BindingAction<State>? { if case let .binding(action) = self { action } else { nil } }
/// }
/// ```
///
/// The enum case itself satisfies ``binding(_:)``.
public protocol BindableAction {
  /// The state whose fields the bindings set.
  associatedtype State

  /// An action that carries `action`: usually the enum case `case binding(BindingAction<State>)`.
  static func binding(_ action: BindingAction<State>) -> Self

  /// The binding action this action carries, or nil when it is another case.
  var binding: BindingAction<State>? { get }
}
