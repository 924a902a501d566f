#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dependencies
import Foundation
import StorageFileSystem

extension POSIX {
  /// `open(2)`, retried while interrupted; returns -1 with `errno` set on failure.
  static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
    var fd: Int32
    repeat {
      fd = systemOpen(path, flags, mode)
    } while fd < 0 && errno == EINTR
    return fd
  }

  /// Whether the open descriptor `fd` and the path `path` are the same file.
  static func isSameFile(_ fd: Int32, _ path: String) -> Bool {
    var open = stat()
    var named = stat()
    guard fstat(fd, &open) == 0, stat(path, &named) == 0 else { return false }
    return open.st_dev == named.st_dev && open.st_ino == named.st_ino
  }

  /// Whether `path` itself (not what a link there points to) is a regular file.
  static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }

  /// Whether `first` and `second` themselves (links not followed) are one file.
  static func isSameFile(_ first: String, _ second: String) -> Bool {
    var one = stat()
    var other = stat()
    return lstat(first, &one) == 0 && lstat(second, &other) == 0 && one.st_dev == other.st_dev && one.st_ino == other.st_ino
  }

  /// Whether `path` itself (links not followed) is the file open as `fd`.
  static func isOpen(_ fd: Int32, at path: String) -> Bool {
    var opened = stat()
    var named = stat()
    return fstat(fd, &opened) == 0 && lstat(path, &named) == 0 && opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
  }

  /// Whether the open descriptor `fd` is a directory.
  static func isDirectory(_ fd: Int32) -> Bool {
    var info = stat()
    return fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// What a replaced file keeps of the one it replaces, and whether it may be replaced.
  struct FileStatus {
    /// The permission bits (`0o644`).
    var permissions: mode_t
    var isRegularFile: Bool
    var owner: uid_t
    var group: gid_t
  }

  /// The status of what is at `path` (links followed), or nil when nothing is.
  static func status(of path: String) -> FileStatus? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileStatus(
      permissions: info.st_mode & 0o7777, isRegularFile: (info.st_mode & S_IFMT) == S_IFREG, owner: info.st_uid,
      group: info.st_gid
    )
  }

  /// Whether the file at `path`, whose permission bits are `mode`, may be written by this
  /// process, and has a write bit at all: the superuser may write any file, but a file nobody
  /// may write was made read-only on purpose.
  static func isWritable(_ path: String, mode: mode_t) -> Bool {
    mode & 0o222 != 0 && access(path, W_OK) == 0
  }

  /// The names in the directory at `path` (without `.` and `..`); empty when it cannot be read.
  static func directoryEntries(_ path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Whether a process with this id exists (it may belong to another user).
  static func isProcessAlive(_ pid: pid_t) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }

  /// Reads the whole file open at `fd`.
  ///
  /// Into one buffer of the file's size (and a byte more, to see the end without growing it),
  /// handed to the `Data` without a copy; a file that grows meanwhile is still read to its end.
  static func readAll(_ fd: Int32, path: String) throws(StorageError) -> Data {
    var info = stat()
    var capacity = fstat(fd, &info) == 0 && info.st_size > 0 ? Int(info.st_size) + 1 : 64 * 1024
    guard var buffer = malloc(capacity) else { throw .fileSystem(operation: .read, path: path, code: ENOMEM) }
    var count = 0
    while true {
      if count == capacity {
        guard let grown = realloc(buffer, capacity * 2) else {
          free(buffer)
          throw .fileSystem(operation: .read, path: path, code: ENOMEM)
        }
        buffer = grown
        capacity *= 2
      }
      let received = read(fd, buffer + count, capacity - count)
      if received > 0 {
        count += received
      } else if received == 0 {
        return Data(bytesNoCopy: buffer, count: count, deallocator: .free)
      } else if errno != EINTR {
        let code = errno
        free(buffer)
        throw .fileSystem(operation: .read, path: path, code: code)
      }
    }
  }

  /// Writes all of `data` to `fd`.
  static func writeAll(_ data: Data, to fd: Int32, path: String) throws(StorageError) {
    let failure: Int32? = data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let count = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        if count >= 0 {
          offset += count
        } else if errno != EINTR {
          return errno
        }
      }
      return nil
    }
    if let failure { throw .fileSystem(operation: .write, path: path, code: failure) }
  }

  /// Starts writing the dirty pages of an open file to disk without waiting for them, so that
  /// the writes of several files about to be flushed overlap (a no-op where the system has no
  /// such call). Durability still comes from ``synchronize(_:path:)``.
  static func startWriteback(_ fd: Int32) {
    _ = storage_start_writeback(fd)
  }

  /// Exchanges the files at `from` and `to` atomically; false (with `errno` set) when it could
  /// not: either is missing, or the system or file system cannot.
  static func exchange(_ from: String, _ to: String) -> Bool {
    storage_exchange(from, to) == 0
  }

  /// Renames `from` to `to` unless something is there already; false (with `errno` set) when
  /// it did not.
  static func renameWithoutReplacing(_ from: String, _ to: String) -> Bool {
    storage_rename_without_replacing(from, to) == 0
  }

  /// `fsync(2)` of an open file.
  static func synchronize(_ fd: Int32, path: String) throws(StorageError) {
    var result: Int32
    repeat {
      result = fsync(fd)
    } while result != 0 && errno == EINTR
    if result != 0 { throw .fileSystem(operation: .synchronize, path: path, code: errno) }
  }

  /// Flushes the entries of the directory at `path` (creations, renames) to disk.
  static func synchronizeDirectory(_ path: String) throws(StorageError) {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw .fileSystem(operation: .synchronize, path: path, code: errno) }
    defer { close(fd) }
    do {
      try synchronize(fd, path: path)
    } catch let .fileSystem(_, _, code) where code == EINVAL || code == ENOTSUP {
      // This file system cannot sync directories; there is nothing more we can do.
    }
  }
}

/// The C `open`, which ``POSIX/open(_:_:_:)`` shadows inside `POSIX`.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}
