/// A reducer from a closure, for logic that lives inline in a ``Reducer/body``.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Reduce { state, action in
///     switch action {
///     case .incrementButtonTapped:
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  @usableFromInline
  let reduce: (inout State, Action) -> Effect<Action>

  /// Creates a reducer from a closure that changes the state and returns effects.
  @inlinable
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// Wraps another reducer, erasing its type.
  @inlinable
  public init<R: Reducer<State, Action>>(_ reducer: R) {
    self.reduce = { reducer.reduce(into: &$0, action: $1) }
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }
}
