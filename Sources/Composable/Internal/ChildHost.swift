import Dependencies

/// The one engine behind every operator that hosts child features inside a parent's state:
/// `ifLet`, `ifCaseLet`, presentation `ifLet` and `forEach` are thin clients of it.
///
/// A client knows where its children live and how to run them; for each action it tells the
/// host which children are there before the parent runs and after (their ``ChildIdentity``:
/// present or absent for `ifLet`, the case for `ifCaseLet`, the presentation's identity, each
/// element's id for `forEach`), and hands it the effect a child returned. The host owns the rest:
///
/// - a child's effects run as that child instance's (``effect(_:of:embed:dismissal:)``): the
///   cancellation ids it declares are private to it, all of them run under its lifetime id, and
///   for a presented child, `dismiss()` from them reaches the parent;
/// - an action for a child that is not there is reported, naming the operator's call site
///   (``reportMissingChild(_:state:problem:advice:)``);
/// - a child's effects end when the child does: one child replaced or gone after an action
///   (``endingReplaced(_:before:after:endsUnseen:)``), or every child of a collection whose id is
///   no longer in it (``endingRemoved(_:remaining:)``);
/// - children that went away while the operator did not look (a reducer outside it cleared the
///   child) are found by asking the store's ``EffectRuntime`` which of this operator's children
///   have effects running. The store hands its runtime to the reducers it runs in a slot of the
///   values it binds around them (``DependencyValues/effectRuntime``, read as
///   ``EffectRuntime/running``); outside a store there is none, and nothing to sweep.
///
/// How a navigation stack plugs in (`StackState`, `StackAction`,
/// `.forEach(\.path, action: \.path) { Path() }`) as one more client: its elements are ordered
/// children with ids, like `forEach`'s. An element's action runs the element and scopes its
/// effect with ``effect(_:of:embed:dismissal:)`` under `.id(ChildID(elementID))`, with
/// `popFrom(id: elementID)` as the dismissal, so that the element's `dismiss()` pops it; an
/// action for an id no longer in the stack is reported with
/// ``reportMissingChild(_:state:problem:advice:)``. A push adds a child and needs nothing from
/// the host. A pop by the parent, a `popFrom(id:)` (the client removing that element and those
/// above it, after the parent has seen the action, as presentation handles `.dismiss`) and a
/// `dismiss()` all end the same way: ``endingRemoved(_:remaining:)`` with the stack's remaining
/// ids ends the effects of every popped element, and of none that remains. A stack state that
/// stamps its ids as `IdentifiedArray` does (`IdentityStamp`) spares the sweep on actions that
/// pop nothing, as `forEach` does.
@usableFromInline
struct ChildHost {
  /// The key path to the children's state, which names the operator; `nil` for an operator over
  /// a case path, which its call site names instead.
  @usableFromInline let keyPath: AnyKeyPath?
  /// How reports name the operator: `An "ifLet"`.
  @usableFromInline let operatorName: StaticString
  @usableFromInline let location: SourceLocation

  @inlinable
  init(keyPath: AnyKeyPath?, operatorName: StaticString, location: SourceLocation) {
    self.keyPath = keyPath
    self.operatorName = operatorName
    self.location = location
  }

  /// Which operator this is, for the runtime. Built only when an effect needs it: a call site's
  /// name is text.
  @inlinable
  var operatorID: OperatorID {
    if let keyPath { return .keyPath(keyPath) }
    return callSiteID()
  }

  @usableFromInline
  func callSiteID() -> OperatorID {
    .callSite("\(location.fileID):\(location.line):\(location.column)")
  }

  /// The instance of this operator's child with `identity`.
  @inlinable
  func instance(_ identity: ChildIdentity?) -> ChildInstance {
    ChildInstance(operatorID: operatorID, identity: identity)
  }

  /// `effect`, returned by the child with `identity`, run as that child's and embedded in the
  /// parent's actions.
  ///
  /// With `dismissal`, the child can close itself: `@Dependency(\.dismiss)` called from any of
  /// these effects sends `dismissal` to the parent's store (see ``DismissEffect``).
  @inlinable
  func effect<ChildAction, ParentAction>(
    _ effect: Effect<ChildAction>,
    of identity: ChildIdentity?,
    embed: @escaping @Sendable (ChildAction) -> ParentAction,
    dismissal: ParentAction? = nil
  ) -> Effect<ParentAction> {
    if effect.isNone { return .none }
    let embedded = effect.scoped(to: instance(identity)).map(embed)
    guard let dismissal else { return embedded }
    return embedded.presented(dismissal: dismissal)
  }

  /// Reports `action`, which reached this operator for a child that is not there.
  ///
  /// `state` names what the parent's state held instead, when that helps (the case of an enum).
  @usableFromInline
  func reportMissingChild<Action>(_ action: Action, state: String? = nil, problem: String, advice: String) {
    Composable.reportMissingChild(
      operatorName: "\(operatorName)", action: action, state: state, problem: problem, advice: advice,
      location: location)
  }

  /// For an operator holding at most one child: `effect`, and the end of the effects of the
  /// child that was here `before` the action when another is here `after` it (none, or a child
  /// of another identity).
  ///
  /// `before` and `after` are `nil` when there is no child, else the child's identity as the
  /// operator holds it, ids and all: another child is one whose id differs by `==`, even when
  /// their fingerprints match (see ``ChildID``). With `endsUnseen`, also ends the effects of any
  /// child of this operator other than `before` that still has effects running: one a reducer
  /// outside the operator cleared or replaced, which the operator never saw go.
  @inlinable
  func endingReplaced<Action>(
    _ effect: Effect<Action>,
    before: HeldIdentity?,
    after: HeldIdentity?,
    endsUnseen: Bool
  ) -> Effect<Action> {
    var effect = effect
    if let before, after != before {
      effect = effect.merge(with: .cancel(id: instance(before.identity).lifetimeID))
    }
    if endsUnseen, let sweep = unseenChildrenSweep(present: before.map { $0.identity }) {
      effect = effect.merge(with: .cancel(id: sweep))
    }
    return effect
  }

  /// The id that cancels the effects of this operator's children other than `present`, when the
  /// store's runtime has any running. Costs a thread-local read, a cast and an atomic load when
  /// no child of any operator has effects running.
  @usableFromInline
  func unseenChildrenSweep(present: ChildIdentity??) -> EffectID? {
    guard let runtime = EffectRuntime.running else { return nil }
    let operatorID = self.operatorID
    guard runtime.hasChildEffects(of: operatorID, otherThan: present) else { return nil }
    return ChildSweep(operatorID: operatorID) { candidate in
      guard case let .some(kept) = present else { return false }
      return candidate == kept
    }.id
  }

  /// For an operator holding a collection of children with ids: `effect`, and the end of the
  /// effects of every child whose id is not among `remaining`, however many went and whether or
  /// not the operator saw them go.
  @inlinable
  func endingRemoved<Action, ID: Hashable & Sendable>(
    _ effect: Effect<Action>, remaining: some Sequence<ID>
  ) -> Effect<Action> {
    // Nothing to end when no child of this operator has effects running and none starts one
    // now: the common push or pop of a screen that runs none. The runtime registers every
    // effect as it starts, before the next action is reduced, so none is missed; a child's
    // effect returned by this very action is in `effect`, which takes the sweep.
    if effect.isNone, let runtime = EffectRuntime.running,
      !runtime.hasChildEffects(of: operatorID, otherThan: .none)
    {
      return effect
    }
    let remaining = Set(remaining)
    let sweep = ChildSweep(operatorID: operatorID) { identity in
      guard case let .id(id)? = identity, let id = id.value(as: ID.self) else { return true }
      return remaining.contains(id)
    }
    return effect.merge(with: .cancel(id: sweep.id))
  }
}

extension DependencyValues {
  /// The effect runtime of the store running the reducer, set by the store on the values it runs
  /// reducers with: how a ``ChildHost`` learns which children still have effects running.
  /// `nil` outside a store.
  ///
  /// A stored slot of the values (``DependencyValues/storeRuntime``), not a dependency key:
  /// ``EffectRuntime/running`` finds it with a thread-local read and a load, on every action of
  /// every `ifLet`. The synchronous `withDependencies` keeps it whatever its update does (even
  /// `$0 = DependencyValues()`), and `.dependency(…)` only changes one key, so a reducer run
  /// inside either still sees its store's runtime.
  @usableFromInline
  var effectRuntime: EffectRuntime? {
    storeRuntime as? EffectRuntime
  }

  /// These values, with `runtime` as the store's effect runtime.
  @usableFromInline
  package func running(on runtime: EffectRuntime) -> Self {
    var values = self
    values.storeRuntime = runtime
    // Each store tree keys its shared values apart from every other's (a test's from the next).
    if values.sharedContainer == nil { values.sharedContainer = SharedContainer() }
    return values
  }
}

extension EffectRuntime {
  /// The runtime of the store running the reducer that asks: the ``DependencyValues/effectRuntime``
  /// of the scope the store binds around every action, without copying the values. `nil`
  /// outside a store's scope (a reducer called directly), where there is nothing to sweep.
  @usableFromInline
  static var running: EffectRuntime? {
    DependencyScope.current?.values.storeRuntime as? EffectRuntime
  }
}
