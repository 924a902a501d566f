import Dependencies

/// Why a ``TaskFileSession`` did not do what it was asked: the file's lock, its load, a change
/// the list refused, or the save. Nothing was written over the file in any case.
///
/// A program maps each case to what it tells the person (`taskman` to an exit status, in one
/// place); ``description`` words it for one that has nothing better.
public enum TaskFileFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// Another holder kept the file's lock for longer than the session waits (its `lockTimeout`).
  case locked(timeout: Duration)
  /// The lock could not be taken: storage could not make or use it.
  case lockFailed(StorageError)
  /// Waiting for the lock was given up (the task was cancelled).
  case lockInterrupted(String)
  /// The file's text is not a task list (not UTF-8): the line and the problem.
  case damaged(TaskDocumentError)
  /// The file could not be read from storage.
  case unreadable(StorageError)
  /// Nothing answered the load: the list is still not loaded.
  case notLoaded
  /// The list refused the change (a bad tag, a line that would not read back, an item that
  /// cannot go there); nothing changed. The list's message says why.
  case refused(String)
  /// Undo, redo or skipping an undo found nothing to step over, or could not take the step;
  /// the list's message says why. Nothing changed.
  case historyRefused(String)
  /// The save was refused because another program saved the file after it was read: nothing
  /// was written over that program's change, and the change may be made again on the file as
  /// it is now. The list's message says so.
  case metAnotherProgramsChange(String)
  /// The save failed; the list's message says why.
  case saveFailed(String)

  /// The failure in words: the list's own message where it has one.
  public var description: String {
    switch self {
    case let .locked(timeout): "the task file stayed locked by another holder for longer than \(timeout)"
    case let .lockFailed(error): "cannot lock the task file: \(error.description)"
    case let .lockInterrupted(reason): "cannot lock the task file: \(reason)"
    case let .damaged(problem): problem.description
    case let .unreadable(error): error.description
    case .notLoaded: "the task list did not load"
    case let .refused(message), let .historyRefused(message), let .metAnotherProgramsChange(message),
      let .saveFailed(message):
      message
    }
  }
}
