import Dependencies

/// Identifies one instance of a child feature inside its parent: the operator that holds it and
/// the child's identity (a list element's id, a presented child's id or case).
///
/// Child effects are namespaced by it, so ids declared by a child are private to that child
/// instance, and they all run under its lifetime id, so that the parent can cancel them when the
/// child goes away (see ``ChildHost``).
@usableFromInline
struct ChildInstance: Hashable, Sendable {
  @usableFromInline let operatorID: OperatorID
  @usableFromInline let identity: ChildIdentity?

  @inlinable
  init(operatorID: OperatorID, identity: ChildIdentity?) {
    self.operatorID = operatorID
    self.identity = identity
  }

  /// The id under which every effect of this child instance runs.
  @inlinable
  var lifetimeID: EffectID {
    EffectID(base: .childLifetime, namespace: [self])
  }
}

/// What tells one child of an operator from another: the `id` of an `Identifiable` child (a
/// list element's, an `ifLet` child's), or the case a presented enum destination is in.
@usableFromInline
enum ChildIdentity: Hashable, Sendable {
  case id(ChildID)
  case presentedCase(CaseIdentity)
}

/// Which operator holds a child: the key path to its state, or for `ifCaseLet` (case paths have
/// no identity of their own) its call site.
///
/// Not an `AnyHashable` of the key path: wrapping a key path, a class, in `AnyHashable` looks
/// up `Hashable` on each of its superclasses the first time, a search of every conformance in
/// the program that a command-line run pays at every launch.
@usableFromInline
enum OperatorID: Hashable, @unchecked Sendable {
  // Key paths are immutable values; `AnyKeyPath` is not declared `Sendable`, and the operators'
  // public signatures take plain (not `& Sendable`) key paths, as TCA's do.
  case keyPath(AnyKeyPath)
  case callSite(String)
}

/// A cancellation id that ends the effects of every child of one operator whose identity
/// `keeps` rejects, wherever the operator sits in the tree (outer operators namespace it like
/// any id): how a host ends the effects of children that went away without remembering which
/// children there were.
@usableFromInline
final class ChildSweep: Hashable, Sendable {
  let operatorID: OperatorID
  let keeps: @Sendable (ChildIdentity?) -> Bool

  @usableFromInline
  init(operatorID: OperatorID, keeps: @escaping @Sendable (ChildIdentity?) -> Bool) {
    self.operatorID = operatorID
    self.keeps = keeps
  }

  /// The id that sweeps, for `Effect.cancel(id:)`.
  @usableFromInline
  var id: EffectID { EffectID(base: .sweep(self), namespace: []) }

  /// Whether `id` is the lifetime id of a child this sweep ends, once namespaced by
  /// `namespace` (the operators around the sweeping one).
  func ends(_ id: EffectID, namespace: [ChildInstance]) -> Bool {
    guard
      id.base == .childLifetime,
      id.namespace.count == namespace.count + 1,
      id.namespace.dropFirst().elementsEqual(namespace),
      id.namespace[0].operatorID == operatorID
    else { return false }
    let instance = id.namespace[0]
    return !keeps(instance.identity)
  }

  @usableFromInline
  static func == (lhs: ChildSweep, rhs: ChildSweep) -> Bool { lhs === rhs }

  @usableFromInline
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Effect {
  /// Scopes the cancellation ids used by a child's effects to `instance`, and runs them all
  /// under the instance's lifetime id.
  @inlinable
  func scoped(to instance: ChildInstance) -> Self {
    if isNone { return self }
    return namespaced(instance)
      .cancellable(id: instance.lifetimeID, cancelInFlight: false)
  }

  @usableFromInline
  func namespaced(_ component: ChildInstance) -> Self {
    switch operation {
    case .none, .send, .run:
      return self
    case let .merge(effects):
      return Self(.merge(effects.map { $0.namespaced(component) }))
    case let .concatenate(effects):
      return Self(.concatenate(effects.map { $0.namespaced(component) }))
    case let .cancellable(effect, id, cancelInFlight):
      var id = id
      id.namespace.append(component)
      return Self(.cancellable(effect.namespaced(component), id: id, cancelInFlight: cancelInFlight))
    case let .cancel(id):
      var id = id
      id.namespace.append(component)
      return Self(.cancel(id))
    case let .remembering(make):
      return Self(.remembering { make($0).namespaced(component) })
    }
  }
}
