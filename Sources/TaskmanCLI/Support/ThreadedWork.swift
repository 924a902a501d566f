#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Work started on a thread of its own at once, whose result the starting thread waits for.
///
/// `taskman` reads the task file this way while it makes its store: a `Task` would wait for
/// the concurrency runtime to start its pool of threads, which on Linux takes a millisecond or
/// two of a command's fifteen, and the result would come back on yet another thread. The wait
/// blocks the caller, as a synchronous read would; it is meant for work that the caller cannot
/// go on without anyway.
///
/// ```swift
/// let reading = ThreadedWork { try? Data(contentsOf: url) }
/// prepareEverythingElse()
/// let data = reading.wait()
/// ```
final class ThreadedWork<Value: Sendable>: @unchecked Sendable {
  // Written once by the worker before it exits; read by the waiter only after joining it.
  private var value: Value?
  private var work: (@Sendable () -> Value)?
  private var thread: pthread_t?

  /// Starts `work` on a new thread; where no thread can be made, runs it at the first `wait()`.
  init(_ work: @escaping @Sendable () -> Value) {
    self.work = work
    thread = ThreadStart.spawn { [self] in
      value = self.work?()
      self.work = nil
    }
  }

  /// Waits for the work to finish (or does it now, if no thread could be made) and returns its
  /// result. Call it once.
  func wait() -> Value {
    if let thread {
      pthread_join(thread, nil)
      self.thread = nil
    }
    if value == nil, let work {
      value = work()
      self.work = nil
    }
    return value!
  }
}

/// A thread's body, handed to `pthread_create` (whose C entry point cannot be generic).
private final class ThreadStart {
  let body: () -> Void

  private init(_ body: @escaping () -> Void) { self.body = body }

  /// Runs `body` on a new joinable thread; `nil` when the system could make none.
  static func spawn(_ body: @escaping () -> Void) -> pthread_t? {
    let context = Unmanaged.passRetained(ThreadStart(body)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    guard pthread_create(&thread, nil, threadEntry, context) == 0 else {
      Unmanaged<ThreadStart>.fromOpaque(context).release()
      return nil
    }
    return thread
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
