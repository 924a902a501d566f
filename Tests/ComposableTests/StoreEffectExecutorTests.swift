import Composable
import Dispatch
import Testing

@MainActor
@Suite struct StoreEffectExecutorTests {
  /// Runs jobs on a serial queue that effects can recognise.
  final class QueueExecutor: TaskExecutor, @unchecked Sendable {
    static let key = DispatchSpecificKey<String>()
    let queue = DispatchQueue(label: "StoreEffectExecutorTests")

    init() { queue.setSpecific(key: Self.key, value: "effects") }

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    nonisolated static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == "effects" }
  }

  struct Feature: Reducer {
    struct State: Equatable { var reports: [String] = [] }
    enum Action: Equatable { case start, report(String), spin }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .merge(
          .run { send in await send(.report("effect: \(QueueExecutor.isCurrent)")) },
          .run { send in await send(.report("nonisolated call: \(await Self.onExecutor())")) }
        )
      case let .report(text):
        state.reports.append(text)
        return .none
      case .spin:
        return .merge(
          .run { _ in while !Task.isCancelled { await Task.yield() } },
          .run { _ in while !Task.isCancelled { await Task.yield() } }
        )
      }
    }

    nonisolated static func onExecutor() async -> Bool { QueueExecutor.isCurrent }
  }

  @Test func effectsAndTheNonisolatedWorkTheyCallRunOnTheGivenExecutor() async {
    let store = Store(initialState: Feature.State(), effectsOn: QueueExecutor()) { Feature() }
    await store.send(.start).finish()
    #expect(store.reports.sorted() == ["effect: true", "nonisolated call: true"])
  }

  @Test func withoutAnExecutorEffectsRunElsewhere() async {
    let store = Store(initialState: Feature.State()) { Feature() }
    await store.send(.start).finish()
    #expect(store.reports.sorted() == ["effect: false", "nonisolated call: false"])
  }

  @Test func aSendsTaskWaitsForAndCancelsEveryEffectItStarted() async {
    let store = Store(initialState: Feature.State(), effectsOn: QueueExecutor()) { Feature() }
    let task = store.send(.spin)
    #expect(task.isCancelled == false)
    task.cancel()
    await task.finish()
    #expect(task.isCancelled)
    await store.finishEffects()
  }
}
