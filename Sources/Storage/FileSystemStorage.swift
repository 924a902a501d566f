#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dependencies
import Foundation

extension StorageClient {
  /// Documents as files in `directory`, locked against other threads and other processes.
  ///
  /// Creating the storage touches no disk; `directory` (and its missing parents) is created,
  /// readable by its owner only, by the first save or lock. For a document `name`, the
  /// directory holds:
  ///
  /// | File | What it is |
  /// | --- | --- |
  /// | `name` | The document. |
  /// | `name.bak` | The version before the last save (absent until the second save). |
  /// | `.name.bak.tmp` | With `retiringBackups` (see ``fileSystem(directory:files:backups:recycling:retiringBackups:)``): the backup the last save replaced, until ``removeRetiredBackup(of:)`` or the next save that makes a backup deletes it. |
  /// | `name.lock` | The lock file that ``withExclusiveAccess(to:timeout:_:)`` locks with `flock(2)`. It stays after use and is empty: do not delete it while the storage may be in use. |
  /// | `.name.<pid>-<random>.tmp` | A new version being saved. A save that crashed leaves one behind (with `retiringBackups`, it may hold the backup being set aside); the next ``withExclusiveAccess(to:timeout:_:)`` on the document removes it once its process is gone. |
  /// | `.name.<pid>-<random>.saving` | For a document kept elsewhere (see ``fileSystem(directory:files:backups:recycling:retiringBackups:)``): marks that its new version is being written beside it, as `.<file name>.<pid>-<random>.tmp`, so that a crashed save's file there is found and removed without listing that folder. Empty. |
  ///
  /// A save writes the new version to a temporary file with a unique name, keeps the current
  /// version as `name.bak` (a hard link, or a copy where links are not supported), flushes the
  /// new version to disk with `fsync`, renames the temporary file over `name` (atomic) and
  /// flushes the directory. So at any moment `name` is either the complete old version or the
  /// complete new one, even across a crash or power loss, and concurrent saves by other processes never
  /// write to each other's temporary files. A new document is readable by its owner only
  /// (`0600`); a replaced one keeps the permissions it had, and its owner and group where this
  /// process may give them (the superuser may). A document whose file this process
  /// may not write, or that has no write permission at all (even for the superuser), is never
  /// replaced: the save throws ``StorageError/fileSystem(operation:path:code:)`` with
  /// ``StorageError/Operation/replace`` and `EACCES`, and saves none of the documents with it;
  /// nor is anything but a regular file (a device, a FIFO: `EINVAL`).
  ///
  /// The lock and temporary files are opened so that a symbolic link planted in their place is
  /// never followed.
  ///
  /// The lock is advisory: it excludes every `withExclusiveAccess` on the same document, in
  /// this process or another, but not a plain ``save(_:_:)`` or another program writing the
  /// file.
  public static func fileSystem(directory: URL) -> StorageClient {
    fileSystem(directory: directory, files: [:], backups: .all, recycling: [])
  }

  /// Like ``fileSystem(directory:)``, with some documents kept at paths of their own: a user's
  /// file chosen on the command line, say, while the lock and backup stay in `directory`.
  ///
  /// ```swift
  /// let storage = StorageClient.fileSystem(
  ///   directory: stateDirectory,
  ///   files: ["tasks.taskpaper": URL(fileURLWithPath: "/home/me/Dropbox/todo.taskpaper")]
  /// )
  /// try storage.save(data, "tasks.taskpaper")  // writes /home/me/Dropbox/todo.taskpaper
  /// ```
  ///
  /// A save of such a document goes through symbolic links to the file they point to: the new
  /// version is written beside that file and renamed over it, so a link into a synced folder
  /// stays a link and the folder receives the update. Its backup (`name.bak`) and lock
  /// (`name.lock`) are kept in `directory`. A save is refused
  /// (``StorageError/changedSinceRead(document:path:)``) when another program changed the file
  /// since this storage last read or wrote it.
  ///
  /// `backups` says which documents get a `name.bak`; documents that can be rebuilt from others
  /// need none, and a save without one is a little faster.
  ///
  /// `recycling` names documents of `directory` without a backup whose replaced version's file
  /// is kept, as `.name.spare`, for the next save to write over instead of making a new file: a save then
  /// neither takes nor frees disk space, which on some disks (those that discard freed blocks
  /// at once) is a good part of its time. The new version is still written whole and flushed
  /// before it takes the document's place, atomically. Only for documents read under the lock
  /// (``withSharedAccess(to:timeout:_:)`` or ``withExclusiveAccess(to:timeout:_:)``): a reader
  /// without it that started before two saves could see the second one's bytes in the file it
  /// reads.
  ///
  /// With `retiringBackups`, a save sets the backup it replaces aside, as `.name.bak.tmp`,
  /// instead of deleting it: deleting a file frees its blocks, which on those disks waits for
  /// the device. ``removeRetiredBackup(of:)`` deletes it when the program has a moment to spare
  /// (waiting for another thread, say); otherwise the next save that makes a backup does.
  public static func fileSystem(
    directory: URL, files: [String: URL], backups: Backups = .all, recycling: Set<String> = [],
    retiringBackups: Bool = false
  ) -> StorageClient {
    StorageClient(
      backend: FileStorage(
        directory: directory, files: files, backups: backups, recycling: recycling, retiringBackups: retiringBackups,
        beforeReplacing: nil
      ).backend
    )
  }

  /// Like ``fileSystem(directory:)``, and calls `beforeReplacing` during each save just before
  /// the new version is renamed over the document: the temporary file is complete and flushed
  /// to disk, and the backup made.
  ///
  /// For tests that simulate a crash in the middle of a save: if `beforeReplacing` throws, the
  /// save throws that error, removes its temporary file and leaves the document as it was; a
  /// process can also exit inside it. `beforeBackingUp` is called with each document just
  /// before its backup is made, after the first check for changes by other programs: for tests
  /// of a change made right then.
  @_spi(Testing)
  public static func fileSystem(
    directory: URL,
    files: [String: URL] = [:],
    backups: Backups = .all,
    recycling: Set<String> = [],
    retiringBackups: Bool = false,
    beforeBackingUp: (@Sendable (_ document: URL) -> Void)? = nil,
    beforeReplacing: @escaping @Sendable (_ temporaryFile: URL, _ document: URL) throws(StorageError) -> Void
  ) -> StorageClient {
    StorageClient(
      backend: FileStorage(
        directory: directory, files: files, backups: backups, recycling: recycling, retiringBackups: retiringBackups,
        beforeBackingUp: beforeBackingUp, beforeReplacing: beforeReplacing
      ).backend
    )
  }
}
