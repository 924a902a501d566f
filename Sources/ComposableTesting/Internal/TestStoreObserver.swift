import Composable
import Dependencies

/// What a test store installs in the store it drives, as the store's and its runtime's
/// observer: the actions processed go to the test store, the effects to its ``EffectActivity``.
///
/// A separate object, holding the test store weakly, so that the core does not keep the test
/// store alive (its `deinit` reports what the test left unasserted).
final class TestStoreObserver<State: Equatable, Action>: StoreObserver {
  let activity: EffectActivity
  /// Set once the test store exists, which needs the runtime this observer is given to.
  @MainActor weak var testStore: TestStore<State, Action>?

  init(activity: EffectActivity) {
    self.activity = activity
  }

  @MainActor
  func actionProcessed(_ action: Action, state: State) {
    testStore?.didProcess(action, state)
  }

  func effectStarted(at location: SourceLocation?) -> Int { activity.effectStarted(at: location) }

  func run(effect: Int, _ operation: @Sendable () async -> Void) async {
    await activity.run(effect: effect, operation)
  }

  func effectFinished(_ effect: Int) { activity.effectFinished(effect) }
}
