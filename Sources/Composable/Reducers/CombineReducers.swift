/// Groups reducers into one, so that an operator applies to all of them.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.profile, action: .profile) { Profile() }
///   Reduce { state, action in … }
/// }
/// .ifLet(\.alert, action: .alert) { … }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer<State, Action>>: Reducer {
  @usableFromInline
  let reducers: Reducers

  /// Combines the reducers built by `build`; they run top to bottom.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
