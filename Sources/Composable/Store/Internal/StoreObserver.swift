import Dependencies

/// What a runtime tells whoever watches its effects (a test store): each effect as it starts,
/// runs and finishes.
///
/// The shipping runtime has none: it checks for one once per effect it starts and otherwise
/// keeps no test bookkeeping. `ComposableTesting` implements it.
@usableFromInline
package protocol EffectObserver: AnyObject, Sendable {
  /// An effect created at `location` is starting (on the main actor, where the action that
  /// returned it is processed); returns the number the runtime passes back for it.
  func effectStarted(at location: SourceLocation?) -> Int

  /// Runs the task of effect `effect`: `operation` is the effect's work, which the observer runs
  /// once, with whatever it needs bound around it (the task-locals a test clock reads).
  func run(effect: Int, _ operation: @Sendable () async -> Void) async

  /// The task of effect `effect` has returned.
  func effectFinished(_ effect: Int)
}

/// What a root store tells whoever watches it (a test store): every action it processes, with
/// the state after it, and, through ``EffectObserver``, the effects the actions start.
///
/// Installed with `RootCore.install(_:)`; the core's send path tests one flag, as it does for
/// the store's own observers.
@usableFromInline
package protocol StoreObserver<State, Action>: EffectObserver {
  associatedtype State
  associatedtype Action

  /// The store processed `action`, which left `state`: the action a test sent first, then
  /// every action that followed it, in order.
  @MainActor
  func actionProcessed(_ action: Action, state: State)
}
