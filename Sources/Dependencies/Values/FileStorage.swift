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
  /// Creating the storage touches no disk; `directory` (and its missing parents) is created
  /// by the first save or lock. For a document `name`, the directory holds:
  ///
  /// | File | What it is |
  /// | --- | --- |
  /// | `name` | The document. |
  /// | `name.bak` | The version before the last save (absent until the second save). |
  /// | `name.lock` | The lock file that ``withExclusiveAccess(to:timeout:_:)`` locks with `flock(2)`. It stays after use and is empty: do not delete it while the storage may be in use. |
  /// | `.name.<pid>-<random>.tmp` | A new version being saved. A save that crashed leaves one behind; it is harmless and can be deleted. |
  ///
  /// A save writes the new version to a temporary file with a unique name, flushes it to disk
  /// with `fsync`, keeps the current version as `name.bak` (a hard link, or a copy where links
  /// are not supported), renames the temporary file over `name` (atomic) and flushes the
  /// directory. So at any moment `name` is either the complete old version or the complete new
  /// one, even across a crash or power loss, and concurrent saves by other processes never
  /// write to each other's temporary files.
  ///
  /// The lock is advisory: it excludes every `withExclusiveAccess` on the same document, in
  /// this process or another, but not a plain ``save(_:_:)`` or another program writing the
  /// file.
  public static func fileSystem(directory: URL) -> StorageClient {
    StorageClient(backend: FileStorage(directory: directory, beforeReplacing: nil).backend)
  }

  /// Like ``fileSystem(directory:)``, and calls `beforeReplacing` during each save just before
  /// the new version is renamed over the document: the temporary file is complete and flushed
  /// to disk, and the backup made.
  ///
  /// For tests that simulate a crash in the middle of a save: if `beforeReplacing` throws, the
  /// save throws that error, removes its temporary file and leaves the document as it was; a
  /// process can also exit inside it.
  @_spi(Testing)
  public static func fileSystem(
    directory: URL,
    beforeReplacing: @escaping @Sendable (_ temporaryFile: URL, _ document: URL) throws(StorageError) -> Void
  ) -> StorageClient {
    StorageClient(backend: FileStorage(directory: directory, beforeReplacing: beforeReplacing).backend)
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

/// The file-system implementation behind ``StorageClient/fileSystem(directory:)``.
struct FileStorage: Sendable {
  let directory: String
  let beforeReplacing: (@Sendable (URL, URL) throws(StorageError) -> Void)?

  init(directory: URL, beforeReplacing: (@Sendable (URL, URL) throws(StorageError) -> Void)?) {
    var path = directory.withUnsafeFileSystemRepresentation { String(cString: $0!) }
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    self.directory = path
    self.beforeReplacing = beforeReplacing
  }

  var backend: StorageClient.Backend {
    StorageClient.Backend(
      load: load,
      save: save,
      tryLock: tryLock,
      lockFile: lockFile
    )
  }

  func path(_ fileName: String) -> String {
    directory == "/" ? "/" + fileName : directory + "/" + fileName
  }

  func lockFile(_ name: String) -> String { path(name + ".lock") }

  func load(_ name: String) throws(StorageError) -> Data? {
    let document = path(name)
    let fd = POSIX.open(document, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ENOENT { return nil }
      throw .fileSystem(operation: .read, path: document, code: errno)
    }
    defer { close(fd) }
    return try POSIX.readAll(fd, path: document)
  }

  func save(_ data: Data, _ name: String) throws(StorageError) {
    try POSIX.makeDirectories(directory)
    let document = path(name)
    let temporary = try writeTemporaryFile(data, for: name)
    var replaced = false
    defer { if !replaced { unlink(temporary) } }
    try keepBackup(of: name)
    try beforeReplacing?(URL(fileURLWithPath: temporary), URL(fileURLWithPath: document))
    guard rename(temporary, document) == 0 else {
      throw .fileSystem(operation: .replace, path: document, code: errno)
    }
    replaced = true
    try POSIX.synchronizeDirectory(directory)
  }

  func tryLock(_ name: String) throws(StorageError) -> HeldLock? {
    try POSIX.makeDirectories(directory)
    return try FileLock.tryAcquire(path: lockFile(name))
  }

  /// Writes `data` to a new temporary file next to the document, flushed to disk, and returns
  /// its path.
  private func writeTemporaryFile(_ data: Data, for name: String) throws(StorageError) -> String {
    let (temporary, fd) = try createTemporaryFile(for: name)
    do {
      defer { close(fd) }
      try POSIX.writeAll(data, to: fd, path: temporary)
      try POSIX.synchronize(fd, path: temporary)
    } catch {
      unlink(temporary)
      throw error
    }
    return temporary
  }

  /// Creates `.<name>.<pid>-<random>.tmp`, a name no other save (in any process) uses.
  private func createTemporaryFile(for name: String) throws(StorageError) -> (String, Int32) {
    while true {
      let temporary = temporaryPath(for: name)
      let fd = POSIX.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if fd >= 0 { return (temporary, fd) }
      // EEXIST: the random part collided with a stale file; draw again.
      if errno != EEXIST { throw .fileSystem(operation: .write, path: temporary, code: errno) }
    }
  }

  private func temporaryPath(for name: String) -> String {
    let random = String(UInt64.random(in: .min ... .max), radix: 16)
    return path(".\(name).\(getpid())-\(random).tmp")
  }

  /// Makes `name.bak` the current version of the document, if there is one.
  private func keepBackup(of name: String) throws(StorageError) {
    let document = path(name)
    let backup = path(name + ".bak")
    // Link under a temporary name, then rename over the old backup, so that `name.bak` is
    // always a complete version too.
    let linked = temporaryPath(for: name)
    if link(document, linked) == 0 {
      let renamed = rename(linked, backup) == 0
      let code = errno
      // When `name.bak` already is the document's file (a save was interrupted after this
      // step, or another process saved at the same moment), rename does nothing and leaves
      // `linked` in place; otherwise `linked` is gone and this fails harmlessly.
      unlink(linked)
      guard renamed else { throw .fileSystem(operation: .backUp, path: backup, code: code) }
      return
    }
    switch errno {
    case ENOENT:
      return  // The first save: nothing to keep.
    case EPERM, EXDEV, EMLINK, ENOTSUP, EOPNOTSUPP, ENOSYS:
      // This file system has no hard links: copy instead.
      guard let current = try load(name) else { return }
      let temporary = try writeTemporaryFile(current, for: name)
      guard rename(temporary, backup) == 0 else {
        let code = errno
        unlink(temporary)
        throw .fileSystem(operation: .backUp, path: backup, code: code)
      }
    default:
      throw .fileSystem(operation: .backUp, path: backup, code: errno)
    }
  }
}
