/// What a scoped store is: a view of its parent, reading the child state from the parent's and
/// sending child actions through the parent's send. It holds no state, so a root action costs
/// nothing per live scoped store.
@MainActor
@usableFromInline
final class ScopedCore<State, Action> {
  @usableFromInline let state: () -> State
  @usableFromInline let send: (Action) -> StoreTask
  let observe: (@escaping @MainActor (State) -> Void) -> StoreSubscription
  let finishEffects: @MainActor () async -> Void

  @usableFromInline
  init(
    state: @escaping () -> State,
    send: @escaping (Action) -> StoreTask,
    observe: @escaping (@escaping @MainActor (State) -> Void) -> StoreSubscription,
    finishEffects: @escaping @MainActor () async -> Void
  ) {
    self.state = state
    self.send = send
    self.observe = observe
    self.finishEffects = finishEffects
  }
}
