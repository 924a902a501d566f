#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dependencies
import Foundation

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
  let known = Lock<[String: FileVersion]>([:])


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

  static func path(of url: URL) -> String {
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
    POSIX.joined(directory, fileName)
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
}
