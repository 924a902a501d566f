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
  /// Makes `name.bak` in the storage directory the current version of `document`, if there is
  /// one; returns whether there was.
  func keepBackup(of document: String, as name: String, expected: FileVersion?) throws(StorageError) -> Bool {
    let backup = path(name + ".bak")
    // Link under a temporary name, then rename over the old backup, so that the backup is
    // always a complete version too. Temporary files in the storage directory are named after
    // the document, so that the clean-up of stale ones finds them.
    let linked = temporaryPath(beside: path(name))
    if link(document, linked) == 0 {
      // Only the version this save read becomes the backup: another program's save since then
      // stops the save, and the backup stays the version before it.
      if let expected, FileVersion.current(at: linked).map({ $0.isSameFile(as: expected) }) != true {
        unlink(linked)
        throw .changedSinceRead(document: name, path: document)
      }
      // Set aside rather than deleted: deleting a file frees its blocks, half a millisecond for
      // 600 KB on a virtual disk that discards freed blocks. Renaming over an older one left
      // there deletes that one, as a save without retiring does. Only another file than the
      // document's is set aside: a directory in the backup's place fails the rename below, as
      // it always has, and a backup that already is the document's file (a save was
      // interrupted after this step) would become a link to it that, deleted while a command
      // reads the document, changes the document's status, and so its save.
      if retiringBackups, POSIX.isRegularFile(backup), !POSIX.isSameFile(backup, linked), POSIX.exchange(linked, backup) {
        _ = rename(linked, retiredBackupFile(name))
        // Left in place only when the two names were one file by then.
        unlink(linked)
        return true
      }
      let renamed = rename(linked, backup) == 0
      let code = errno
      // When the backup already is the document's file (a save was interrupted after this
      // step, or another process saved at the same moment), rename does nothing and leaves
      // `linked` in place; otherwise `linked` is gone and this fails harmlessly.
      unlink(linked)
      guard renamed else { throw .fileSystem(operation: .backUp, path: backup, code: code) }
      // A backup set aside by an earlier save goes now, as it would have gone above.
      if retiringBackups { unlink(retiredBackupFile(name)) }
      return true
    }
    switch errno {
    case ENOENT:
      return false  // The first save: nothing to keep.
    case EPERM, EXDEV, EMLINK, ENOTSUP, EOPNOTSUPP, ENOSYS:
      // No hard link here (another file system, or none supported): copy instead.
      let fd = POSIX.open(document, O_RDONLY | O_CLOEXEC)
      guard fd >= 0 else {
        if errno == ENOENT { return false }
        throw .fileSystem(operation: .backUp, path: backup, code: errno)
      }
      let current: Data
      do {
        defer { close(fd) }
        var info = stat()
        if let expected, fstat(fd, &info) != 0 || !FileVersion(info).isSameFile(as: expected) {
          throw StorageError.changedSinceRead(document: name, path: document)
        }
        current = try POSIX.readAll(fd, path: document)
      }
      let temporary = try writeTemporaryFile(current, beside: path(name), mode: Self.newFileMode)
      guard rename(temporary, backup) == 0 else {
        let code = errno
        unlink(temporary)
        throw .fileSystem(operation: .backUp, path: backup, code: code)
      }
      if retiringBackups { unlink(retiredBackupFile(name)) }
      return true
    default:
      throw .fileSystem(operation: .backUp, path: backup, code: errno)
    }
  }
}
