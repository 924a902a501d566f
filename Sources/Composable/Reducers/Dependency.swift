import Dependencies

extension Reducer {
  /// Runs this reducer, and the effects it returns, with one dependency overridden.
  ///
  /// ```swift
  /// Feature()
  ///   .dependency(\.uuid, .incrementing)
  /// ```
  @inlinable
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> some Reducer<State, Action> {
    let value = UncheckedSendable(value)
    return _DependencyReducer(base: self) { $0.override(keyPath, with: value.value) }
  }
}

/// The reducer made by ``Reducer/dependency(_:_:)``.
@usableFromInline
struct _DependencyReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let update: @Sendable (inout DependencyValues) -> Void

  @inlinable
  init(base: Base, update: @escaping @Sendable (inout DependencyValues) -> Void) {
    self.base = base
    self.update = update
  }

  @inlinable
  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    var values = DependencyValues.current
    update(&values)
    let effect = DependencyScope(values).run {
      base.reduce(into: &state, action: action)
    }
    return effect.withDependencies(values)
  }
}

extension Effect {
  /// Runs the asynchronous work of this effect with `values` bound, since the store starts it
  /// after the reducer has returned.
  @usableFromInline
  func withDependencies(_ values: DependencyValues) -> Self {
    switch operation {
    case .none, .send, .cancel:
      return self
    case let .run(priority, location, operation):
      return Self(.run(priority: priority, location: location) { send in
        await Dependencies.withDependencies({ $0 = values }) { await operation(send) }
      })
    case let .merge(effects):
      return Self(.merge(effects.map { $0.withDependencies(values) }))
    case let .concatenate(effects):
      return Self(.concatenate(effects.map { $0.withDependencies(values) }))
    case let .cancellable(effect, id, cancelInFlight):
      return Self(.cancellable(effect.withDependencies(values), id: id, cancelInFlight: cancelInFlight))
    case let .remembering(make):
      return Self(.remembering { make($0).withDependencies(values) })
    }
  }
}
