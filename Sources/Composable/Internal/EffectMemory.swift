/// What the effects under one cancellation id of one store tree remember between them: a
/// throttle's last delivery and the action waiting for the next. Effects are values and start
/// afresh; the store tree's ``EffectRuntime`` keeps this for them, so that two stores never
/// share it and nothing global holds it.
@MainActor
@usableFromInline
package final class EffectMemory {
  /// Whatever the operator that owns the id keeps; one operator per id.
  var value: Any?

  nonisolated init() {}
}
