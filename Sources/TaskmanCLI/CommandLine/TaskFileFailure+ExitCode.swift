#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dependencies
import Foundation
import TaskManager

extension TaskmanError {
  /// What a ``TaskFileFailure`` of the task file `app` holds tells the person, and the exit
  /// status it ends with: the one place the session's outcomes become exit statuses.
  ///
  /// | failure | exit |
  /// |---|---|
  /// | `refused` (a change the list refused) | 2, with `hint` |
  /// | `historyRefused` (nothing to undo, redo or skip; a step that cannot be taken) | 1, with `hint` |
  /// | `damaged`, `unreadable`, `notLoaded` (the file cannot be read) | 3 |
  /// | `lockFailed`, `lockInterrupted` (the lock cannot be taken) | 3 |
  /// | `metAnotherProgramsChange`, `saveFailed` (the save wrote nothing) | 3 |
  /// | `locked` (another taskman held the lock too long) | 4 |
  @MainActor
  init(_ failure: TaskFileFailure, in app: AppStore, hint: String? = nil) {
    let path = app.dataFilePath
    switch failure {
    case let .refused(message):
      self = .usage(message, hint: hint)
    case let .historyRefused(message):
      self = .nothingMatched(message, hint: hint)
    case let .damaged(problem):
      // The backup is named only where there is one: a file taskman never changed has none.
      let backup = FileManager.default.fileExists(atPath: app.backupPath) ? app.backupPath : nil
      self = .dataFileUnreadable(path: path, line: problem.line, reason: problem.problem.description, backup: backup)
    case let .unreadable(.fileSystem(_, path, code)):
      self = .dataFileUnreadable(path: path, reason: TaskmanError.reason(errno: code), backup: nil)
    case let .unreadable(error):
      self = .dataFileUnreadable(path: path, reason: error.description, backup: nil)
    case .notLoaded:
      self = .dataFileUnreadable(path: path, reason: "the task list did not load", backup: nil)
    case let .metAnotherProgramsChange(message), let .saveFailed(message):
      self = TaskmanError(.dataFileUnreadable, message, hint: "The task file \(path) was left as it was before this command.")
    case let .locked(timeout):
      self = .lockTimeout(path: path, timeout: timeout)
    case let .lockInterrupted(reason):
      self = TaskmanError(.dataFileUnreadable, "cannot lock the task file \(path): \(reason)")
    case let .lockFailed(error):
      if case .fileSystem(_, _, let code) = error, code == EACCES || code == EPERM,
        let (directory, owner) = app.file.stateDirectoryOwned()
      {
        self = TaskmanError(
          .dataFileUnreadable,
          "cannot lock the task file \(path): \(directory) belongs to \(owner)",
          hint: "A taskman run as another user (with sudo, say) made it. Give it back with: sudo chown -R \"$(id -un)\" \(AppStore.shellQuoted(directory))"
        )
      } else {
        self = TaskmanError(
          .dataFileUnreadable,
          "cannot lock the task file \(path): \(error.description)",
          hint: "Check that the data directory \(app.file.dataDirectory) is writable, or choose another with --data-dir or TASKMAN_DATA_DIR."
        )
      }
    }
  }
}
