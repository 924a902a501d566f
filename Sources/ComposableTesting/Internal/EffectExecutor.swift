import Composable
import Dispatch

/// The executor a test store's effects run on: one serial queue per test store, so that the
/// effects' jobs run one at a time, in the order they became ready (an effect started first
/// reaches its first sleep first), with every job counted while it is queued or running, so
/// that the store knows the effects are making progress (however slowly a loaded machine runs
/// them) rather than stuck.
final class EffectExecutor: TaskExecutor, @unchecked Sendable {
  private let activity: EffectActivity
  private let queue = DispatchQueue(label: "ComposableTesting.TestStore.effects")

  init(activity: EffectActivity) {
    self.activity = activity
  }

  func enqueue(_ job: consuming ExecutorJob) {
    activity.jobQueued()
    let job = UnownedJob(job)
    queue.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      self.activity.jobRan()
    }
  }
}
