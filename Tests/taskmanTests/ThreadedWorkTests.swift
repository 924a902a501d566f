import Dispatch
import Testing

@testable import TaskmanCLI
import TaskmanSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct ThreadedWorkTests {
  @Test func runsOnAThreadOfItsOwnWhileTheCallerGoesOn() {
    let started = DispatchSemaphore(value: 0)
    let caller = pthread_self()
    let work = ThreadedWork { () -> Bool in
      started.signal()
      return pthread_equal(pthread_self(), caller) != 0
    }
    // The work starts without anyone waiting for it (the bound only keeps a broken build from
    // hanging the suite).
    #expect(started.wait(timeout: .now() + 60) == .success)
    #expect(work.wait() == false)
  }

  @Test func handsBackWhatTheWorkReturned() {
    struct Unreadable: Error, Equatable {}
    let read = ThreadedWork { Result<[Int], Unreadable>.failure(Unreadable()) }
    let parsed = ThreadedWork { (1...1000).reduce(0, +) }
    #expect(parsed.wait() == 500_500)
    #expect(throws: Unreadable()) { try read.wait().get() }
  }

  @Test func handsBackItsResultOnlyOnceItHasFinished() {
    let release = DispatchSemaphore(value: 0)
    let work = ThreadedWork { () -> Int in
      release.wait()
      return 7
    }
    #expect(work.finishedValue == nil)
    #expect(work.wait(upTo: 0.001) == nil)
    release.signal()
    var result: Int?
    while result == nil { result = work.wait(upTo: 0.01) }
    #expect(result == 7)
    #expect(work.finishedValue == 7)
    #expect(work.wait() == 7)
  }

  /// The thread starts on another processor than its maker's, and may then run on any: a
  /// thread kept to one processor would wait for it whenever it is busy.
  @Test func mayRunOnEveryProcessorOnceStarted() {
    let processors = taskman_processors_allowed()
    let work = ThreadedWork { taskman_processors_allowed() }
    #expect(work.wait() == processors)
  }
}
