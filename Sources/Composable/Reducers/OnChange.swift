extension Reducer {
  /// Runs `body` after this reducer whenever an action changes the value read by `toValue`.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .onChange(of: { $0.query }) { oldQuery, state in
  ///     state.results = []
  ///     return .send(.search)
  ///   }
  /// ```
  @inlinable
  public func onChange<Value: Equatable>(
    of toValue: @escaping (State) -> Value,
    _ body: @escaping (_ oldValue: Value, _ state: inout State) -> Effect<Action>
  ) -> some Reducer<State, Action> {
    _OnChangeReducer(base: self, toValue: toValue, body: body)
  }
}

/// The reducer made by ``Reducer/onChange(of:_:)``.
@usableFromInline
struct _OnChangeReducer<Base: Reducer, Value: Equatable>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toValue: (Base.State) -> Value
  @usableFromInline let onChange: (Value, inout Base.State) -> Effect<Base.Action>

  @inlinable
  init(
    base: Base,
    toValue: @escaping (Base.State) -> Value,
    body: @escaping (Value, inout Base.State) -> Effect<Base.Action>
  ) {
    self.base = base
    self.toValue = toValue
    self.onChange = body
  }

  @inlinable
  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let effect = base.reduce(into: &state, action: action)
    guard toValue(state) != oldValue else { return effect }
    return effect.merge(with: onChange(oldValue, &state))
  }
}
