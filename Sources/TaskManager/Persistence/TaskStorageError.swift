import Dependencies
import Foundation

/// Why the task list could not be loaded or saved: the storage failed, or the stored document
/// is damaged.
///
/// ```swift
/// do { outline = try TaskDocumentStorage(storage: storage).load() }
/// catch { print(error) }
/// // The task document "tasks.taskman" cannot be read: line 7: invalid id "xyz". …
/// ```
public enum TaskStorageError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
  /// The storage could not read, write or lock the document.
  case storage(StorageError)
  /// The document `document` exists but is not a readable task document.
  case damaged(document: String, TaskDocumentError)

  /// A sentence that names the document and, when damaged, the line and the problem.
  public var description: String {
    switch self {
    case let .storage(error):
      return error.description
    case let .damaged(document, error):
      return """
        The task document \(String(reflecting: document)) cannot be read: \(error). It was left \
        untouched; fix that line, or restore the document from its backup, and try again.
        """
    }
  }

  /// The same as ``description``.
  public var errorDescription: String? { description }
}
