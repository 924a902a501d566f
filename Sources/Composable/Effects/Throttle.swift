import Dependencies
import Foundation

// This file imports Foundation on purpose: `clock: clock` must compile as written even where
// Foundation's C function `clock()` is in scope, as it is in most apps' feature files.

extension Effect {
  /// Lets at most one action of the effects under `id` through per `interval` on `clock`: the
  /// first at once, then, of those arriving within an interval of the last delivery, one at the
  /// end of that interval (the latest with `latest: true`, otherwise the first).
  ///
  /// ```swift
  /// @Dependency(\.clock) var clock
  ///
  /// case let .scrolled(offset):
  ///   return .send(.saveScrollPosition(offset))
  ///     .throttle(id: CancelID.scroll, for: .seconds(1), clock: clock, latest: true)
  /// ```
  ///
  /// Each throttled effect cancels the one still waiting under `id`, as in TCA. The time of
  /// the last delivery is remembered per id by the store tree (not globally), so two stores, or
  /// two tests, never throttle each other. An action that waits is an effect still running:
  /// in a test, advance the ``TestClock`` past the interval and `receive` it.
  ///
  /// `clock` is an `any Clock<Duration>`, the type of the `clock` dependency, as in
  /// ``debounce(id:for:clock:fileID:filePath:line:column:)``.
  public func throttle(
    id: some Hashable & Sendable,
    for interval: Duration,
    clock: any Clock<Duration>,
    latest: Bool,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    let throttle = Throttle(
      interval: interval, clock: clock, latest: latest,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    let effect = UncheckedSendable(self)
    return Self(
      .remembering { memory in
        let window: ThrottleWindow<Action>
        if let existing = memory.value as? ThrottleWindow<Action> {
          window = existing
        } else {
          window = ThrottleWindow()
          memory.value = window
        }
        return effect.value.throttled(through: window, throttle)
      }
    )
    .cancellable(id: id, cancelInFlight: true)
  }

  /// This effect with every action it sends going through `window`.
  @MainActor
  private func throttled(through window: ThrottleWindow<Action>, _ throttle: Throttle) -> Self {
    switch operation {
    case .none, .cancel:
      return self
    case let .send(action):
      if let now = window.offer(action, at: throttle.clock.now, interval: throttle.interval, latest: throttle.latest) {
        return .send(now)
      }
      return Self(.run(priority: nil, location: throttle.location) { send in
        await throttle.deliverPending(of: window, to: send)
      })
    case let .run(priority, location, operation):
      return Self(.run(priority: priority, location: location) { send in
        let (waiting, arrived) = AsyncStream.makeStream(of: Void.self)
        let throttled = Send<Action> { action in
          if let now = window.offer(
            action, at: throttle.clock.now, interval: throttle.interval, latest: throttle.latest)
          {
            send(now)
          } else {
            arrived.yield()
          }
        }
        await withTaskGroup(of: Void.self) { group in
          group.addTask {
            await operation(throttled)
            arrived.finish()
          }
          group.addTask {
            for await _ in waiting { await throttle.deliverPending(of: window, to: send) }
          }
        }
      })
    case let .merge(effects):
      return Self(.merge(effects.map { $0.throttled(through: window, throttle) }))
    case let .concatenate(effects):
      return Self(.concatenate(effects.map { $0.throttled(through: window, throttle) }))
    case let .cancellable(effect, id, cancelInFlight):
      return Self(.cancellable(effect.throttled(through: window, throttle), id: id, cancelInFlight: cancelInFlight))
    case let .remembering(make):
      return Self(.remembering { make($0).throttled(through: window, throttle) })
    }
  }
}

/// The settings of one `throttle` call.
private struct Throttle: Sendable {
  let interval: Duration
  let clock: any Clock<Duration>
  let latest: Bool
  let location: SourceLocation

  /// Waits for the end of the window and delivers the pending action, if there still is one
  /// then; returns at once when none is pending, or when the effect is cancelled.
  @MainActor
  func deliverPending<Action>(of window: ThrottleWindow<Action>, to send: Send<Action>) async {
    while let wait = window.waitForPending(at: clock.now, interval: interval) {
      if wait > .zero {
        do { try await clock.sleep(for: wait) } catch { return }
        continue
      }
      guard !Task.isCancelled else { return }
      if let action = window.takePending(at: clock.now) { send(action) }
    }
  }
}
