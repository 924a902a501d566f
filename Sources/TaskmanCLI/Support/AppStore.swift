#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Composable
import Dependencies
import Foundation
import Storage
import TaskManager

/// The task file a run of `taskman` (or a whole `taskman shell`) works on: TaskManager's
/// ``TaskFileSession`` over it, with what is the executable's own around it: the file's path
/// and state directory, the tuned read (``TaskFileReader/tuned(fileAt:)``), effects on the main
/// queue, the warnings a load gives on standard error, and the exit status of each
/// ``TaskFileFailure`` (``TaskmanError/init(_:in:hint:)``).
///
/// Commands change tasks only by sending actions, and print only what the state says. Each
/// command runs inside ``withLoadedTasks(readOnly:_:)``, which holds the file's lock across the
/// whole read-modify-write (a shared lock for commands that only read):
///
/// ```swift
/// let app = try context.appStore()
/// return try await app.withLoadedTasks { () throws(TaskmanError) in
///   try await app.change(.markDone(ids: [id]))
///   return .success
/// }
/// ```
@MainActor
final class AppStore {
  /// The session: lock, load, change, save.
  let session: TaskFileSession
  let file: TaskFileLocation

  /// Where a load's warnings go: standard error.
  let errors: TextOutput
  /// Where commands print: only read, to know whether a command said anything yet.
  let output: TextOutput
  /// Whether a load that finds the journal's last step missing from the file says so on
  /// standard error; `undo` and `redo`, which say it in their own words, turn it off.
  var announcesStepNotInFile = true
  /// The other files of a set of several (see ``TaskFileSet``), as last read: their items'
  /// ids join this file's in ``shortIDs()``, so short ids are unique across the set. Empty
  /// for one file.
  var otherFiles: [TaskFileSet.OtherFile] = []

  /// How many times a change is made again on the file as another program left it, when that
  /// program saved it while the change was being made, before the command gives up.
  static let attemptsAtAChange = TaskFileSession.attemptsAtAChange

  /// A store over `file`, with live ids, dates and time zone, warning on `errors`; the
  /// settings tab of `taskman ui` keeps the config file in `configStorage`.
  init(file: TaskFileLocation, lockTimeout: Duration, output: TextOutput, errors: TextOutput, configStorage: StorageClient? = nil) {
    self.output = output
    self.errors = errors
    let storage = StorageClient.fileSystem(
      directory: URL(fileURLWithPath: file.stateDirectory, isDirectory: true),
      files: [TaskFile.documentName: URL(fileURLWithPath: file.path)],
      // The ids and the journal are taskman's own and rebuilt or started anew when lost.
      backups: .only([TaskFile.documentName]),
      // Read and written only under the file's lock (every command takes it).
      recycling: [TaskFile.indexName, TaskFile.journalName],
      // The backup a change replaces is deleted by the next change, while it reads the file.
      retiringBackups: true
    )
    session = TaskFileSession(
      storage: storage, lockTimeout: lockTimeout, date: .live, effectsOn: MainQueueExecutor(),
      reader: .tuned(fileAt: file.path)
    ) {
      $0.uuid = .live
      // The current time zone takes a while to load: done while the file is read.
      $0.timeZone = .current
      if let configStorage { $0.configStorage = configStorage }
    }
    // A change is made again only while the command has said nothing a new attempt would repeat.
    session.saidSoFar = { output.byteCount + errors.byteCount }
    self.file = file
  }

  /// The store the commands drive.
  var store: StoreOf<AppFeature> { session.store }
  /// Where the file, its ids and its journal are kept.
  var storage: StorageClient { session.storage }
  /// How long to wait for another `taskman` to release the file.
  var lockTimeout: Duration { session.lockTimeout }

  /// The full path of the task file, as given.
  var dataFilePath: String { file.path }

  /// The task list's state.
  var state: TaskList.State { session.state }

  /// Sends a task list action.
  @discardableResult
  func send(_ action: TaskList.Action) -> StoreTask {
    session.send(action)
  }

  /// Today, by the store's `date` and `timeZone` dependencies.
  var today: TaskDate.Day { session.today }

  // MARK: - Running a command

  /// Takes the file's lock (exit 4 after ``lockTimeout``), reloads the list (exit 3 when it
  /// cannot be read, leaving the file untouched), runs `body`, and waits for every effect
  /// (saves) before the lock is released; see
  /// ``TaskFileSession/withLoadedList(readOnly:failure:beforeLoad:_:)``, which makes `body` again
  /// when another program's save met the change.
  ///
  /// With `readOnly`, the lock is shared with other readers (and taken only where it can be:
  /// on a read-only file system there is none) and the undo journal is not read.
  func withLoadedTasks<R>(
    readOnly: Bool = false,
    _ body: () async throws(TaskmanError) -> R
  ) async throws(TaskmanError) -> R {
    try await session.withLoadedList(
      readOnly: readOnly,
      failure: { failure in TaskmanError(failure, in: self) },
      // Looked at again under the lock: a link planted since the command started is not read
      // through either.
      beforeLoad: { () throws(TaskmanError) in try file.checkStateDirectories() }
    ) { () throws(TaskmanError) in
      try afterLoad(readOnly: readOnly)
      return try await body()
    }
  }

  /// What a load says on standard error, and the damaged journal it sets aside, for a change.
  private func afterLoad(readOnly: Bool) throws(TaskmanError) {
    // The journal is read for a change only, under the exclusive lock.
    guard !readOnly else { return }
    if state.journalProblem != nil { try setAsideDamagedJournal() }
    if announcesStepNotInFile, let step = state.journalStepNotInFile {
      errors.write(
        "taskman: \(TextStyle.printable(step)) is not in the file (it was reverted by hand, or taskman was stopped before saving it); it was taken out of the undo history.\n"
      )
    }
  }

  /// Sends `action` and waits for its save: see ``TaskFileSession/change(_:)``. A refusal is
  /// exit 2 (1 for the undo history's), with `hint`, worked out only then.
  func change(_ action: TaskList.Action, hint: @autoclosure () -> String? = nil) async throws(TaskmanError) {
    do {
      try await session.change(action)
    } catch {
      throw TaskmanError(error, in: self, hint: hint())
    }
  }

  /// Why the newest change in effect cannot be undone now (its entry cannot be read, or the
  /// file no longer holds what it changed), or nil when it can, or there is none.
  private func newestChangeThatCannotBeUndone(in journal: TaskJournal) -> String? {
    guard let record = journal.undoable else { return nil }
    let entry: TaskJournal.Entry
    do {
      entry = try TaskFile.loadEntry(of: record, from: storage)
    } catch {
      return "the newest change, “\(record.description)”, cannot be read (\(error))"
    }
    var items = state.tasks.elements
    do {
      _ = try entry.apply(.undo, to: &items)
      return nil
    } catch {
      return "the newest change, “\(record.description)”, cannot be undone: “\(error.line)” \(error.reason)"
    }
  }

  /// The name a damaged journal is set aside under, in the state directory, before the time
  /// stamp: `tasks.journal.damaged-20261128T183000Z` (its entries of their own beside it, as
  /// `….<serial>`).
  static let damagedJournalPrefix = TaskFile.journalName + ".damaged-"

  /// A journal whose bytes cannot be read (bytes appended to it, say) is set aside, as it was,
  /// rather than written over by the change's new journal, with the entries of their own it
  /// names; said once on standard error (the next load finds the new journal) and reported by
  /// `doctor` until it is removed. Something else in its place (a directory) is left where it
  /// is: the save then fails on it, writing over nothing.
  ///
  /// - Throws: when the journal cannot be set aside: the change would write over it.
  private func setAsideDamagedJournal() throws(TaskmanError) {
    guard let head = (try? storage.load(TaskFile.journalName)) ?? nil else { return }
    let problem: String
    do {
      _ = try TaskJournal(decoding: head)
      return
    } catch {
      problem = "\(error)"
    }
    let directory = file.stateDirectory
    let journal = directory + "/" + TaskFile.journalName
    var time = time_t(DateGenerator.live.now.timeIntervalSince1970)
    var parts = tm()
    gmtime_r(&time, &parts)
    let stamp = String(
      format: "%04d%02d%02dT%02d%02d%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec
    )
    var name = Self.damagedJournalPrefix + stamp
    var attempt = 2
    while FileManager.default.fileExists(atPath: directory + "/" + name) {
      name = Self.damagedJournalPrefix + stamp + "-\(attempt)"
      attempt += 1
    }
    let aside = directory + "/" + name
    guard rename(journal, aside) == 0 else {
      throw TaskmanError(
        .dataFileUnreadable,
        "the undo journal \(journal) cannot be read (\(problem)), nor set aside: \(TaskmanError.reason(errno: errno)); nothing was changed",
        hint: "Move it out of the way by hand; taskman then starts a new one."
      )
    }
    // Its entries of their own go with it: the new journal's would write over them.
    let entryPrefix = TaskFile.journalName + "."
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    where entry.hasPrefix(entryPrefix) && Int(entry.dropFirst(entryPrefix.count)) != nil {
      _ = rename(directory + "/" + entry, aside + "." + entry.dropFirst(entryPrefix.count))
    }
    errors.write(
      "taskman: the undo journal \(TextStyle.printable(journal)) cannot be read (\(TextStyle.printable(problem))); it is set aside, as it was, as \(TextStyle.printable(aside)); a new one is started, and the changes recorded in it can no longer be undone.\n"
    )
  }

  /// The journals set aside as damaged (see ``setAsideDamagedJournal()``), by path, oldest first.
  private var damagedJournals: [String] {
    let directory = file.stateDirectory
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasPrefix(Self.damagedJournalPrefix) && !$0.dropFirst(Self.damagedJournalPrefix.count).contains(".") }
      .sorted().map { directory + "/" + $0 }
  }

  /// What `taskman doctor` says about the ids and the undo journal kept beside the file.
  /// `undoNeedsAttention` when its undo history is lost or stuck: the journal cannot be read,
  /// names items by ids that are gone, or its newest change cannot be undone.
  func bookkeepingHealth() -> (notes: [String], undoNeedsAttention: Bool) {
    var notes: [String] = []
    var undoNeedsAttention = false
    let indexIsCurrent = TaskFile.indexIsCurrent((try? storage.load(TaskFile.indexName)) ?? nil, for: state.source)
    switch indexIsCurrent {
    case true?: notes.append("ids: kept beside the file, up to date")
    case false?: notes.append("ids: the file was edited elsewhere since taskman's last change; its lines were matched again (the next change records them)")
    case nil: notes.append("ids: none kept yet; they are derived from the text until taskman's first change")
    }
    do {
      if let head = try storage.load(TaskFile.journalName) {
        let journal = try TaskJournal(decoding: head)
        let redo = journal.records.count - journal.applied
        if indexIsCurrent == nil, !journal.records.isEmpty, state.source.lineCount > 0 {
          // As loading for a change finds (`TaskFile.load`): the changes name items by ids that are gone.
          notes[0] = "ids: missing or unreadable (\(TaskFile.indexName) in the state directory); derived from the text again"
          notes.append(
            "undo: \(journal.records.count) \(journal.records.count == 1 ? "change" : "changes") recorded, but the ids they name are gone, so none can be undone; taskman's next change starts the journal anew"
          )
          undoNeedsAttention = true
        } else {
          notes.append("undo: \(journal.applied) \(journal.applied == 1 ? "change" : "changes") to undo, \(redo) to redo")
          // Undo goes back one change at a time: one it cannot take keeps every older one too.
          if let blocked = newestChangeThatCannotBeUndone(in: journal) {
            notes.append("undo: \(blocked); the changes before it cannot be undone either until it can (restore that line by hand, or drop it with 'taskman undo --skip')")
            undoNeedsAttention = true
          }
        }
      } else {
        notes.append("undo: no changes recorded yet")
      }
    } catch let error as StorageError {
      // Not its text: what is in its place (a directory, a file taskman may not read), which a
      // change does not write over either.
      notes.append(
        "undo: the journal cannot be read (\(error)); remove or fix \(file.stateDirectory)/\(TaskFile.journalName) by hand, and taskman's next change starts it anew"
      )
      undoNeedsAttention = true
    } catch {
      notes.append("undo: the journal cannot be read (\(error)); taskman's next change sets it aside, as it is, and starts a new one")
      undoNeedsAttention = true
    }
    for aside in damagedJournals {
      notes.append("undo: a damaged journal was set aside as \(aside); the changes in it cannot be undone (remove it once you no longer need it)")
      undoNeedsAttention = true
    }
    return (notes, undoNeedsAttention)
  }

  /// Where the version of the file before taskman's last change is kept.
  var backupPath: String { file.stateDirectory + "/" + TaskFile.documentName + ".bak" }

  /// `text` as one word of a POSIX shell command line: in single quotes where it needs any.
  nonisolated static func shellQuoted(_ text: String) -> String {
    let plain = text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "/._-+:@%,=".unicodeScalars.contains($0)) }
    if plain && !text.isEmpty { return text }
    return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// Waits until no effect of the store runs (see ``TaskFileSession/finishEffects()``).
  func waitForEffects() async {
    await session.finishEffects()
  }

  /// Waits for the effects of a change (its save) and fails with exit 3 when the save failed.
  ///
  /// Call it only after an action that clears the list's error message when it changes
  /// something, so a message left from an earlier shell command is not taken for a failure.
  func finishChanges() async throws(TaskmanError) {
    do {
      try await session.save()
    } catch {
      throw TaskmanError(error, in: self)
    }
  }
}
