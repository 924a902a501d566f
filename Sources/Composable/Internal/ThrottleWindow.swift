/// What a throttle remembers under its id (in the store tree's ``EffectMemory``): when it last
/// delivered an action, and the action waiting for the window to pass.
///
/// The rule is TCA's: an action comes through at once when the last delivery is at least an
/// interval ago; otherwise it waits for the end of the window, and of the actions arriving in
/// one window only the latest (or the first) is delivered.
@MainActor
final class ThrottleWindow<Action> {
  private var lastDelivery: (any InstantProtocol<Duration>)?
  private var pending: Action?

  /// The action to deliver now, or nil when it must wait (it is then the pending one, unless
  /// an earlier one of the window is kept).
  func offer(_ action: Action, at now: any InstantProtocol<Duration>, interval: Duration, latest: Bool) -> Action? {
    guard let lastDelivery, let elapsed = elapsed(from: lastDelivery, to: now), elapsed < interval else {
      self.lastDelivery = now
      pending = nil
      return action
    }
    pending = latest ? action : (pending ?? action)
    return nil
  }

  /// How long the pending action still waits (zero when due), or nil when none is pending.
  func waitForPending(at now: any InstantProtocol<Duration>, interval: Duration) -> Duration? {
    guard pending != nil else { return nil }
    guard let lastDelivery, let elapsed = elapsed(from: lastDelivery, to: now) else { return .zero }
    return max(.zero, interval - elapsed)
  }

  /// The pending action, delivered now.
  func takePending(at now: any InstantProtocol<Duration>) -> Action? {
    guard let action = pending else { return nil }
    pending = nil
    lastDelivery = now
    return action
  }
}

/// The time from `start` to `end`, or nil when they are instants of different clocks (effects
/// under one id throttled on two clocks: the window of the other clock does not apply).
private func elapsed(from start: any InstantProtocol<Duration>, to end: any InstantProtocol<Duration>) -> Duration? {
  func measure<I: InstantProtocol<Duration>>(from start: I) -> Duration? {
    (end as? I).map { start.duration(to: $0) }
  }
  return measure(from: start)
}
