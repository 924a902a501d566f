import Foundation
import Dependencies

/// Identifies one instance of a child feature inside its parent: the operator that holds it and
/// the child's identity (a list element's id, a presented child's id or case).
///
/// Child effects are namespaced by it, so ids declared by a child are private to that child
/// instance, and they all run under its lifetime id, so that the parent can cancel them when the
/// child goes away.
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
  // Key paths are immutable values.
  case keyPath(AnyKeyPath)
  case callSite(String)
}

/// A cancellation id that ends the effects of every child of one operator whose identity
/// `keeps` rejects, wherever the operator sits in the tree (outer operators namespace it like
/// any id): how `forEach` ends the effects of removed elements without remembering which
/// elements there were.
@usableFromInline
final class ChildSweep: Hashable, @unchecked Sendable {
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
  /// This effect, and the cancellation of the effects of the children of the operator
  /// `operatorID` that are gone: the child `before` this action when `after` is another, and
  /// any child whose effects still run although the operator never saw it go (a reducer outside
  /// it set the child to `nil`).
  @inlinable
  func endingChildren(of operatorID: OperatorID, before: ChildInstance?, after: ChildInstance?) -> Self {
    var effect = self
    if let before, after != before { effect = effect.merge(with: .cancel(id: before.lifetimeID)) }
    if let sweep = goneChildrenSweep(of: operatorID, present: before) { effect = effect.merge(with: .cancel(id: sweep)) }
    return effect
  }

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
    }
  }
}

/// The id that cancels the effects of the children of `operatorID` other than `present`, when
/// the store has any: children that went away without the operator seeing them go. Costs an
/// atomic load when no child of any operator has effects running.
@usableFromInline
func goneChildrenSweep(of operatorID: OperatorID, present: ChildInstance?) -> EffectID? {
  guard let runtime = DependencyScope.current?.owner as? EffectRuntime else { return nil }
  let identity: ChildIdentity?? = present.map { .some($0.identity) } ?? .none
  guard runtime.hasChildEffects(of: operatorID, otherThan: identity) else { return nil }
  let kept = UncheckedSendable(identity)
  return ChildSweep(operatorID: operatorID) { candidate in
    guard case let .some(keptIdentity) = kept.value else { return false }
    return candidate == keptIdentity
  }.id
}

/// A readable description of a value for runtime warnings:
/// `Parent.Action.child(Child.Action.increment)` rather than
/// `MyApp.(unknown context at $10a3f5c).Parent.Action.child(MyApp.(unknown context at $10a3f5c).Child.Action.increment)`.
@usableFromInline
func describeForWarning<Value>(_ value: Value) -> String {
  let reflectedType = String(reflecting: Value.self)
  let modules = moduleNames(in: reflectedType)
  let typeName = readableTypeNames(in: reflectedType, modules: modules)
  let description = readableTypeNames(in: String(reflecting: value), modules: modules)
  if description.hasPrefix(typeName) { return description }
  return "\(typeName).\(description)"
}

/// The case an enum value is in, without its associated values: `Parent.State.loggedOut`.
@usableFromInline
func describeCaseForWarning<Value>(_ value: Value) -> String {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum, let label = mirror.children.first?.label else {
    // A case without associated values describes as its name.
    return describeForWarning(value)
  }
  let reflectedType = String(reflecting: Value.self)
  return "\(readableTypeNames(in: reflectedType, modules: moduleNames(in: reflectedType))).\(label)"
}

/// The modules named in a reflected type name (the first component of each qualified name),
/// and those of the standard library, Foundation and this library, whose types appear in actions
/// (`FoundationEssentials.UUID` is `UUID` to a reader).
private func moduleNames(in reflectedType: String) -> Set<Substring> {
  var modules: Set<Substring> = [
    "Swift", "_Concurrency", "Foundation", "FoundationEssentials", "FoundationInternationalization", "Dispatch",
    "Composable", "Dependencies", "ValueDump",
  ]
  var index = reflectedType.startIndex
  while index < reflectedType.endIndex {
    let character = reflectedType[index]
    guard isIdentifierCharacter(character) else {
      index = reflectedType.index(after: index)
      continue
    }
    let start = index
    while index < reflectedType.endIndex, isIdentifierCharacter(reflectedType[index]) {
      index = reflectedType.index(after: index)
    }
    let isQualifiedHead =
      index < reflectedType.endIndex && reflectedType[index] == "."
      && (start == reflectedType.startIndex || reflectedType[reflectedType.index(before: start)] != ".")
    if isQualifiedHead { modules.insert(reflectedType[start..<index]) }
  }
  return modules
}

/// Removes from reflected text the `Module.` prefixes of `modules`, and the
/// `(unknown context at $…).` that private and local types reflect with, whose address changes
/// from run to run. The contents of string literals are left alone.
private func readableTypeNames(in text: String, modules: Set<Substring>) -> String {
  let unknownContext = "(unknown context at $"
  var result = ""
  var index = text.startIndex
  while index < text.endIndex {
    let character = text[index]
    if character == "\"" {
      // Copy a string literal, escapes included, as is.
      result.append(character)
      index = text.index(after: index)
      while index < text.endIndex {
        let literalCharacter = text[index]
        result.append(literalCharacter)
        index = text.index(after: index)
        if literalCharacter == "\\", index < text.endIndex {
          result.append(text[index])
          index = text.index(after: index)
        } else if literalCharacter == "\"" {
          break
        }
      }
    } else if text[index...].hasPrefix(unknownContext),
      let close = text[index...].firstIndex(of: ")"),
      text.index(after: close) < text.endIndex, text[text.index(after: close)] == "."
    {
      index = text.index(close, offsetBy: 2)
    } else if isIdentifierCharacter(character) {
      let start = index
      while index < text.endIndex, isIdentifierCharacter(text[index]) {
        index = text.index(after: index)
      }
      let isModulePrefix =
        index < text.endIndex && text[index] == "." && modules.contains(text[start..<index])
        && (start == text.startIndex || text[text.index(before: start)] != ".")
      if isModulePrefix {
        index = text.index(after: index)
      } else {
        result += text[start..<index]
      }
    } else {
      result.append(character)
      index = text.index(after: index)
    }
  }
  return result
}

private func isIdentifierCharacter(_ character: Character) -> Bool {
  character == "_" || character.isLetter || character.isNumber
}

/// Reports an action that reached a child operator while the child was absent.
///
/// `state` names what the parent's state held instead, when that helps (the case of an enum).
@usableFromInline
func reportMissingChild<Action>(
  operatorName: String,
  action: Action,
  state: String? = nil,
  problem: String,
  advice: String,
  location: SourceLocation
) {
  let stateLines = state.map { "\n  State:\n    \($0)" } ?? ""
  DependencyValues.current.issueReporter(
    """
    \(operatorName) at "\(location)" received an action \(problem):

      Action:
        \(describeForWarning(action))\(stateLines)

    \(advice)
    """,
    at: location
  )
}
