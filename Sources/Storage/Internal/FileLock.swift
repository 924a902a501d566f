#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dependencies

/// `flock(2)` locks on lock files: exclusive for writers, shared for readers.
///
/// `flock` rather than `fcntl` locks: an `flock` lock belongs to an open file description, so
/// two opens of the lock file in one process exclude each other just as two processes do, and
/// closing an unrelated descriptor of the same file does not drop the lock (both are false of
/// `fcntl` locks). The descriptor is opened with `O_CLOEXEC` so that child processes do not
/// inherit, and keep holding, the lock, and with `O_NOFOLLOW` so that a link planted in the lock
/// file's place never makes us create or open a file elsewhere.
enum FileLock {
  /// Takes the lock on the file at `path`, creating the file (owner-only) if needed, or returns
  /// nil when another open file description holds it (exclusively, or at all for an exclusive
  /// lock). Never waits.
  ///
  /// A shared lock that cannot create or write the lock file (a read-only file system, a
  /// directory of someone else's, a directory not created yet) opens it for reading, or goes
  /// without a lock when it cannot even do that.
  static func tryAcquire(path: String, shared: Bool) throws(StorageError) -> HeldLock? {
    while true {
      var fd = POSIX.open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, FileStorage.newFileMode)
      if fd < 0 && shared && errno == ENOENT { return HeldLock {} }
      if fd < 0 && shared && [EROFS, EACCES, EPERM].contains(errno) {
        fd = POSIX.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        if fd < 0 && [ENOENT, EROFS, EACCES, EPERM].contains(errno) { return HeldLock {} }
      }
      guard fd >= 0 else { throw .fileSystem(operation: .lock, path: path, code: errno) }
      var result: Int32
      repeat {
        result = flock(fd, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB)
      } while result != 0 && errno == EINTR
      if result != 0 {
        let code = errno
        close(fd)
        if code == EWOULDBLOCK { return nil }
        throw .fileSystem(operation: .lock, path: path, code: code)
      }
      // If the lock file was deleted or replaced between our open and flock, we hold the lock
      // of a file that others no longer open; start again with the file now at `path`.
      if POSIX.isSameFile(fd, path) {
        let locked = fd
        return HeldLock { close(locked) }
      }
      close(fd)
    }
  }
}
