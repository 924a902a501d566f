import Dispatch
import Synchronization
import Testing

@testable import TaskmanCLI

@Suite struct SharedWorkTests {
  @Test func theFirstToAskDoesTheWorkAndTheOtherGetsItsResult() {
    let runs = Atomic<Int>(0)
    let work = SharedWork { () -> Int in
      runs.add(1, ordering: .relaxed)
      return 42
    }
    let other = ThreadedWork { work.value() }
    #expect(work.value() == 42)
    #expect(other.wait() == 42)
    #expect(work.value() == 42)
    #expect(runs.load(ordering: .relaxed) == 1)
  }

  @Test func aThreadAskingWhileTheWorkRunsWaitsForIt() {
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let runs = Atomic<Int>(0)
    let work = SharedWork { () -> String in
      runs.add(1, ordering: .relaxed)
      started.signal()
      release.wait()
      return "done"
    }
    let first = ThreadedWork { work.value() }
    started.wait()
    // The work is under way on the first thread: this one waits for it instead of doing it.
    let second = ThreadedWork { work.value() }
    #expect(second.wait(upTo: 0.01) == nil)
    // Enough for two runs, so that a second run would finish too, and be counted, not hang.
    release.signal()
    release.signal()
    #expect(first.wait() == "done")
    #expect(second.wait() == "done")
    #expect(runs.load(ordering: .relaxed) == 1)
  }
}
