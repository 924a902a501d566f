/// A feature's logic: how an action changes the state, and which effects follow.
///
/// Implement either ``reduce(into:action:)`` for a leaf feature, or ``body`` to compose
/// reducers with ``ReducerBuilder``:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped, decrementButtonTapped }
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .incrementButtonTapped: state.count += 1
///     case .decrementButtonTapped: state.count -= 1
///     }
///     return .none
///   }
/// }
///
/// struct App: Reducer {
///   struct State { var counter = Counter.State() }
///   enum Action { case counter(Counter.Action) }
///
///   var body: some ReducerOf<Self> {
///     Scope(state: \.counter, action: .counter) { Counter() }
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The feature's state.
  associatedtype State
  /// Everything that can happen in the feature.
  associatedtype Action
  /// The type of ``body``, inferred; `Never` for reducers that implement ``reduce(into:action:)``.
  associatedtype Body

  /// Changes `state` for `action` and returns the effects to run next.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this one is made of, run top to bottom on the same state.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body.
  public var body: Body {
    fatalError(
      "'\(Self.self)' has no body. Implement either 'reduce(into:action:)' or 'body', not neither."
    )
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs ``body``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// The reducer type of a feature, for bodies: `var body: some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

extension Optional: Reducer where Wrapped: Reducer {
  /// Runs the wrapped reducer, or does nothing when there is none.
  @inlinable
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<Wrapped.Action> {
    switch self {
    case let .some(reducer): return reducer.reduce(into: &state, action: action)
    case .none: return .none
    }
  }
}
