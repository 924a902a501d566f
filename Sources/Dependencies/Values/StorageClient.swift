#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// Named documents that features load and save: files in a directory in live code, a dictionary
/// in tests.
///
/// A document is a blob of bytes under a plain file name such as `"tasks.taskpaper"` (see
/// ``StorageError/invalidName(_:reason:)`` for the rules). ``load(_:)`` and ``save(_:_:)`` are
/// each atomic: a reader sees the whole old version or the whole new one, never a mix. To
/// read, change and write a document without losing another process's change made in between,
/// hold its lock with ``withExclusiveAccess(to:timeout:_:)``:
///
/// ```swift
/// @Dependency(\.storage) var storage
///
/// try storage.withExclusiveAccess(to: "tasks.taskpaper", timeout: .seconds(2)) { document in
///   var text = String(decoding: try document.load() ?? Data(), as: UTF8.self)
///   text += "- Buy milk\n"
///   try document.save(Data(text.utf8))
/// }
/// ```
///
/// Implementations: ``inMemory`` (tests, previews), and files in a directory with
/// `StorageClient.fileSystem(directory:)` from the `Storage` module, which an app sets as its
/// ``DependencyValues/storage`` (see there).
public struct StorageClient: Sendable {
  let backend: Backend

  /// A client over `backend`: how the `Storage` module's file-system client, and the in-memory
  /// one, plug in.
  package init(backend: Backend) {
    self.backend = backend
  }

  /// Returns the contents of the document `name`, or nil if there is no such document.
  public func load(_ name: String) throws(StorageError) -> Data? {
    try Self.validate(name)
    return try backend.load(name)
  }

  /// Replaces the contents of the document `name` with `data`, creating it if needed.
  ///
  /// The replacement is atomic but not coordinated with other writers: to update a document
  /// based on its current contents, use ``withExclusiveAccess(to:timeout:_:)``.
  public func save(_ data: Data, _ name: String) throws(StorageError) {
    try Self.validate(name)
    try backend.save(data, name)
  }

  /// Replaces several documents, in the order given, each as ``save(_:_:)`` does.
  ///
  /// On the file system every new version is written and flushed to disk (and a document kept
  /// at a path of its own checked for changes by another program) before the first replaces
  /// its document, so that none is replaced when one of them cannot be.
  ///
  /// ```swift
  /// try storage.save([(data: log, name: "changes.log"), (data: text, name: "tasks.taskpaper")])
  /// ```
  public func save(_ documents: [(data: Data, name: String)]) throws(StorageError) {
    for document in documents { try Self.validate(document.name) }
    guard let saveAll = backend.saveAll else {
      for document in documents { try backend.save(document.data, document.name) }
      return
    }
    try saveAll(documents)
  }

  /// Removes the document `name`; nothing happens when there is none.
  ///
  /// Like ``save(_:_:)``, not coordinated with other writers: hold the document's lock (or a lock
  /// that covers it) when others may use it.
  public func remove(_ name: String) throws(StorageError) {
    try Self.validate(name)
    try backend.remove(name)
  }

  /// Deletes the backup that the last save of the document `name` replaced, where the storage
  /// sets it aside rather than deleting it during the save (a file-system storage made with
  /// `retiringBackups`, since freeing a file's blocks can wait for the disk). A program calls
  /// this when it has a moment to spare, waiting for another thread, say; otherwise the next
  /// save that makes a backup deletes it. Does nothing when there is none; errors are ignored.
  ///
  /// ```swift
  /// let parsed = startParsing()
  /// storage.removeRetiredBackup(of: "tasks.taskpaper")  // while the other thread parses
  /// ```
  public func removeRetiredBackup(of name: String) {
    guard (try? Self.validate(name)) != nil else { return }
    backend.removeRetiredBackup(name)
  }

  /// Holds the lock on the document `name` while `body` runs, so that a load, change and save
  /// inside `body` cannot interleave with another holder's.
  ///
  /// The lock excludes other threads of this process and, for `fileSystem(directory:)` (module `Storage`), other
  /// processes. It is not reentrant: asking for the same document again inside `body` waits for
  /// the outer lock and times out. Only one document's lock should be held at a time, or two
  /// callers taking locks in different orders can wait for each other until they time out.
  ///
  /// Waiting blocks the calling thread (polling, for at most `timeout`). In async code, prefer
  /// the `async` overload, which suspends instead: a blocked thread of the concurrency pool
  /// cannot run the task that would release the lock. Swift picks it when `body` awaits; for a
  /// body that does not, mark the closure `async` (`{ document async throws in … }`).
  ///
  /// - Parameters:
  ///   - name: The document to lock.
  ///   - timeout: How long to wait for another holder to release the lock. Zero tries once.
  ///   - body: Runs with the lock held; it loads and saves the document through its argument.
  /// - Throws: ``StorageError/lockTimeout(document:lockFile:waited:)`` when the lock stayed
  ///   taken for `timeout`, another ``StorageError`` when the lock or the document could not
  ///   be used, or whatever `body` throws (the lock is released first).
  @discardableResult
  public func withExclusiveAccess<R>(
    to name: String,
    timeout: Duration,
    _ body: (borrowing ExclusiveAccess) throws -> R
  ) throws -> R {
    let lock = try waitForLock(on: name, .exclusive, timeout: timeout)
    defer { lock.release() }
    backend.removeStaleTemporaries(name)
    return try body(ExclusiveAccess(name: name, backend: backend))
  }

  /// Holds the lock on the document `name` while the async `body` runs; see
  /// ``withExclusiveAccess(to:timeout:_:)``.
  ///
  /// Waiting for the lock suspends the task instead of blocking its thread; cancelling the task
  /// while it waits throws `CancellationError`.
  @discardableResult
  public func withExclusiveAccess<R>(
    isolation: isolated (any Actor)? = #isolation,
    to name: String,
    timeout: Duration,
    _ body: (borrowing ExclusiveAccess) async throws -> R
  ) async throws -> R {
    let lock = try await waitForLock(on: name, .exclusive, timeout: timeout)
    defer { lock.release() }
    backend.removeStaleTemporaries(name)
    return try await body(ExclusiveAccess(name: name, backend: backend))
  }

  /// Holds a shared lock on the document `name` while `body` reads it: other readers may hold
  /// one at the same time, but no ``withExclusiveAccess(to:timeout:_:)`` runs meanwhile, so
  /// several documents read inside `body` (a file and its index, say) are versions that were
  /// saved together.
  ///
  /// Reading needs no write access: on a read-only file system, or where the lock file cannot
  /// be created, `body` runs without a lock. Every ``load(_:)`` still sees one whole version of
  /// a document, since saves replace documents by an atomic rename (of a document a file-system
  /// storage recycles, unless two saves happen during one load: see
  /// `StorageClient.fileSystem(directory:files:backups:recycling:retiringBackups:)`).
  ///
  /// - Throws: ``StorageError/lockTimeout(document:lockFile:waited:)`` when a writer held the
  ///   lock for `timeout`, or whatever `body` throws.
  @discardableResult
  public func withSharedAccess<R>(
    isolation: isolated (any Actor)? = #isolation,
    to name: String,
    timeout: Duration,
    _ body: () async throws -> R
  ) async throws -> R {
    let lock = try await waitForLock(on: name, .shared, timeout: timeout)
    defer { lock.release() }
    return try await body()
  }

  private func waitForLock(on name: String, _ kind: LockKind, timeout: Duration) throws -> HeldLock {
    try Self.validate(name)
    var wait = LockWait(timeout: timeout)
    while true {
      if let lock = try backend.tryLock(name, kind) { return lock }
      guard let pause = wait.nextPause() else { throw timedOut(name, wait) }
      pause.sleepThread()
    }
  }

  private func waitForLock(
    isolation: isolated (any Actor)? = #isolation,
    on name: String,
    _ kind: LockKind,
    timeout: Duration
  ) async throws -> HeldLock {
    try Self.validate(name)
    var wait = LockWait(timeout: timeout)
    while true {
      if let lock = try backend.tryLock(name, kind) { return lock }
      guard let pause = wait.nextPause() else { throw timedOut(name, wait) }
      try await Task.sleep(for: pause)
    }
  }

  /// Whether a lock excludes everyone else, or only writers.
  package enum LockKind: Sendable {
    case exclusive
    case shared
  }

  private func timedOut(_ name: String, _ wait: LockWait) -> StorageError {
    .lockTimeout(document: name, lockFile: backend.lockFile(name), waited: wait.elapsed)
  }

  /// Throws ``StorageError/invalidName(_:reason:)`` unless `name` can name a document.
  static func validate(_ name: String) throws(StorageError) {
    func invalid(_ reason: String) -> StorageError { .invalidName(name, reason: reason) }
    if name.isEmpty { throw invalid("it is empty") }
    if name == "." || name == ".." { throw invalid("it names a directory") }
    if name.contains("/") {
      throw invalid("it contains \"/\" (documents live directly in the storage directory)")
    }
    if name.utf8.contains(0) { throw invalid("it contains a NUL character") }
    // Leaves room in the file system's 255-byte limit for the temporary files' suffixes.
    if name.utf8.count > 200 { throw invalid("it is longer than 200 bytes") }
    let lowercased = name.lowercased()
    for suffix in [".bak", ".lock", ".tmp", ".saving", ".spare"] where lowercased.hasSuffix(suffix) {
      throw invalid("names ending in \"\(suffix)\" are reserved for the storage's own files")
    }
  }
}

