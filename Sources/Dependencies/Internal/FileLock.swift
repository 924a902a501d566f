#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Exclusive `flock(2)` locks on lock files.
///
/// `flock` rather than `fcntl` locks: an `flock` lock belongs to an open file description, so
/// two opens of the lock file in one process exclude each other just as two processes do, and
/// closing an unrelated descriptor of the same file does not drop the lock (both are false of
/// `fcntl` locks). The descriptor is opened with `O_CLOEXEC` so that child processes do not
/// inherit, and keep holding, the lock.
enum FileLock {
  /// Takes the lock on the file at `path`, creating the file if needed, or returns nil when
  /// another open file description holds it. Never waits.
  static func tryAcquire(path: String) throws(StorageError) -> HeldLock? {
    while true {
      let fd = POSIX.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
      guard fd >= 0 else { throw .fileSystem(operation: .lock, path: path, code: errno) }
      var result: Int32
      repeat {
        result = flock(fd, LOCK_EX | LOCK_NB)
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
        return HeldLock { close(fd) }
      }
      close(fd)
    }
  }
}
