import Dispatch

/// Runs the jobs of the store's effects on the main queue, which ``Taskman/runAndExit()`` serves
/// on the main thread.
///
/// A command sends a few actions, saves and exits: on Swift's global executor its one save
/// would first wait for the runtime to start a pool of threads (on Linux a millisecond or two,
/// more than the save's own work), and come back to the main actor on yet another thread. On
/// the main queue the effects run where the command already runs, one job at a time, in the
/// order they became ready; a command waits for them all before it exits.
final class MainQueueExecutor: TaskExecutor, @unchecked Sendable {
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    DispatchQueue.main.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}
