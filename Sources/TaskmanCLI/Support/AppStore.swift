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
import TaskmanSystem

/// The one `Store` of `AppFeature` that a run of `taskman` (or a whole `taskman shell`) drives,
/// with the task file it loads from and saves to.
///
/// Commands change tasks only by sending actions, and print only what the state says. Each
/// command runs inside ``withLoadedTasks(readOnly:_:)``, which holds the file's lock across the
/// whole read-modify-write (a shared lock for commands that only read):
///
/// ```swift
/// let app = try context.appStore()
/// return try await app.withLoadedTasks { () throws(TaskmanError) in
///   app.send(.markDone(ids: [id]))
///   try await app.finishChanges()
///   return .success
/// }
/// ```
@MainActor
final class AppStore {
  /// The store, made when first used: the first command starts reading the file on another
  /// thread before making it (see ``load(readOnly:)``).
  private(set) lazy var store: StoreOf<AppFeature> = {
    let dependencies = self.dependencies
    return Store(initialState: AppFeature.State(), effectsOn: MainQueueExecutor()) {
      AppFeature()
    } withDependencies: {
      $0 = dependencies
    }
  }()
  let storage: StorageClient
  let file: TaskFileLocation
  /// How long to wait for another `taskman` to release the file.
  let lockTimeout: Duration
  /// The store's dependencies, made with it (the current time zone takes a while to load).
  private lazy var dependencies: DependencyValues = {
    var dependencies = DependencyValues.current
    // Set explicitly: a store made inside a test process would otherwise get test values.
    dependencies.storage = storage
    dependencies.uuid = .live
    dependencies.date = .live
    dependencies.timeZone = .current
    return dependencies
  }()

  /// Where a load's warnings go: standard error.
  let errors: TextOutput
  /// Where commands print: only read, to know whether a command said anything yet.
  let output: TextOutput
  /// Whether a load that finds the journal's last step missing from the file says so on
  /// standard error; `undo` and `redo`, which say it in their own words, turn it off.
  var announcesStepNotInFile = true

  /// How many times a change is made again on the file as another program left it, when that
  /// program saved it while the change was being made, before the command gives up.
  static let attemptsAtAChange = 8

  /// A store over `file`, with live ids, dates and time zone, warning on `errors`.
  init(file: TaskFileLocation, lockTimeout: Duration, output: TextOutput, errors: TextOutput) {
    self.output = output
    self.errors = errors
    storage = StorageClient.fileSystem(
      directory: URL(fileURLWithPath: file.stateDirectory, isDirectory: true),
      files: [TaskFile.documentName: URL(fileURLWithPath: file.path)],
      // The ids and the journal are taskman's own and rebuilt or started anew when lost.
      backups: .only([TaskFile.documentName]),
      // Read and written only under the file's lock (every command takes it).
      recycling: [TaskFile.indexName, TaskFile.journalName],
      // The backup a change replaces is deleted by the next change, while it reads the file.
      retiringBackups: true
    )
    self.file = file
    self.lockTimeout = lockTimeout
  }

  /// The full path of the task file, as given.
  var dataFilePath: String { file.path }

  /// The task list's state.
  var state: TaskList.State { store.state.taskList }

  /// Sends a task list action.
  @discardableResult
  func send(_ action: TaskList.Action) -> StoreTask {
    store.send(.taskList(action))
  }

  /// Today, by the store's `date` and `timeZone` dependencies.
  var today: TaskDate.Day {
    TaskDate.Point(dependencies.date.now, in: dependencies.timeZone, includingTime: false).day
  }

  // MARK: - Running a command

  /// Takes the file's lock (exit 4 after ``lockTimeout``), reloads the list (exit 3 when it
  /// cannot be read, leaving the file untouched), runs `body`, and waits for every effect
  /// (saves) before the lock is released. When another program saved the file meanwhile (it
  /// takes no lock), the save writes nothing over it and `body` runs again on the file as it
  /// is now, up to ``attemptsAtAChange`` times in all, unless it printed or asked something.
  ///
  /// With `readOnly`, the lock is shared with other readers (and taken only where it can be:
  /// on a read-only file system there is none) and the undo journal is not read.
  func withLoadedTasks<R>(
    readOnly: Bool = false,
    _ body: () async throws(TaskmanError) -> R
  ) async throws(TaskmanError) -> R {
    let result: Result<R, TaskmanError>
    func run() async -> Result<R, TaskmanError> {
      let outcome: Result<R, TaskmanError>
      do throws(TaskmanError) {
        // Looked at again under the lock: a link planted since the command started is not
        // read through either.
        try self.file.checkStateDirectories()
        try await self.load(readOnly: readOnly)
        outcome = .success(try await body())
      } catch {
        outcome = .failure(error)
      }
      // Nothing may still be writing once the lock is released.
      await self.waitForEffects()
      return outcome
    }
    /// A change is made again on the file as it is now, while another program's save (which
    /// takes no lock) made the last attempt's save refuse to write over it, and the command has
    /// said nothing yet (asked nothing, printed nothing) that a new attempt would repeat.
    func runAgainAfterAnotherProgramsChanges() async -> Result<R, TaskmanError> {
      var attempt = 1
      while true {
        let said = (output.byteCount, errors.byteCount)
        let outcome = await run()
        guard case .failure = outcome, state.saveMetAnotherProgramsChange, attempt < Self.attemptsAtAChange,
          said == (output.byteCount, errors.byteCount)
        else { return outcome }
        attempt += 1
      }
    }
    do {
      if readOnly {
        result = try await storage.withSharedAccess(to: TaskFile.documentName, timeout: lockTimeout) { await run() }
      } else {
        result = try await storage.withExclusiveAccess(to: TaskFile.documentName, timeout: lockTimeout) { _ in
          await runAgainAfterAnotherProgramsChanges()
        }
      }
    } catch let error as StorageError {
      throw lockError(error)
    } catch {
      throw TaskmanError(.dataFileUnreadable, "cannot lock the task file \(dataFilePath): \(error)")
    }
    return try result.get()
  }

  /// Reloads the list: other processes may have changed the file since the last command.
  ///
  /// Does what the list's `.load` and `.loadForReading` do, reading the file on a thread of its
  /// own, and meanwhile makes the store on this one if this is its first command: on a second
  /// core the two overlap.
  private func load(readOnly: Bool) async throws(TaskmanError) {
    let storage = self.storage
    let now = DateGenerator.live.now
    // The ids and the journal: read here while the file is parsed, unless the parse needs them
    // before this thread gets to them.
    let bookkeeping = SharedWork { TaskFile.loadBookkeeping(from: storage, withJournal: !readOnly) }
    let reading = ThreadedWork {
      Result { () throws(TaskStorageError) in try TaskFile.load(from: storage, now: now) { bookkeeping.value() } }
    }
    // Until the file is read, this thread has only the bookkeeping to read and the store to
    // make. Meanwhile it faults in the heap the reading thread is about to take, so that the
    // kernel zeroes those pages here rather than in the middle of the parse: the first pages,
    // then (bookkeeping and store done) more as the reading thread goes on, up to 8 MiB ahead of
    // what is allocated and no more than the command takes: at 10,000 and 100,000 tasks, the
    // parse takes less than seven times the file's size and the writing of a change two more, so
    // that peak memory stays what it was. (The size is capped so that no sparse file of exabytes
    // overflows the sum.)
    let heapLimit = taskman_heap_frontier() + 9 * UInt(min(Self.fileSize(at: dataFilePath), 1 << 40))
    var prefaulted: UInt = 0
    // Until no step can do more: waiting is then the only thing left to do.
    var prefaultingIsOver = false
    func prefault() -> Bool {
      guard !prefaultingIsOver else { return false }
      var exhausted: Int32 = 0
      let next = taskman_prefault_heap_step(prefaulted, 8 << 20, heapLimit, &exhausted)
      prefaultingIsOver = exhausted != 0
      defer { prefaulted = next }
      return next != prefaulted
    }
    for _ in 0..<2 {
      if !prefault() { break }
    }
    _ = bookkeeping.value()
    _ = store
    var loaded = reading.finishedValue
    // The backup the last change replaced is deleted while the file is still being read, rather
    // than by the next change's save, where the disk's time for it would add to the command's.
    if loaded == nil, !readOnly {
      storage.removeRetiredBackup(of: TaskFile.documentName)
    }
    while loaded == nil {
      if prefault() {
        loaded = reading.finishedValue
      } else if prefaultingIsOver {
        loaded = reading.wait()
      } else {
        // The parse has yet to reach the pages faulted in: a step takes the heap's lock, which
        // the parse needs at every allocation, so not too often.
        loaded = reading.wait(upTo: 0.000_5)
      }
    }
    await send(.loadResponse(loaded!)).finish()
    switch state.loadStatus {
    case .loaded:
      // The journal is read for a change only, under the exclusive lock.
      if !readOnly, state.journalProblem != nil { try setAsideDamagedJournal() }
      if !readOnly, announcesStepNotInFile, let step = state.journalStepNotInFile {
        errors.write(
          "taskman: \(TextStyle.printable(step)) is not in the file (it was reverted by hand, or taskman was stopped before saving it); it was taken out of the undo history.\n"
        )
      }
      return
    case .failed(.damaged(_, let problem)):
      // The backup is named only where there is one: a file taskman never changed has none.
      let backup = FileManager.default.fileExists(atPath: backupPath) ? backupPath : nil
      throw .dataFileUnreadable(path: dataFilePath, line: problem.line, reason: problem.problem.description, backup: backup)
    case .failed(.storage(.fileSystem(_, let path, let code))):
      throw .dataFileUnreadable(path: path, reason: TaskmanError.reason(errno: code), backup: nil)
    case .failed(.storage(let error)):
      throw .dataFileUnreadable(path: dataFilePath, reason: error.description, backup: nil)
    case .notLoaded:
      throw .dataFileUnreadable(path: dataFilePath, reason: "the task list did not load", backup: nil)
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

  /// The size of the file at `path` (links followed), 0 when there is none.
  private static func fileSize(at path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? max(0, Int(info.st_size)) : 0
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

  private func lockError(_ error: StorageError) -> TaskmanError {
    switch error {
    case .lockTimeout:
      return .lockTimeout(path: dataFilePath, timeout: lockTimeout)
    default:
      if case .fileSystem(_, _, let code) = error, code == EACCES || code == EPERM,
        let (directory, owner) = file.stateDirectoryOwned()
      {
        return TaskmanError(
          .dataFileUnreadable,
          "cannot lock the task file \(dataFilePath): \(directory) belongs to \(owner)",
          hint: "A taskman run as another user (with sudo, say) made it. Give it back with: sudo chown -R \"$(id -un)\" \(Self.shellQuoted(directory))"
        )
      }
      return TaskmanError(
        .dataFileUnreadable,
        "cannot lock the task file \(dataFilePath): \(error.description)",
        hint: "Check that the data directory \(file.dataDirectory) is writable, or choose another with --data-dir or TASKMAN_DATA_DIR."
      )
    }
  }

  /// Waits until no effect of the store runs.
  ///
  /// With `MainQueueExecutor` as the task's executor preference while it waits: the end of an
  /// effect's task wakes whoever waits for it on that one's preferred executor, else on the
  /// global executor, whose pool of threads a command would start for that alone (0.8 ms of an
  /// `add` at 10,000 tasks). The command's task has no preference otherwise (see
  /// ``Taskman/runAndExit()``).
  ///
  /// When no effect runs it returns at once: even with nothing to wait for, taking the
  /// preference costs seven trips through the main queue.
  func waitForEffects() async {
    guard store.mayHaveRunningEffects else { return }
    await withTaskExecutorPreference(MainQueueExecutor()) { await store.finishEffects() }
  }

  /// Waits for the effects of a change (its save) and fails with exit 3 when the save failed.
  ///
  /// Call it only after an action that clears the list's error message when it changes
  /// something, so a message left from an earlier shell command is not taken for a failure.
  func finishChanges() async throws(TaskmanError) {
    await waitForEffects()
    if let message = state.errorMessage {
      throw TaskmanError(
        .dataFileUnreadable, message,
        hint: "The task file \(dataFilePath) was left as it was before this command."
      )
    }
  }
}
