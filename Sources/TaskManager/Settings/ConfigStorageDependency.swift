#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dependencies
import Foundation

private enum ConfigStorageKey: DependencyKey {
  // The live directory is the program's to say (taskman: `$XDG_CONFIG_HOME/taskman`), so until
  // it does, every use fails loudly rather than losing a setting that seemed saved.
  static var liveValue: StorageClient { .configUnconfigured }
  static var testValue: StorageClient { .inMemory }
}

extension DependencyValues {
  /// Where ``SettingsFeature`` keeps the config file (the document
  /// ``SettingsFeature/documentName``), apart from ``DependencyValues/storage``'s task files:
  /// settings belong to the person, not to one task list.
  ///
  /// Live: none until the program sets one, as taskman does where it starts:
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.configStorage = .fileSystem(directory: URL(fileURLWithPath: "/home/me/.config/taskman"))
  /// } operation: { … }
  /// ```
  ///
  /// Test: a fresh in-memory storage, so tests never read the person's settings.
  public var configStorage: StorageClient {
    get { self[ConfigStorageKey.self] }
    set { self[ConfigStorageKey.self] = newValue }
  }
}

extension StorageClient {
  /// The live ``DependencyValues/configStorage`` of a program that has not set one: every use
  /// reports an issue naming the fix, then fails.
  fileprivate static var configUnconfigured: StorageClient {
    @Sendable func unavailable(_ operation: StorageError.Operation, _ name: String) -> StorageError {
      reportIssue(
        "@Dependency(\\.configStorage) has no live implementation, so the settings document \(String(reflecting: name)) "
          + "was not \(operation == .read ? "read" : "saved"). Set it where the program starts: "
          + "'withDependencies { $0.configStorage = .fileSystem(directory: …) }'."
      )
      return .fileSystem(operation: operation, path: name, code: ENOSYS)
    }
    return StorageClient(
      backend: Backend(
        load: { name throws(StorageError) in throw unavailable(.read, name) },
        save: { _, name throws(StorageError) in throw unavailable(.replace, name) },
        remove: { name throws(StorageError) in throw unavailable(.replace, name) },
        tryLock: { name, _ throws(StorageError) in throw unavailable(.lock, name) },
        lockFile: { _ in nil }
      )
    )
  }
}
