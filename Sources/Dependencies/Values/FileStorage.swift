#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
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

  /// Which documents a file-system storage keeps the previous version of.
  public enum Backups: Sendable {
    /// Every document.
    case all
    /// Only the documents with these names.
    case only(Set<String>)

    func includes(_ name: String) -> Bool {
      switch self {
      case .all: true
      case .only(let names): names.contains(name)
      }
    }
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

  /// The directory the live ``DependencyValues/storage`` uses: where an application named
  /// `applicationName` keeps its data by the platform's conventions.
  ///
  /// - Linux and others: `$XDG_DATA_HOME/<applicationName>` when `XDG_DATA_HOME` is an absolute
  ///   path, otherwise `$HOME/.local/share/<applicationName>` (the XDG base directory spec).
  /// - Apple platforms: `~/Library/Application Support/<applicationName>`.
  ///
  /// Only environment variables are read; nothing is created. Apps usually set
  /// `DependencyValues.storage` themselves, to a directory chosen by a flag or configuration.
  public static func defaultDirectory(
    applicationName: String = ProcessInfo.processInfo.processName
  ) -> URL {
    #if canImport(Darwin)
      return URL.applicationSupportDirectory.appending(path: applicationName, directoryHint: .isDirectory)
    #else
      return defaultDirectory(
        applicationName: applicationName,
        environment: ProcessInfo.processInfo.environment,
        home: FileManager.default.homeDirectoryForCurrentUser.path
      )
    #endif
  }

  /// The XDG rule of ``defaultDirectory(applicationName:)``, given the environment and the
  /// home directory to fall back on when `HOME` is not an absolute path.
  @_spi(Testing)
  public static func defaultDirectory(
    applicationName: String,
    environment: [String: String],
    home: @autoclosure () -> String
  ) -> URL {
    // The spec says relative values are invalid and must be ignored.
    if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      return URL(fileURLWithPath: dataHome, isDirectory: true)
        .appendingPathComponent(applicationName, isDirectory: true)
    }
    let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home()
    return URL(fileURLWithPath: home, isDirectory: true)
      .appendingPathComponent(".local/share", isDirectory: true)
      .appendingPathComponent(applicationName, isDirectory: true)
  }
}

/// The file-system implementation behind ``StorageClient/fileSystem(directory:files:)``.
struct FileStorage: Sendable {
  let directory: String
  /// Documents kept outside `directory`: name to path as given (it may be a symbolic link).
  let files: [String: String]
  let backups: StorageClient.Backups
  /// Documents whose replaced version's file the next save writes over (see
  /// ``StorageClient/fileSystem(directory:files:backups:recycling:retiringBackups:)``).
  let recycling: Set<String>
  /// Whether a save sets the backup it replaces aside for ``StorageClient/removeRetiredBackup(of:)``
  /// rather than deleting it.
  let retiringBackups: Bool
  let beforeReplacing: (@Sendable (URL, URL) throws(StorageError) -> Void)?
  /// Called with each document just before its backup is made (tests only).
  let beforeBackingUp: (@Sendable (URL) -> Void)?
  /// For each document of `files`, the version this storage last read or wrote: a save over
  /// any other version (another program's) is refused.
  private let known = Lock<[String: FileVersion]>([:])

  /// Which version of a file is on disk: its identity and last change, or its absence.
  enum FileVersion: Equatable {
    case absent
    case present(device: UInt64, inode: UInt64, size: Int64, modified: timespec, changed: timespec)

    init(_ info: stat) {
      #if canImport(Darwin)
        let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
      #else
        let (modified, changed) = (info.st_mtim, info.st_ctim)
      #endif
      self = .present(
        device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
        modified: modified, changed: changed
      )
    }

    /// Whether both are the same file with the same contents, whatever happened to its status
    /// (a link made to it changes its ctime).
    func isSameFile(as other: Self) -> Bool {
      switch (self, other) {
      case (.absent, .absent): return true
      case let (.present(d1, i1, s1, m1, _), .present(d2, i2, s2, m2, _)):
        return d1 == d2 && i1 == i2 && s1 == s2 && m1.tv_sec == m2.tv_sec && m1.tv_nsec == m2.tv_nsec
      default: return false
      }
    }

    /// The version at `path` now (links followed).
    static func current(at path: String) -> FileVersion? {
      var info = stat()
      if stat(path, &info) == 0 { return FileVersion(info) }
      return errno == ENOENT ? .absent : nil
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
      switch (lhs, rhs) {
      case (.absent, .absent): return true
      case let (.present(d1, i1, s1, m1, c1), .present(d2, i2, s2, m2, c2)):
        return d1 == d2 && i1 == i2 && s1 == s2 && m1.tv_sec == m2.tv_sec && m1.tv_nsec == m2.tv_nsec
          && c1.tv_sec == c2.tv_sec && c1.tv_nsec == c2.tv_nsec
      default: return false
      }
    }
  }

  /// The permissions of a document the storage creates, whatever the umask: its owner's only.
  static let newFileMode: mode_t = 0o600

  init(
    directory: URL,
    files: [String: URL],
    backups: StorageClient.Backups,
    recycling: Set<String>,
    retiringBackups: Bool = false,
    beforeBackingUp: (@Sendable (URL) -> Void)? = nil,
    beforeReplacing: (@Sendable (URL, URL) throws(StorageError) -> Void)?
  ) {
    self.directory = Self.path(of: directory)
    self.files = files.mapValues(Self.path(of:))
    self.backups = backups
    // Only documents of the storage directory: a user's file keeps each version's file. A
    // backup keeps the replaced version's file itself.
    self.recycling = recycling.filter { files[$0] == nil && !backups.includes($0) }
    self.retiringBackups = retiringBackups
    self.beforeBackingUp = beforeBackingUp
    self.beforeReplacing = beforeReplacing
  }

  private static func path(of url: URL) -> String {
    // `withUnsafeFileSystemRepresentation` looks up `Set<UInt8>` and its conformances at run
    // time at its first use in a process, 0.1 ms of every command. `path(percentEncoded:
    // false)` gives the same path (resolved against a base, escapes decoded) except where the
    // URL holds an escaped `/` or NUL, which only a URL made from a string can, and which the
    // file-system form keeps escaped: such a URL takes the slow way.
    let encoded = url.path(percentEncoded: true)
    var path =
      encoded.contains("%2F") || encoded.contains("%2f") || encoded.contains("%00")
      ? url.withUnsafeFileSystemRepresentation { String(cString: $0!) }
      : url.path(percentEncoded: false)
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    return path
  }

  var backend: StorageClient.Backend {
    StorageClient.Backend(
      load: load,
      save: save,
      saveAll: save,
      remove: remove,
      tryLock: tryLock,
      lockFile: lockFile,
      removeStaleTemporaries: removeStaleTemporaries,
      removeRetiredBackup: { name in unlink(retiredBackupFile(name)) }
    )
  }

  /// A file in the storage directory.
  func path(_ fileName: String) -> String {
    directory == "/" ? "/" + fileName : directory + "/" + fileName
  }

  /// Where the document `name` is read from: its own path for a document of ``files``.
  func documentPath(_ name: String) -> String { files[name] ?? path(name) }

  func lockFile(_ name: String) -> String { path(name + ".lock") }

  /// The file the backup a save replaced is kept in until ``StorageClient/removeRetiredBackup(of:)``
  /// or the next save (no document's name ends in `.tmp`).
  func retiredBackupFile(_ name: String) -> String { path("." + name + ".bak.tmp") }

  /// The file a recycled document's replaced version is kept in.
  func spareFile(_ name: String) -> String { path("." + name + ".spare") }

  func load(_ name: String) throws(StorageError) -> Data? {
    let document = documentPath(name)
    let fd = POSIX.open(document, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ENOENT {
        if files[name] != nil { known.withLock { $0[name] = .absent } }
        return nil
      }
      throw .fileSystem(operation: .read, path: document, code: errno)
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .fileSystem(operation: .read, path: document, code: errno) }
    if (info.st_mode & S_IFMT) == S_IFDIR { throw .fileSystem(operation: .read, path: document, code: EISDIR) }
    let data = try POSIX.readAll(fd, path: document)
    if files[name] != nil { known.withLock { $0[name] = FileVersion(info) } }
    return data
  }

  func save(_ data: Data, _ name: String) throws(StorageError) {
    try save([(data: data, name: name)])
  }

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

  func remove(_ name: String) throws(StorageError) {
    let document = documentPath(name)
    guard unlink(document) == 0 || errno == ENOENT else {
      throw .fileSystem(operation: .replace, path: document, code: errno)
    }
  }

  func tryLock(_ name: String, _ kind: StorageClient.LockKind) throws(StorageError) -> HeldLock? {
    switch kind {
    case .exclusive:
      try POSIX.makeDirectories(directory)
      return try FileLock.tryAcquire(path: lockFile(name), shared: false)
    case .shared:
      // A reader creates no directory: on a read-only file system, or before anything was
      // saved, it reads without a lock; saves replace documents by an atomic rename, so it
      // still reads one whole version.
      return try FileLock.tryAcquire(path: lockFile(name), shared: true)
    }
  }

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
  private static func deadStamp(of entry: String) -> String? {
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
  private func openSpare(
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
  private func writeTemporaryFile(_ data: Data, beside document: String, mode: mode_t) throws(StorageError) -> String {
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
  private func createTemporaryFile(
    containing data: Data, beside document: String, mode: mode_t
  ) throws(StorageError) -> (String, Int32) {
    var marks: [String] = []
    return try createTemporaryFile(containing: data, beside: document, mode: mode, markedAs: nil, marks: &marks)
  }

  /// ``createTemporaryFile(containing:beside:mode:)``; with `name`, first marks it in the
  /// storage directory (`.name.<pid>-<random>.saving`, added to `marks`), so that a crashed
  /// save's file beside a document kept elsewhere is found without listing that folder.
  private func createTemporaryFile(
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
  private func createTemporaryFile(
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
  private static func stamp() -> String {
    "\(getpid())-\(String(UInt64.random(in: .min ... .max), radix: 16))"
  }

  private func temporaryPath(beside document: String, stamp: String = Self.stamp()) -> String {
    let folder = POSIX.parent(of: document)
    let name = ".\(POSIX.lastComponent(of: document)).\(stamp).tmp"
    return folder == "/" ? "/" + name : folder + "/" + name
  }

  /// Makes `name.bak` in the storage directory the current version of `document`, if there is
  /// one; returns whether there was.
  private func keepBackup(of document: String, as name: String, expected: FileVersion?) throws(StorageError) -> Bool {
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
