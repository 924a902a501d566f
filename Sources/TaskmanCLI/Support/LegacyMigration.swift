import Dependencies
import Foundation
import TaskManager

/// Moves a task list kept by taskman 0.1 (`tasks.taskman` in the data directory, TaskPaper
/// with an `@id` on every line) to the plain TaskPaper file, once: on the first use of the
/// default file, when neither the file nor its ids and journal exist yet (checked under the
/// file's lock, so that commands started together move it exactly once, before any change).
/// Every item, tag and id carries over; taskman 0.1's undo history does not. The old file is
/// left as it was, and one line on standard error says so.
enum LegacyMigration {
  @MainActor
  static func migrateIfNeeded(_ app: AppStore, errors: TextOutput) throws(TaskmanError) {
    let file = app.file
    let legacy = file.dataDirectory + "/" + TaskDocument.defaultName
    guard file.isDefault, FileKind.at(file.path) == .missing, FileKind.at(legacy) != .missing else { return }

    let outline: Outline
    do {
      outline = try TaskDocument.decode(try Data(contentsOf: URL(fileURLWithPath: legacy)))
    } catch let error as TaskDocumentError {
      throw TaskmanError(
        .dataFileUnreadable,
        "cannot move the tasks of taskman 0.1 from \(legacy), line \(error.line), to a TaskPaper file: \(error.problem)",
        hint: FileManager.default.fileExists(atPath: legacy + ".bak")
          ? "Nothing was changed. Fix that line of \(legacy) by hand (or restore it from \(legacy).bak), then run taskman again."
          : "Nothing was changed. Fix that line of \(legacy) by hand, then run taskman again."
      )
    } catch {
      throw .dataFileUnreadable(path: legacy, reason: "\(error.localizedDescription)", backup: nil)
    }

    let moved: Bool
    do {
      moved = try app.storage.withExclusiveAccess(to: TaskFile.documentName, timeout: app.lockTimeout) { access in
        // Decided under the lock, which every change takes: another taskman may have moved the
        // list, or added to a new file, meanwhile. Ids or a journal kept for the file mean it
        // was in use and then removed by its owner: the old list is not brought back.
        guard try access.load() == nil, try app.storage.load(TaskFile.indexName) == nil,
          try app.storage.load(TaskFile.journalName) == nil
        else { return false }
        try TaskFile.store(TaskFile.write(outline.items, over: .empty), journal: TaskJournal(), to: app.storage)
        return true
      }
    } catch let error as StorageError {
      if case .lockTimeout = error { throw .lockTimeout(path: file.path, timeout: app.lockTimeout) }
      throw TaskmanError(.dataFileUnreadable, "cannot move the tasks of taskman 0.1 to \(file.path): \(error)")
    } catch {
      throw TaskmanError(.dataFileUnreadable, "cannot move the tasks of taskman 0.1 to \(file.path): \(error)")
    }
    guard moved else { return }
    let count = outline.itemCount
    errors.write(
      "taskman: moved your \(count) \(count == 1 ? "item" : "items") from \(legacy) to \(file.path), plain TaskPaper from now on; the old file was left as it was\n"
    )
    errors.flush()
  }
}
