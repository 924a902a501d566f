import Foundation

extension StorageClient {
  /// Loads and saves one document while ``StorageClient/withExclusiveAccess(to:timeout:_:)``
  /// holds its lock.
  ///
  /// It cannot be copied or kept, so it cannot be used after the lock is released.
  public struct ExclusiveAccess: ~Copyable {
    /// The name of the locked document.
    public let name: String
    private let backend: Backend

    init(name: String, backend: Backend) {
      self.name = name
      self.backend = backend
    }

    /// Returns the contents of the document, or nil if it does not exist yet.
    public func load() throws(StorageError) -> Data? {
      try backend.load(name)
    }

    /// Replaces the contents of the document with `data`.
    public func save(_ data: Data) throws(StorageError) {
      try backend.save(data, name)
    }
  }
}
