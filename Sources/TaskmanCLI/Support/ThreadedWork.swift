#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import TaskmanSystem

/// Work started on a thread of its own at once, whose result the starting thread waits for.
///
/// `taskman` reads the task file this way while it makes its store: a `Task` would wait for
/// the concurrency runtime to start its pool of threads, which on Linux takes a millisecond or
/// two of a command's fifteen, and the result would come back on yet another thread. The wait
/// blocks the caller, as a synchronous read would; it is meant for work that the caller cannot
/// go on without anyway. The caller goes on as soon as the result is there, not once the thread
/// has ended: handing a thread's memory back takes a while after a large parse.
///
/// ```swift
/// let reading = ThreadedWork { try? Data(contentsOf: url) }
/// prepareEverythingElse()
/// let data = reading.wait()
/// ```
final class ThreadedWork<Value: Sendable>: @unchecked Sendable {
  private let work: @Sendable () -> Value
  private let finished = NSCondition()
  /// Set once, by the thread, under `finished`.
  private var value: Value?
  /// Whether a thread is doing the work; only read by the thread that made this.
  private var isRunningElsewhere = false

  /// Starts `work` on a new thread; where no thread can be made, runs it at ``wait()``.
  init(_ work: @escaping @Sendable () -> Value) {
    self.work = work
    isRunningElsewhere = ThreadStart.spawnDetached { [self] in
      let result = work()
      finished.lock()
      value = result
      finished.signal()
      finished.unlock()
    }
  }

  /// The result if the work has finished, else nil (nil too when it runs at ``wait()``); never
  /// blocks for long.
  var finishedValue: Value? {
    guard isRunningElsewhere else { return nil }
    finished.lock()
    defer { finished.unlock() }
    return value
  }

  /// The result if the work finishes within `seconds`, else nil; where no thread could be made,
  /// the work done now (never nil then). For a caller with something to do now and then until
  /// the work finishes.
  func wait(upTo seconds: Double) -> Value? {
    guard isRunningElsewhere else { return work() }
    finished.lock()
    defer { finished.unlock() }
    if value == nil { _ = finished.wait(until: Date(timeIntervalSinceNow: seconds)) }
    return value
  }

  /// Waits for the work to finish (or does it now, if no thread could be made) and returns its
  /// result. Call it (or ``wait(upTo:)`` until it returns the result) once.
  func wait() -> Value {
    guard isRunningElsewhere else { return work() }
    finished.lock()
    defer { finished.unlock() }
    while value == nil { finished.wait() }
    return value!
  }
}

/// A thread's body, handed to `pthread_create` (whose C entry point cannot be generic).
private final class ThreadStart {
  let body: () -> Void

  private init(_ body: @escaping () -> Void) { self.body = body }

  /// Runs `body` on a new thread that nobody joins; false when the system could make none.
  ///
  /// On another processor than this thread's, where it runs at once rather than queued behind
  /// this one; anywhere when that cannot be asked, or fails (the processors asked for may have
  /// gone meanwhile).
  static func spawnDetached(_ body: @escaping () -> Void) -> Bool {
    spawn(body, elsewhere: true) || spawn(body, elsewhere: false)
  }

  /// With `elsewhere`, false too when no other processor can be asked for.
  private static func spawn(_ body: @escaping () -> Void, elsewhere: Bool) -> Bool {
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { return false }
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    if elsewhere, taskman_start_elsewhere(&attributes) == 0 { return false }
    let start = elsewhere ? { taskman_run_anywhere(); body() } : body
    let context = Unmanaged.passRetained(ThreadStart(start)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    guard pthread_create(&thread, &attributes, threadEntry, context) == 0 else {
      Unmanaged<ThreadStart>.fromOpaque(context).release()
      return false
    }
    return true
  }
}

#if canImport(Darwin)
  private func threadEntry(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue().body()
    return nil
  }
#else
  private func threadEntry(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue().body()
    return nil
  }
#endif
