import Dependencies
import Foundation

/// Loads and saves the task list as a ``TaskDocument`` through a `StorageClient` (normally the
/// `storage` dependency).
///
/// An absent document is an empty list; a damaged one is an error, never an empty list that a
/// later save would write over the user's tasks.
///
/// ```swift
/// @Dependency(\.storage) var storage
///
/// let tasks = TaskDocumentStorage(storage: storage)
/// var outline = try tasks.load()
/// outline.items.append(item)
/// try tasks.save(outline)
///
/// // Read, change and write without losing another process's change made in between:
/// try tasks.update(timeout: .seconds(2)) { outline in outline.items.append(item) }
/// ```
public struct TaskDocumentStorage: Sendable {
  /// Where the document is kept.
  public var storage: StorageClient
  /// The document's name in `storage`.
  public var name: String

  /// Keeps the task list in `storage` under `name` (`tasks.taskman` unless told otherwise).
  public init(storage: StorageClient, name: String = TaskDocument.defaultName) {
    self.storage = storage
    self.name = name
  }

  /// The stored task list, or an empty one when there is no document yet.
  ///
  /// - Throws: ``TaskStorageError/damaged(document:_:)`` when the document cannot be decoded,
  ///   ``TaskStorageError/storage(_:)`` when it cannot be read.
  public func load() throws(TaskStorageError) -> Outline {
    let data: Data?
    do { data = try storage.load(name) } catch { throw .storage(error) }
    return try decode(data)
  }

  /// Replaces the stored task list with `outline`.
  ///
  /// - Throws: ``TaskStorageError/storage(_:)`` when the document cannot be written.
  public func save(_ outline: Outline) throws(TaskStorageError) {
    do { try storage.save(TaskDocument.encode(outline), name) } catch { throw .storage(error) }
  }

  /// Loads the task list, lets `body` change it, and saves it if `body` returns, all while
  /// holding the document's lock, so concurrent updates (other processes included) never
  /// lose each other's changes.
  ///
  /// Nothing is saved when loading fails or `body` throws.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for another holder of the lock.
  ///   - body: Changes the outline; its result is returned.
  /// - Throws: ``TaskStorageError`` for a storage failure (a lock timeout included) or a
  ///   damaged document, or whatever `body` throws.
  @discardableResult
  public func update<R>(timeout: Duration, _ body: (inout Outline) throws -> R) throws -> R {
    do {
      return try storage.withExclusiveAccess(to: name, timeout: timeout) { access in
        var outline = try load(from: access)
        let result = try body(&outline)
        try save(outline, to: access)
        return result
      }
    } catch let error as StorageError {
      throw TaskStorageError.storage(error)
    }
  }

  /// The task list through a lock already held with `StorageClient.withExclusiveAccess`, for
  /// callers that keep the lock across more than one load or save.
  public func load(from access: borrowing StorageClient.ExclusiveAccess) throws(TaskStorageError) -> Outline {
    let data: Data?
    do { data = try access.load() } catch { throw .storage(error) }
    return try decode(data)
  }

  /// Saves the task list through a lock already held with `StorageClient.withExclusiveAccess`.
  public func save(_ outline: Outline, to access: borrowing StorageClient.ExclusiveAccess) throws(TaskStorageError) {
    do { try access.save(TaskDocument.encode(outline)) } catch { throw .storage(error) }
  }

  private func decode(_ data: Data?) throws(TaskStorageError) -> Outline {
    guard let data else { return Outline() }
    do { return try TaskDocument.decode(data) } catch { throw .damaged(document: name, error) }
  }
}
