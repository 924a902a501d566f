import Foundation
import Dependencies

/// Identifies one instance of a child feature inside its parent: the operator that holds it and
/// the child's identity (a list element's id, a presented child's id or case).
///
/// Child effects are namespaced by it, so ids declared by a child are private to that child
/// instance, and they all run under its lifetime id, so that the parent can cancel them when the
/// child goes away.
@usableFromInline
struct ChildInstance: Hashable, @unchecked Sendable {
  // Key paths and ids are immutable values; `AnyHashable` hides their sendability.
  @usableFromInline let operatorID: AnyHashable
  @usableFromInline let identity: AnyHashable?

  @inlinable
  init(operatorID: AnyHashable, identity: AnyHashable?) {
    self.operatorID = operatorID
    self.identity = identity
  }

  /// The id under which every effect of this child instance runs.
  @inlinable
  var lifetimeID: EffectID {
    EffectID(base: AnyHashable(LifetimeMarker()), namespace: [AnyHashable(self)])
  }
}

@usableFromInline
struct LifetimeMarker: Hashable, Sendable {
  @inlinable init() {}
}

extension Effect {
  /// Scopes the cancellation ids used by a child's effects to `instance`, and runs them all
  /// under the instance's lifetime id.
  @inlinable
  func scoped(to instance: ChildInstance) -> Self {
    if isNone { return self }
    return namespaced(AnyHashable(instance))
      .cancellable(id: instance.lifetimeID, cancelInFlight: false)
  }

  @usableFromInline
  func namespaced(_ component: AnyHashable) -> Self {
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
    }
  }
}

/// A readable description of a value for runtime warnings: `Parent.Action.child(.increment)`
/// rather than `child(MyModule.Child.Action.increment)`.
@usableFromInline
func describeForWarning<Value>(_ value: Value) -> String {
  let typeName = String(reflecting: Value.self)
  var description = String(reflecting: value)
  if let dot = typeName.firstIndex(of: ".") {
    let module = typeName[..<dot]
    description = description.replacingOccurrences(of: "\(module).", with: "")
  }
  let shortType = typeName.split(separator: ".").dropFirst().joined(separator: ".")
  if description.hasPrefix(shortType) { return description }
  return "\(shortType).\(description)"
}

/// Reports an action that reached a child operator while the child was absent.
@usableFromInline
func reportMissingChild<Action>(
  operatorName: String,
  action: Action,
  problem: String,
  advice: String,
  location: SourceLocation
) {
  DependencyValues.current.issueReporter(
    """
    \(operatorName) at "\(location)" received an action \(problem):

      Action:
        \(describeForWarning(action))

    \(advice)
    """,
    at: location
  )
}
