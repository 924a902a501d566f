#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// Why a ``StorageClient`` could not load, save or lock a document.
///
/// Every case names the document or file involved, and ``description`` says what went wrong and
/// what to do about it, so a command-line tool can print it as it is:
///
/// ```swift
/// do {
///   try storage.withExclusiveAccess(to: "tasks.taskpaper", timeout: .seconds(2)) { … }
/// } catch let error as StorageError {
///   print(error)  // "Timed out after 2 s waiting for exclusive access to document …"
///   if case .lockTimeout = error { exit(4) }
///   exit(1)
/// }
/// ```
public enum StorageError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
  /// The document name cannot be used: `reason` says why.
  ///
  /// A name must be a plain file name: not empty, not `.` or `..`, without `/` or NUL, at most
  /// 200 bytes of UTF-8, and not ending in `.bak`, `.lock` or `.tmp` (the storage's own files).
  case invalidName(String, reason: String)

  /// The lock on `document` was held by someone else for the whole `waited` time.
  ///
  /// `lockFile` is the path of the lock file for file-system storage, nil for in-memory storage.
  case lockTimeout(document: String, lockFile: String?, waited: Duration)

  /// A file-system call failed with the POSIX error `code` (an `errno` value) while doing
  /// `operation` on `path`.
  case fileSystem(operation: Operation, path: String, code: Int32)

  /// The document `document`, kept at `path` (see `StorageClient.fileSystem(directory:files:)`
  /// in `Storage`), was changed by another program after this storage last read or wrote it,
  /// so the save did not write over that change.
  case changedSinceRead(document: String, path: String)

  /// The step of a file-system operation that failed, for ``fileSystem(operation:path:code:)``.
  public enum Operation: String, Sendable, Hashable, CustomStringConvertible {
    /// Creating the storage directory (or one of its parents).
    case createDirectory
    /// Reading a document.
    case read
    /// Writing the new version of a document to a temporary file next to it.
    case write
    /// Flushing a file or directory to disk with `fsync`.
    case synchronize
    /// Keeping the previous version of a document as its backup.
    case backUp
    /// Renaming the new version over the document.
    case replace
    /// Opening or locking a document's lock file.
    case lock

    /// The operation's name, as in `createDirectory`.
    public var description: String { rawValue }
  }

  /// A message that names the document or file and says what to do.
  public var description: String {
    switch self {
    case let .invalidName(name, reason):
      return """
        Invalid document name \(String(reflecting: name)): \(reason). Use a plain file name such \
        as "tasks.taskpaper".
        """
    case let .lockTimeout(document, lockFile, waited):
      let location = lockFile.map { "lock file \($0)" } ?? "in-memory storage"
      return """
        Timed out after \(formatted(waited)) waiting for exclusive access to document \
        \(String(reflecting: document)) (\(location)). Another process, or another part of this \
        one, is holding the lock; try again when it has finished.
        """
    case let .fileSystem(operation, path, code):
      return "\(summary(operation, path)): \(errorMessage(code)) (errno \(code)). \(advice(code, operation))"
    case let .changedSinceRead(_, path):
      return """
        \(path) was changed by another program while this one was working on it, so it was not \
        written over and that change is kept. Try again.
        """
    }
  }

  /// The same text as ``description``.
  public var errorDescription: String? { description }
}

private func summary(_ operation: StorageError.Operation, _ path: String) -> String {
  switch operation {
  case .createDirectory: "Could not create the storage directory \(path)"
  case .read: "Could not read \(path)"
  case .write: "Could not write the new version to \(path)"
  case .synchronize: "Could not flush \(path) to disk"
  case .backUp: "Could not keep the previous version as \(path)"
  case .replace: "Could not replace \(path) with its new version"
  case .lock: "Could not lock \(path)"
  }
}

private func advice(_ code: Int32, _ operation: StorageError.Operation) -> String {
  switch code {
  case EACCES where operation == .replace:
    return "A read-only file is never replaced: make it writable (chmod u+w) to let the change "
      + "through, or check the permissions of its directory."
  case EINVAL where operation == .replace:
    return "Only a regular file is replaced: the path holds something else (a directory, a device, a FIFO or a socket)."
  case EACCES, EPERM:
    return "Check the permissions of the file and of the storage directory."
  case ENOSPC, EDQUOT:
    return "Free some disk space and try again."
  case EROFS:
    return "The file system is read-only: choose a writable storage directory."
  case ENOTDIR, EISDIR, EEXIST:
    return "Something in the storage directory's path is a file where a directory is expected, "
      + "or the other way round: check the path."
  default:
    return operation == .synchronize
      ? "The change may not survive a crash; check the disk."
      : "Check that the storage directory exists, is writable and its disk is healthy."
  }
}

private func errorMessage(_ code: Int32) -> String {
  String(cString: strerror(code))
}

/// `50 ms`, `2 s`, `1.5 s`: short enough for an error message, precise enough to tell a small
/// timeout from a large one.
private func formatted(_ duration: Duration) -> String {
  let (seconds, attoseconds) = duration.components
  let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
  if milliseconds < 1000 { return "\(milliseconds) ms" }
  let tenths = milliseconds / 100
  return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
}
