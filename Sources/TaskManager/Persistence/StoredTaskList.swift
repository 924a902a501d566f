import Dependencies
import Foundation

/// What the task document holds: the outline and its undo history.
public struct StoredTaskList: Equatable, Sendable {
  /// Every item, with its id.
  public var outline: Outline
  /// The changes `undo` can revert.
  public var history: TaskHistory

  /// Creates a stored list.
  public init(outline: Outline = Outline(), history: TaskHistory = TaskHistory()) {
    self.outline = outline
    self.history = history
  }

  /// Loads the list from the ``TaskDocument/defaultName`` document of `storage`; an absent
  /// document is an empty list.
  ///
  /// - Throws: ``TaskStorageError/damaged(document:_:)`` for a document that cannot be decoded
  ///   (it is left as it is), ``TaskStorageError/storage(_:)`` when it cannot be read.
  public static func load(from storage: StorageClient, name: String = TaskDocument.defaultName) throws(TaskStorageError) -> Self {
    let data: Data?
    do { data = try storage.load(name) } catch { throw .storage(error) }
    guard let data else { return StoredTaskList() }
    do {
      let (outline, history) = try TaskDocument.decodeWithHistory(data)
      return StoredTaskList(outline: outline, history: history)
    } catch {
      throw .damaged(document: name, error)
    }
  }
}
