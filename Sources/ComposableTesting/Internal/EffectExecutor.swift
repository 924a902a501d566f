import Dependencies
import Dispatch

/// The executor a test store's effects run on: the global concurrent queue, with every job
/// counted while it is queued or running, so that the store knows the effects are making
/// progress (however slowly a loaded machine runs them) rather than stuck.
final class EffectExecutor: TaskExecutor, @unchecked Sendable {
  private let activity: EffectActivity

  init(activity: EffectActivity) {
    self.activity = activity
  }

  func enqueue(_ job: consuming ExecutorJob) {
    activity.jobQueued()
    let job = UnownedJob(job)
    DispatchQueue.global().async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      self.activity.jobRan()
    }
  }
}
