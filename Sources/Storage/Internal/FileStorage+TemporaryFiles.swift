#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dependencies
import Foundation

extension FileStorage {
  /// Removes the temporary files that saves left behind when their process died: every one in
  /// the storage directory (which is the storage's own), and beside the document `name` when
  /// it is kept elsewhere, the one each mark of a dead save names (that folder, the user's, is
  /// never listed: it may hold thousands of files). Only files named as this storage names
  /// them (`.<name>.<pid>-<hex>.tmp`), of processes that are gone, are touched.
  func removeStaleTemporaries(_ name: String) {
    let target = files[name].flatMap { try? POSIX.resolveLinks($0) }
    for entry in POSIX.directoryEntries(directory) {
      let isMark = entry.hasSuffix(".saving")
      guard entry.hasPrefix("."), isMark || entry.hasSuffix(".tmp"), let stamp = Self.deadStamp(of: entry) else { continue }
      if isMark {
        // Only this document's marks: another's is for its own lock holder to see to.
        guard let target, entry == ".\(name).\(stamp).saving" else { continue }
        unlink(temporaryPath(beside: target, stamp: stamp))
      }
      // unlink never follows a link: a planted one is removed, not what it points to.
      unlink(path(entry))
    }
  }

  /// The `<pid>-<hex>` of a temporary file or mark named `.<name>.<pid>-<hex>.<suffix>` by a
  /// process that is gone; nil for any other name.
  static func deadStamp(of entry: String) -> String? {
    guard let suffixDot = entry.lastIndex(of: ".") else { return nil }
    let stem = entry[..<suffixDot]
    guard let dot = stem.lastIndex(of: "."), dot > stem.startIndex else { return nil }
    let stamp = stem[stem.index(after: dot)...]
    guard let dash = stamp.firstIndex(of: "-"), let pid = pid_t(stamp[..<dash]), pid > 0,
      UInt64(stamp[stamp.index(after: dash)...], radix: 16) != nil, !POSIX.isProcessAlive(pid)
    else { return nil }
    return String(stamp)
  }

  /// Writes `data` over the spare of the recycled document `name`, with permissions `mode`, not
  /// yet flushed to disk, and returns its path and the descriptor it is open as (locked, so
  /// that no other save writes it meanwhile); nil when there is no spare this save may use.
  func openSpare(
    of name: String, containing data: Data, mode: mode_t
  ) throws(StorageError) -> (String, Int32)? {
    let spare = spareFile(name)
    // O_NOFOLLOW: a link planted in its place is never written through; O_NONBLOCK: nor is a
    // pipe waited on.
    let fd = POSIX.open(spare, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    // That no other save is writing (checked first: what follows holds only while it is
    // locked), a file of its own (not linked elsewhere), still the spare (another save may have
    // exchanged it with the document between the open and the lock).
    var opened = stat()
    var named = stat()
    guard flock(fd, LOCK_EX | LOCK_NB) == 0, fstat(fd, &opened) == 0, (opened.st_mode & S_IFMT) == S_IFREG,
      opened.st_nlink == 1, lstat(spare, &named) == 0, named.st_dev == opened.st_dev, named.st_ino == opened.st_ino,
      fchmod(fd, mode) == 0
    else {
      close(fd)
      return nil
    }
    do throws(StorageError) {
      // Written over from the start, then cut to length: cut first, its blocks would be freed
      // and taken again.
      try POSIX.writeAll(data, to: fd, path: spare)
      guard ftruncate(fd, off_t(data.count)) == 0 else { throw .fileSystem(operation: .write, path: spare, code: errno) }
    } catch {
      close(fd)
      throw error
    }
    return (spare, fd)
  }

  /// Writes `data` to a new temporary file beside `document`, with permissions `mode`, flushed
  /// to disk, and returns its path.
  func writeTemporaryFile(_ data: Data, beside document: String, mode: mode_t) throws(StorageError) -> String {
    let (temporary, fd) = try createTemporaryFile(containing: data, beside: document, mode: mode)
    defer { close(fd) }
    do throws(StorageError) {
      try POSIX.synchronize(fd, path: temporary)
    } catch {
      unlink(temporary)
      throw error
    }
    return temporary
  }

  /// Writes `data` to a new temporary file beside `document`, with permissions `mode`, not yet
  /// flushed to disk, and returns its path and the descriptor it is still open as.
  func createTemporaryFile(
    containing data: Data, beside document: String, mode: mode_t
  ) throws(StorageError) -> (String, Int32) {
    var marks: [String] = []
    return try createTemporaryFile(containing: data, beside: document, mode: mode, markedAs: nil, marks: &marks)
  }

  /// ``createTemporaryFile(containing:beside:mode:)``; with `name`, first marks it in the
  /// storage directory (`.name.<pid>-<random>.saving`, added to `marks`), so that a crashed
  /// save's file beside a document kept elsewhere is found without listing that folder.
  func createTemporaryFile(
    containing data: Data, beside document: String, mode: mode_t, markedAs name: String?, marks: inout [String]
  ) throws(StorageError) -> (String, Int32) {
    let (temporary, fd) = try createTemporaryFile(beside: document, markedAs: name, marks: &marks)
    do throws(StorageError) {
      // Set explicitly: the mode given to open(2) is narrowed by the umask.
      guard fchmod(fd, mode) == 0 else { throw .fileSystem(operation: .write, path: temporary, code: errno) }
      try POSIX.writeAll(data, to: fd, path: temporary)
    } catch {
      close(fd)
      unlink(temporary)
      throw error
    }
    return (temporary, fd)
  }

  /// Creates `.<document's name>.<pid>-<random>.tmp` beside `document`, a name no other save
  /// (in any process) uses. `O_EXCL` and `O_NOFOLLOW`: a file or link already there is never
  /// opened.
  func createTemporaryFile(
    beside document: String, markedAs marked: String? = nil, marks: inout [String]
  ) throws(StorageError) -> (String, Int32) {
    while true {
      let stamp = Self.stamp()
      if let marked {
        let mark = path(".\(marked).\(stamp).saving")
        let markFD = POSIX.open(mark, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, Self.newFileMode)
        guard markFD >= 0 else {
          if errno == EEXIST { continue }
          throw .fileSystem(operation: .write, path: mark, code: errno)
        }
        close(markFD)
        marks.append(mark)
      }
      let temporary = temporaryPath(beside: document, stamp: stamp)
      let fd = POSIX.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, Self.newFileMode)
      if fd >= 0 { return (temporary, fd) }
      // EEXIST: the random part collided with a stale file; draw again.
      if errno != EEXIST { throw .fileSystem(operation: .write, path: temporary, code: errno) }
    }
  }

  /// `<pid>-<random hex>`: what names one save's temporary files, in no other process's.
  static func stamp() -> String {
    "\(getpid())-\(String(UInt64.random(in: .min ... .max), radix: 16))"
  }

  func temporaryPath(beside document: String, stamp: String = Self.stamp()) -> String {
    POSIX.joined(POSIX.parent(of: document), ".\(POSIX.lastComponent(of: document)).\(stamp).tmp")
  }
}
