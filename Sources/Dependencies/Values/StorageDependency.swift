#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

private enum StorageKey: DependencyKey {
  // This module holds the interface only: the files are the `Storage` module's, which depends
  // on this one, so the live value cannot be them. A storage that quietly kept documents in
  // memory would lose them when the program ends, so it fails, loudly.
  static var liveValue: StorageClient {
    .unconfigured
  }

  static var testValue: StorageClient {
    .inMemory
  }
}

extension DependencyValues {
  /// Where features keep their documents.
  ///
  /// Live: none. The files live in the `Storage` module, and the app says where, once, where it
  /// starts: `StorageClient.fileSystem(directory:)`, in a directory of its choosing or in
  /// `StorageClient.defaultDirectory(applicationName:)`. Until it does, every load, save and
  /// lock reports an issue (a runtime warning on standard error) that says so, and throws
  /// ``StorageError/fileSystem(operation:path:code:)`` with `ENOSYS`: documents that seemed
  /// saved but went nowhere would be worse. Test: a fresh ``StorageClient/inMemory`` storage
  /// for each set of dependency values, so tests never touch the disk.
  ///
  /// ```swift
  /// import Storage
  ///
  /// withDependencies {
  ///   $0.storage = .fileSystem(directory: URL(fileURLWithPath: "/var/lib/taskman"))
  /// } operation: { … }
  /// ```
  public var storage: StorageClient {
    get { self[StorageKey.self] }
    set { self[StorageKey.self] = newValue }
  }
}

extension StorageClient {
  /// The live ``DependencyValues/storage`` of an app that has not set one: every use reports an
  /// issue naming the fix, then fails.
  static var unconfigured: StorageClient {
    StorageClient(
      backend: Backend(
        load: { name throws(StorageError) in throw unavailable(.read, name) },
        save: { _, name throws(StorageError) in throw unavailable(.replace, name) },
        remove: { name throws(StorageError) in throw unavailable(.replace, name) },
        tryLock: { name, _ throws(StorageError) in throw unavailable(.lock, name) },
        lockFile: { _ in nil }
      )
    )
  }

  private static func unavailable(_ operation: StorageError.Operation, _ name: String) -> StorageError {
    reportIssue(
      """
      @Dependency(\\.storage) has no live implementation, so document \(String(reflecting: name)) \
      was not \(operation == .read ? "read" : operation == .lock ? "locked" : "saved"). The files \
      are the 'Storage' module's: import it and set the storage where the app starts, \
      'withDependencies { $0.storage = .fileSystem(directory: …) }', or set '.inMemory' to keep \
      documents in memory only.
      """
    )
    return .fileSystem(operation: operation, path: name, code: ENOSYS)
  }
}
