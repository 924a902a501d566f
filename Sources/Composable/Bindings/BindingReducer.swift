/// Applies the ``BindingAction``s of a feature's actions to its state; every other action passes
/// through unchanged.
///
/// Place it in the feature's `body`, before the reducer that reacts to changes, so that reducer
/// sees the new value:
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in
///     switch action {
///     case .binding(\.title):
///       state.errorMessage = nil
///       return .none
///     case .binding:
///       return .none
///     …
///     }
///   }
/// }
/// ```
public struct BindingReducer<State, Action: BindableAction>: Reducer where Action.State == State {
  /// Creates the reducer; its state and action types come from the `body` it is in.
  @inlinable
  public init() {}

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    action.binding?.set(&state)
    return .none
  }
}
