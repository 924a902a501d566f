import Dependencies
import Foundation

extension TaskFile {
  /// Loads the task list from `storage`: the file (absent: an empty list), its ids, and with
  /// `withJournal` the undo journal's list of changes (an entry is read when undo or redo
  /// reaches it, with ``loadEntry(of:from:)``).
  ///
  /// A journal that cannot be read is reported in ``StoredTaskList/journalProblem`` and
  /// replaced by an empty one; an index that cannot be read is ignored (ids are then derived
  /// from the text), and the journal, whose changes name items by the lost ids, is replaced by
  /// an empty one too.
  ///
  /// - Throws: ``TaskStorageError/storage(_:)`` when the file cannot be read,
  ///   ``TaskStorageError/damaged(document:_:)`` when it is not UTF-8.
  public static func load(from storage: StorageClient, withJournal: Bool, now: Date? = nil) throws(TaskStorageError) -> StoredTaskList {
    try load(from: storage, now: now) { loadBookkeeping(from: storage, withJournal: withJournal) }
  }

  /// ``load(from:withJournal:now:)``, with what is kept beside the file read by `bookkeeping`
  /// (``loadBookkeeping(from:withJournal:)``, its `withJournal` saying whether the journal is
  /// read), which is called once, when the file's text is split into lines.
  ///
  /// So the bookkeeping can be read by another thread while this one parses the file: in
  /// `taskman`, the main thread reads it while the file is read on a thread of its own, and
  /// `bookkeeping` hands it over, or reads it here if that thread has not begun to.
  public static func load(
    from storage: StorageClient,
    now: Date? = nil,
    bookkeeping: () -> Bookkeeping
  ) throws(TaskStorageError) -> StoredTaskList {
    // Copied out of the data as read, which is then freed: the parse's first allocations take
    // its memory rather than more of the kernel's, which a process must wait for it to zero.
    let bytes: [UInt8]?
    do { bytes = try storage.load(documentName).map { [UInt8]($0) } } catch { throw .storage(error) }
    var stored = StoredTaskList()
    var loaded: Bookkeeping?
    func loadedBookkeeping() -> Bookkeeping {
      if let loaded { return loaded }
      let made = bookkeeping()
      loaded = made
      return made
    }
    if let bytes {
      do {
        (stored.outline, stored.source) = try read(bytes: bytes, now: now) { loadedBookkeeping().index }
      } catch {
        throw .damaged(document: documentName, error)
      }
    }
    let kept = loadedBookkeeping()
    if var journal = kept.journal {
      stored.journalProblem = kept.journalProblem
      if let bytes, journal.lastStep != nil,
        let (earlier, step) = journal.takingBackStepNotInFile(hash: bytes.withUnsafeBytes { FileHash.of($0) })
      {
        journal = earlier
        stored.stepNotInFile = step
      }
      // The journal names items by the ids the index kept: without the index, the ids are
      // derived from the text again, and an item taskman added would no longer be found by
      // undo, which would then wrongly take the change as already reverted.
      if bytes != nil, kept.index.index == nil, !journal.records.isEmpty {
        stored.journalProblem = """
          taskman's ids for this file (\(indexName) in its state directory) were missing or \
          unreadable, so the changes recorded before can no longer be matched to its lines
          """
        journal = TaskJournal(records: [], applied: 0, nextSerial: journal.nextSerial)
      }
      // A journal without its file: undoing an add would find the item gone, take the change
      // as already reverted by hand, and create an empty file.
      if bytes == nil, !journal.records.isEmpty {
        stored.journalProblem = """
          the task file is not there: it was deleted, moved or renamed since taskman last \
          changed it, so the changes recorded for it no longer apply
          """
        journal = TaskJournal(records: [], applied: 0, nextSerial: journal.nextSerial)
      }
      stored.journal = journal
    }
    return stored
  }

  /// What is kept beside a task file, read apart from the file itself: its id index, decoded
  /// and checked, and, for a load that may change the list, the undo journal.
  public struct Bookkeeping: Sendable {
    let index: CheckedIndex
    /// The journal; nil when not asked for.
    let journal: TaskJournal?
    /// Why the journal could not be read (it is then an empty one).
    let journalProblem: String?
  }

  /// Reads what is kept beside the file in `storage`: the id index, and with `withJournal` the
  /// undo journal's list of changes. Never fails: an index that cannot be read is no index (ids
  /// are then derived from the text), and a journal that cannot be read an empty one, with
  /// why (see ``load(from:withJournal:now:)``).
  public static func loadBookkeeping(from storage: StorageClient, withJournal: Bool) -> Bookkeeping {
    let index = CheckedIndex((try? storage.load(indexName)) ?? nil)
    guard withJournal else { return Bookkeeping(index: index, journal: nil, journalProblem: nil) }
    var journal = TaskJournal()
    var problem: String?
    do {
      if let head = try storage.load(journalName) { journal = try TaskJournal(decoding: head) }
    } catch {
      problem = "\(error)"
    }
    return Bookkeeping(index: index, journal: journal, journalProblem: problem)
  }

  /// A stored id index, decoded, and checked for damage (a damaged one is no index) and for
  /// repeated ids.
  struct CheckedIndex: Sendable {
    /// The index, when there is a whole one.
    let index: ItemIndex?
    /// Whether no id is there twice in ``index``.
    let idsAreUnique: Bool

    init(_ data: Data?) {
      index = data.flatMap(ItemIndex.init(decoding:))
      idsAreUnique = index?.idsAreUnique ?? true
    }
  }

  /// The entry of `record`: its stored lines for an inline entry, else its own document.
  ///
  /// - Throws: ``TaskStorageError`` when it is missing or cannot be read.
  public static func loadEntry(of record: TaskJournal.Record, from storage: StorageClient) throws(TaskStorageError) -> TaskJournal.Entry {
    if let entry = record.entry { return entry }
    if record.isInline {
      guard let stored = record.storedEntry else {
        throw .damaged(document: journalName, TaskDocumentError(line: 1, problem: .malformedHistory("change \(record.serial) has no lines")))
      }
      let document = Data(utf8Of: TaskJournal.entryHeader + "\n" + stored.lines)
      do { return try TaskJournal.Entry(decoding: document, description: record.description) } catch {
        // The document's second line is the entry's first.
        throw .damaged(document: journalName, TaskDocumentError(line: stored.firstLine + error.line - 2, problem: error.problem))
      }
    }
    let name = TaskJournal.entryName(record.serial)
    let data: Data?
    do { data = try storage.load(name) } catch { throw .storage(error) }
    guard let data else {
      throw .damaged(document: name, TaskDocumentError(line: 1, problem: .malformedHistory("the document is missing")))
    }
    do { return try TaskJournal.Entry(decoding: data, description: record.description) } catch {
      throw .damaged(document: name, error)
    }
  }
}
