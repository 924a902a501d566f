import Foundation
import Dependencies
import Storage
import TaskManager

extension CompletionValues {
  /// The items of the task file at `file`, read as a read-only command reads them but
  /// touching nothing: nil when the file cannot be read or is no task list (completion then
  /// offers no values and says nothing).
  ///
  /// Nothing is created or changed: no data or state directory, no lock file, no ids (lines
  /// without stored ids get the ids derived from their text, as for any read), no journal. The
  /// shared lock is taken only when its file exists (a change made it), and waited for briefly:
  /// a completion is not worth a wait, and the file is replaced whole by a save anyway.
  static func read(from file: TaskFileLocation) async -> CompletionValues? {
    guard FileKind.at(file.path) == .file else { return FileKind.at(file.path) == .missing ? CompletionValues(items: []) : nil }
    guard (try? file.checkStateDirectories()) != nil else { return nil }
    let storage = StorageClient.fileSystem(
      directory: URL(fileURLWithPath: file.stateDirectory, isDirectory: true),
      files: [TaskFile.documentName: URL(fileURLWithPath: file.path)],
      backups: .only([TaskFile.documentName]),
      recycling: [TaskFile.indexName, TaskFile.journalName]
    )
    func load() -> CompletionValues? {
      guard let stored = try? TaskFile.load(from: storage, withJournal: false) else { return nil }
      return CompletionValues(items: stored.outline.items)
    }
    let lockFile = POSIX.joined(file.stateDirectory, TaskFile.documentName + ".lock")
    guard FileKind.at(lockFile) == .file else { return load() }
    return try? await storage.withSharedAccess(to: TaskFile.documentName, timeout: .milliseconds(250)) { load() }
  }
}
