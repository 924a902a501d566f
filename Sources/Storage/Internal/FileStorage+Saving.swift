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
  /// Saves `documents` in order, each as a single save does; every new version is written and
  /// flushed to disk, and every document of `files` checked for changes by others, before the
  /// first replaces its document, so that none is replaced when one of them cannot be. A
  /// document of `files` is checked once more right before its own rename (the flushes of the
  /// documents before it take a while); when it changed then, or the save fails after some
  /// documents were replaced, the recycled ones among them are put back.
  ///
  /// The disk writes of all the new versions are started together, and the backups made while
  /// they go on, before the first flush waits: one after the other, each flush would send its
  /// file to the disk and wait for it alone.
  ///
  /// A directory is flushed once for a run of documents renamed in it, before a document of
  /// another directory is renamed, and at the end: a document in one directory is on disk
  /// before any in a directory that comes later. Within one directory the renames go to disk
  /// together, in the order made: ext4 and XFS journal them in that order (POSIX does not say).
  func save(_ documents: [(data: Data, name: String)]) throws(StorageError) {
    try POSIX.makeDirectories(directory)
    // Each new version: its document, the file it was written to (a temporary file, or the
    // document's spare), still open.
    var written: [(name: String, document: String, temporary: String, fd: Int32, isSpare: Bool)] = []
    // Temporary files not renamed over their documents (yet) are removed on the way out; a
    // spare stays, whatever it holds: it is only ever written over.
    var replaced = 0
    // Marks of temporary files written beside documents kept elsewhere: removed last, once
    // those files are renamed or removed.
    var marks: [String] = []
    defer { for mark in marks { unlink(mark) } }
    defer { for file in written[replaced...] where !file.isSpare { unlink(file.temporary) } }
    defer { for file in written { close(file.fd) } }
    for (data, name) in documents {
      // A document of `files` is written where its links lead, so that they stay links.
      let document = try files[name].map { path throws(StorageError) in try POSIX.resolveLinks(path) } ?? path(name)
      let existing = POSIX.status(of: document)
      // A device or a FIFO is never replaced by a regular file.
      if let existing, !existing.isRegularFile {
        throw .fileSystem(operation: .replace, path: document, code: EINVAL)
      }
      // A file made read-only is kept as it is, as an editor would keep it: the rename that
      // replaces it needs only its directory to be writable.
      if let existing, !POSIX.isWritable(document, mode: existing.permissions) {
        throw .fileSystem(operation: .replace, path: document, code: EACCES)
      }
      let mode = existing?.permissions ?? Self.newFileMode
      if recycling.contains(name), let (spare, fd) = try openSpare(of: name, containing: data, mode: mode) {
        written.append((name, document, spare, fd, true))
      } else {
        let (temporary, fd) = try createTemporaryFile(
          containing: data, beside: document, mode: mode, markedAs: files[name] == nil ? nil : name, marks: &marks
        )
        written.append((name, document, temporary, fd, false))
        // The new version keeps the old one's owner and group where this process may give
        // them (the superuser saving someone's file, a group the owner shares).
        if let existing, existing.owner != geteuid() || existing.group != getegid() {
          if fchown(fd, existing.owner, existing.group) != 0 { _ = fchown(fd, uid_t.max, existing.group) }
          // A change of owner clears the set-id bits: give back the permissions.
          _ = fchmod(fd, mode)
        }
      }
      POSIX.startWriteback(written[written.count - 1].fd)
    }
    func checkUnchangedByOthers() throws(StorageError) {
      for file in written where files[file.name] != nil {
        if let expected = known.withLock({ $0[file.name] }), FileVersion.current(at: file.document) != expected {
          throw .changedSinceRead(document: file.name, path: file.document)
        }
      }
    }
    try checkUnchangedByOthers()
    // Directories with renames not yet flushed.
    var unflushed: [String] = []
    func flushDirectories() throws(StorageError) {
      for folder in unflushed { try POSIX.synchronizeDirectory(folder) }
      unflushed = []
    }
    for file in written where backups.includes(file.name) {
      let expected = files[file.name] == nil ? nil : known.withLock { $0[file.name] }
      beforeBackingUp?(URL(fileURLWithPath: file.document))
      if try keepBackup(of: file.document, as: file.name, expected: expected), !unflushed.contains(directory) {
        unflushed.append(directory)
      }
      // Linking it as its backup changed the document's status (its links, its ctime): that is
      // the version to find still there after the flushes. Anything more is another program's
      // save since the check above, which must not become the version this save expects.
      if files[file.name] != nil, let version = FileVersion.current(at: file.document) {
        if let expected, !version.isSameFile(as: expected) {
          throw .changedSinceRead(document: file.name, path: file.document)
        }
        known.withLock { $0[file.name] = version }
      }
    }
    for file in written { try POSIX.synchronize(file.fd, path: file.temporary) }
    // Again, after the flushes: another program may have written meanwhile.
    try checkUnchangedByOthers()
    // The recycled documents this save exchanged into place, each with the file that now holds
    // its replaced version: put back if the save stops before its last document is in place,
    // so that none is ahead of the others (the journal of a change the file does not hold).
    var exchanged: [(replaced: String, document: String)] = []
    // Files that hold a replaced version under a temporary name: removed at the end.
    var leftovers: [String] = []
    defer { for leftover in leftovers { unlink(leftover) } }
    do throws(StorageError) {
      for (name, document, temporary, fd, isSpare) in written {
        let folder = POSIX.parent(of: document)
        if unflushed.contains(where: { $0 != folder }) { try flushDirectories() }
        try beforeReplacing?(URL(fileURLWithPath: temporary), URL(fileURLWithPath: document))
        // Once more right before its rename, the flushes of the documents before it having taken
        // a while: an editor or a sync client that saved it meanwhile keeps its version.
        let expected = files[name] == nil ? nil : known.withLock { $0[name] }
        if let expected, FileVersion.current(at: document) != expected {
          throw .changedSinceRead(document: name, path: document)
        }
        // A spare is exchanged only while it still is the file this save wrote.
        if isSpare, !POSIX.isOpen(fd, at: temporary) {
          throw .fileSystem(operation: .replace, path: temporary, code: ESTALE)
        }
        if recycling.contains(name), POSIX.isRegularFile(document), POSIX.exchange(temporary, document) {
          // `temporary` now holds the replaced version: the spare the next save writes over.
          let spare = spareFile(name)
          if temporary == spare || POSIX.renameWithoutReplacing(temporary, spare) {
            exchanged.append((spare, document))
          } else {
            exchanged.append((temporary, document))
            leftovers.append(temporary)
          }
        } else if let expected, expected != .absent, POSIX.exchange(temporary, document) {
          // Exchanged rather than renamed: another program's save that came in since the check
          // above is now at `temporary`, and goes back in place instead of being written over.
          leftovers.append(temporary)
          if let replaced = FileVersion.current(at: temporary), !replaced.isSameFile(as: expected) {
            _ = POSIX.exchange(temporary, document)
            throw .changedSinceRead(document: name, path: document)
          }
        } else if expected == .absent {
          // A document that was not there is created only if nothing has appeared there since.
          if !POSIX.renameWithoutReplacing(temporary, document) {
            if errno == EEXIST { throw .changedSinceRead(document: name, path: document) }
            // A file system without an exclusive rename: a plain one, as for other documents.
            guard rename(temporary, document) == 0 else {
              throw .fileSystem(operation: .replace, path: document, code: errno)
            }
          }
        } else if rename(temporary, document) != 0 {
          throw .fileSystem(operation: .replace, path: document, code: errno)
        }
        replaced += 1
        if !unflushed.contains(folder) { unflushed.append(folder) }
        if files[name] != nil, let version = FileVersion.current(at: document) { known.withLock { $0[name] = version } }
      }
    } catch {
      for (holder, document) in exchanged.reversed() { _ = POSIX.exchange(holder, document) }
      if !exchanged.isEmpty { try? POSIX.synchronizeDirectory(directory) }
      throw error
    }
    try flushDirectories()
  }
}
