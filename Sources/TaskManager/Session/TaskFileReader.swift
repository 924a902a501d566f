import Dependencies
import Foundation

/// How a ``TaskFileSession`` reads the task file from storage: the one place a program can
/// tune the read (a thread of its own, its heap) without the session knowing how.
///
/// ``direct`` reads on the calling thread. A reader must call `meanwhile` exactly once, before
/// it returns: the session makes its store there, so that a reader that parses on another
/// thread overlaps the two.
public struct TaskFileReader: Sendable {
  /// What to read.
  public struct Request: Sendable {
    /// Where the file, its ids and its journal are kept.
    public var storage: StorageClient
    /// Whether the undo journal is read too: for a change, not for a read-only command.
    public var withJournal: Bool
    /// When the read happens: lines seen for the first time are recorded as first seen then.
    public var now: Date

    /// A request to read from `storage`.
    public init(storage: StorageClient, withJournal: Bool, now: Date) {
      self.storage = storage
      self.withJournal = withJournal
      self.now = now
    }
  }

  /// Reads the list `request` asks for, calling `meanwhile` once while it does.
  public var read: @MainActor @Sendable (_ request: Request, _ meanwhile: () -> Void) -> Result<StoredTaskList, TaskStorageError>

  /// A reader that reads with `read`.
  public init(read: @escaping @MainActor @Sendable (_ request: Request, _ meanwhile: () -> Void) -> Result<StoredTaskList, TaskStorageError>) {
    self.read = read
  }

  /// Reads with ``TaskFile/load(from:withJournal:now:)`` on the calling thread, after
  /// `meanwhile`.
  public static let direct = TaskFileReader { request, meanwhile in
    meanwhile()
    return Result { () throws(TaskStorageError) in
      try TaskFile.load(from: request.storage, withJournal: request.withJournal, now: request.now)
    }
  }
}
