#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import Synchronization

extension StorageClient {
  /// What an implementation provides; ``StorageClient`` validates names before calling it.
  package struct Backend: Sendable {
    package var load: @Sendable (_ name: String) throws(StorageError) -> Data?
    package var save: @Sendable (_ data: Data, _ name: String) throws(StorageError) -> Void
    /// Saves several documents in order (see ``StorageClient/save(_:)``); nil to save them one
    /// by one.
    package var saveAll: (@Sendable (_ documents: [(data: Data, name: String)]) throws(StorageError) -> Void)? = nil
    package var remove: @Sendable (_ name: String) throws(StorageError) -> Void
    /// Takes the lock on `name` if nobody holds it in a conflicting way; nil when somebody does.
    package var tryLock: @Sendable (_ name: String, _ kind: LockKind) throws(StorageError) -> HeldLock?
    /// Where the lock of `name` lives, for error messages; nil when not in a file.
    package var lockFile: @Sendable (_ name: String) -> String?
    /// Removes what saves of `name` left behind when their process died; called with the
    /// exclusive lock held, so no save of `name` in this storage is under way.
    package var removeStaleTemporaries: @Sendable (_ name: String) -> Void = { _ in }
    /// Deletes the backup of `name` that the last save replaced, if it is still there.
    package var removeRetiredBackup: @Sendable (_ name: String) -> Void = { _ in }

    package init(
      load: @escaping @Sendable (_ name: String) throws(StorageError) -> Data?,
      save: @escaping @Sendable (_ data: Data, _ name: String) throws(StorageError) -> Void,
      saveAll: (@Sendable (_ documents: [(data: Data, name: String)]) throws(StorageError) -> Void)? = nil,
      remove: @escaping @Sendable (_ name: String) throws(StorageError) -> Void,
      tryLock: @escaping @Sendable (_ name: String, _ kind: LockKind) throws(StorageError) -> HeldLock?,
      lockFile: @escaping @Sendable (_ name: String) -> String?,
      removeStaleTemporaries: @escaping @Sendable (_ name: String) -> Void = { _ in },
      removeRetiredBackup: @escaping @Sendable (_ name: String) -> Void = { _ in }
    ) {
      self.load = load
      self.save = save
      self.saveAll = saveAll
      self.remove = remove
      self.tryLock = tryLock
      self.lockFile = lockFile
      self.removeStaleTemporaries = removeStaleTemporaries
      self.removeRetiredBackup = removeRetiredBackup
    }
  }
}

/// A lock taken by ``StorageClient/Backend/tryLock``; released once, by ``release()`` or when
/// the last reference goes away.
package final class HeldLock: Sendable {
  private let released = Atomic<Bool>(false)
  private let unlock: @Sendable () -> Void

  package init(unlock: @escaping @Sendable () -> Void) {
    self.unlock = unlock
  }

  package func release() {
    // Unlocking twice could close a file descriptor that was reused by then.
    guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
    unlock()
  }

  deinit { release() }
}

/// The schedule of retries while waiting for a lock: short pauses first, since most holders
/// finish within milliseconds, growing to at most 25 ms, and a last try at the deadline.
struct LockWait {
  private let timeout: Duration
  private let start = ContinuousClock.now
  private var pause = Duration.milliseconds(1)

  init(timeout: Duration) {
    self.timeout = max(timeout, .zero)
  }

  var elapsed: Duration { ContinuousClock.now - start }

  /// How long to pause before the next try, or nil when the timeout has passed.
  mutating func nextPause() -> Duration? {
    let remaining = timeout - elapsed
    guard remaining > .zero else { return nil }
    defer { pause = min(pause * 2, .milliseconds(25)) }
    return min(pause, remaining)
  }
}

extension Duration {
  /// Blocks the current thread for this long; used only while waiting for a lock.
  func sleepThread() {
    let (seconds, attoseconds) = components
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR {
      request = remaining
    }
  }
}

