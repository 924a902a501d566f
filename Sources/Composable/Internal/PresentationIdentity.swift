/// What makes one presented child a different presentation from another of the same type: the
/// `id` of an `Identifiable` state, else the case of an enum destination (plus the `id` of its
/// payload when that is `Identifiable`). `nil` when the state has no identity beyond being
/// present.
///
/// Replacing a presented child by one of another identity cancels the old child's effects, as
/// dismissing it would. The ids themselves are held, so that the before and after of a reducer
/// call are compared with their `==` (see ``HeldIdentity``).
@usableFromInline
func presentationIdentity<State>(of state: State) -> HeldIdentity {
  if let identifiable = state as? any Identifiable {
    return held(identifiable)
  }
  let mirror = Mirror(reflecting: state)
  guard mirror.displayStyle == .enum else { return HeldIdentity() }
  guard let payload = mirror.children.first else {
    // A case without an associated value mirrors as its name.
    return HeldIdentity(caseName: String(describing: state), valueID: nil, id: nil)
  }
  let value = (payload.value as? any Identifiable).map { held($0) }
  return HeldIdentity(caseName: payload.label ?? "", valueID: value?.identity?.childID, id: value?.id)
}

/// ``presentationIdentity(of:)`` for a state that tells its case itself.
@usableFromInline
func presentationIdentity<State: PresentationCases>(of state: State) -> HeldIdentity {
  let presented = state.presentedCase
  return HeldIdentity(caseName: presented.name, valueID: presented.valueID, id: presented.id)
}

/// The identity of a child told apart by its `id`, as found by reflection: the id's static type
/// (`Value.ID`), as `PresentedCase` and `ifLet` take it, so that the fingerprints agree.
private func held<Value: Identifiable>(_ value: Value) -> HeldIdentity {
  HeldIdentity(id: value.id)
}

extension ChildIdentity {
  /// The id, for an identity that is one.
  fileprivate var childID: ChildID? {
    guard case let .id(id) = self else { return nil }
    return id
  }
}

/// The identity of an enum destination's state: the same whether found by reflection or told
/// by ``PresentationCases``.
@usableFromInline
struct CaseIdentity: Hashable, Sendable {
  let name: String
  let valueID: ChildID?

  @usableFromInline
  init(name: String, valueID: ChildID?) {
    self.name = name
    self.valueID = valueID
  }
}

/// A presented state that goes away by itself once the user answers it: alerts and dialogs.
@usableFromInline
protocol EphemeralState {
  /// Whether `action` is one the state's buttons send.
  static func canSend(_ action: Any) -> Bool
}

/// Whether `state` is ephemeral, directly or as the payload of an enum destination's case.
@usableFromInline
func isEphemeral<State>(_ state: State) -> Bool {
  if state is any EphemeralState { return true }
  let mirror = Mirror(reflecting: state)
  guard mirror.displayStyle == .enum, let payload = mirror.children.first else { return false }
  return payload.value is any EphemeralState
}

/// Whether `action` answers the ephemeral `state` (an alert or a dialog, directly or as a case
/// of an enum destination): it is one of the actions the alert's buttons send, in the case of
/// the destination's actions that matches the alert's case. An action for another case does
/// not answer it.
@usableFromInline
func isAnswer<State, Action>(_ action: Action, to state: State) -> Bool {
  if let ephemeral = state as? any EphemeralState { return type(of: ephemeral).canSend(action) }
  let mirror = Mirror(reflecting: state)
  guard mirror.displayStyle == .enum, let payload = mirror.children.first,
    let ephemeral = payload.value as? any EphemeralState
  else { return false }
  return isAnswer(action, toCase: payload.label ?? "", answeredBy: type(of: ephemeral).canSend)
}

/// ``isAnswer(_:to:)`` for a state that tells its case itself: reflects on the action only
/// while an alert or a dialog is presented.
@usableFromInline
func isAnswer<State: PresentationCases, Action>(_ action: Action, to state: State) -> Bool {
  let presented = state.presentedCase
  guard let isAnsweredBy = presented.isAnsweredBy else { return false }
  return isAnswer(action, toCase: presented.name, answeredBy: isAnsweredBy)
}

/// Whether `action`, an enum destination's action, is sent to the case `name` with a value
/// `isAnsweredBy` accepts.
private func isAnswer<Action>(_ action: Action, toCase name: String, answeredBy isAnsweredBy: (Any) -> Bool) -> Bool {
  let actionMirror = Mirror(reflecting: action)
  guard actionMirror.displayStyle == .enum, let sent = actionMirror.children.first, sent.label == name else {
    return false
  }
  return isAnsweredBy(sent.value)
}
