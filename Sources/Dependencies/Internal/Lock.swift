#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value protected by a `pthread_mutex_t`.
///
/// Used instead of `Synchronization.Mutex` because the thread sanitizer understands pthread
/// mutexes: on Linux, `Mutex` hands a contended lock over through a futex the sanitizer cannot
/// see, and it then reports races that are not there, which would hide real ones.
///
/// Sendable because every access to the value holds the mutex, and `Value` is `Sendable`
/// because ``withLock(_:)`` hands it (or what its body returns of it) to whichever thread
/// calls: a non-Sendable value, say a class reference, would escape the mutex that way.
package final class Lock<Value: Sendable>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  package init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed with \(status)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the value.
  package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
