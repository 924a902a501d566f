/// Builds a reducer from reducers listed one per line: they run top to bottom on the same state
/// and their effects are merged.
///
/// `if`, `if`/`else`, `switch`, optional reducers and `for` loops work inside the builder:
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Reduce { state, action in … }
///   if isLoggingEnabled {
///     Logger()
///   }
///   for rule in rules {
///     rule
///   }
/// }
/// ```
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// An empty body: a reducer that does nothing.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

  /// Accepts any reducer of the builder's state and action.
  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ reducer: R) -> R { reducer }

  /// The first reducer of a body.
  @inlinable
  public static func buildPartialBlock<R: Reducer<State, Action>>(first: R) -> R { first }

  /// Runs the reducers so far, then the next one, on the same state.
  @inlinable
  public static func buildPartialBlock<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    accumulated: R0, next: R1
  ) -> _Sequence<R0, R1> {
    _Sequence(first: accumulated, second: next)
  }

  /// A reducer under an `if` without `else`: it runs only when the condition held.
  @inlinable
  public static func buildOptional<R: Reducer<State, Action>>(_ reducer: R?) -> R? { reducer }

  /// The `if` branch of an `if`/`else` or the first cases of a `switch`.
  @inlinable
  public static func buildEither<First: Reducer<State, Action>, Second: Reducer<State, Action>>(
    first: First
  ) -> _Conditional<First, Second> {
    .first(first)
  }

  /// The `else` branch of an `if`/`else` or the later cases of a `switch`.
  @inlinable
  public static func buildEither<First: Reducer<State, Action>, Second: Reducer<State, Action>>(
    second: Second
  ) -> _Conditional<First, Second> {
    .second(second)
  }

  /// The reducers of a `for` loop, run in order.
  @inlinable
  public static func buildArray<R: Reducer<State, Action>>(_ reducers: [R]) -> _SequenceMany<R> {
    _SequenceMany(reducers: reducers)
  }

  /// A reducer under `if #available`.
  @inlinable
  public static func buildLimitedAvailability<R: Reducer<State, Action>>(_ reducer: R) -> R { reducer }

  /// Two reducers run one after the other on the same state.
  public struct _Sequence<R0: Reducer<State, Action>, R1: Reducer<State, Action>>: Reducer {
    @usableFromInline let first: R0
    @usableFromInline let second: R1

    @inlinable
    init(first: R0, second: R1) {
      self.first = first
      self.second = second
    }

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      let firstEffect = first.reduce(into: &state, action: action)
      return firstEffect.merge(with: second.reduce(into: &state, action: action))
    }
  }

  /// One of two reducers, chosen by an `if`/`else` or `switch`.
  public enum _Conditional<First: Reducer<State, Action>, Second: Reducer<State, Action>>: Reducer {
    case first(First)
    case second(Second)

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch self {
      case let .first(reducer): reducer.reduce(into: &state, action: action)
      case let .second(reducer): reducer.reduce(into: &state, action: action)
      }
    }
  }

  /// The reducers of a `for` loop, run in order.
  public struct _SequenceMany<Element: Reducer<State, Action>>: Reducer {
    @usableFromInline let reducers: [Element]

    @inlinable
    init(reducers: [Element]) { self.reducers = reducers }

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      var effect = Effect<Action>.none
      for reducer in reducers {
        effect = effect.merge(with: reducer.reduce(into: &state, action: action))
      }
      return effect
    }
  }
}
