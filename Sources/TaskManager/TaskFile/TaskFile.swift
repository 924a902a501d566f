import Dependencies
import Foundation

/// The task list as the user keeps it: a plain TaskPaper file, with nothing of `taskman`'s in
/// it, and beside it (in storage, under names of their own) the ids of its items and the undo
/// journal.
///
/// | document | what it is |
/// | --- | --- |
/// | ``documentName`` (`tasks.taskpaper`) | the TaskPaper file, exactly as the user and their other tools wrote it |
/// | ``indexName`` (`tasks.ids`) | each line's id (``ItemIndex``) |
/// | ``journalName`` (`tasks.journal`) | the changes `undo` and `redo` step through (``TaskJournal``) |
///
/// Reading gives every line an id: the one the index has for it when the line is recognised
/// (unchanged, moved, re-indented, with only its tags changed, edited where it stands into a
/// title alike the old one, or renamed with its children still under it: see
/// ``LineMatcher``), else one derived from its text. Writing changes only the lines of items that changed (see ``write(_:over:restoring:)``).
///
/// ```swift
/// let stored = try TaskFile.load(from: storage, withJournal: true)
/// var items = stored.outline.items
/// items[0].setTag(Tag(name: "done", value: "2026-11-25"))
/// var journal = stored.journal ?? TaskJournal()
/// journal.record(TaskJournal.Entry("done", from: stored.outline.items, to: items, source: stored.source))
/// try TaskFile.store(TaskFile.write(items, over: stored.source), journal: journal, to: storage)
/// ```
public enum TaskFile {
  /// The TaskPaper file's name in storage.
  public static let documentName = "tasks.taskpaper"
  /// The id index's name in storage.
  public static let indexName = "tasks.ids"
  /// The undo journal's name in storage.
  public static let journalName = "tasks.journal"

  /// Reads TaskPaper text, giving each line the id `index` (the stored ``indexName``, if any)
  /// has for it; a line seen for the first time is recorded as first seen `now`.
  ///
  /// - Throws: ``TaskDocumentError``: ``TaskDocumentError/Problem/invalidUTF8(byte:column:)``
  ///   naming the first line that is not UTF-8, or ``TaskDocumentError/Problem/classicLineBreaks``
  ///   for lines that end with carriage returns alone; nothing else makes a file unreadable.
  public static func read(
    _ data: Data,
    index: Data?,
    now: Date? = nil
  ) throws(TaskDocumentError) -> (outline: Outline, source: TaskPaperSource) {
    try read(data, now: now) { CheckedIndex(index) }
  }

  /// ``read(_:index:now:)``, with the index asked for once the text is split into lines.
  static func read(
    _ data: Data,
    now: Date?,
    index: () -> CheckedIndex
  ) throws(TaskDocumentError) -> (outline: Outline, source: TaskPaperSource) {
    try read(bytes: [UInt8](data), now: now, index: index)
  }

  /// ``read(_:now:index:)`` of the bytes the source then keeps.
  static func read(
    bytes: [UInt8],
    now: Date?,
    index: () -> CheckedIndex
  ) throws(TaskDocumentError) -> (outline: Outline, source: TaskPaperSource) {
    let result: Result<(Outline, TaskPaperSource), TaskDocumentError> = bytes.withUnsafeBufferPointer { whole in
      let raw = UnsafeRawBufferPointer(whole)
      let bodyStart = whole.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      let body = UnsafeBufferPointer(rebasing: whole[bodyStart...])
      if let problem = firstInvalidUTF8(body) { return .failure(problem) }
      if hasClassicLineBreaks(body) { return .failure(TaskDocumentError(line: 1, problem: .classicLineBreaks)) }
      var lines = TaskPaperParser.scanLines(body)
      let checked = index()
      let stored = checked.index ?? ItemIndex()
      let keys: [LineKey]
      let matched: ItemIndex
      if let fileHash = stored.fileHash, stored.ids.count == lines.items.count, checked.idsAreUnique,
        stored.hasSketches, fileHash == FileHash.of(raw)
      {
        // The file taskman wrote with this index: its lines are the index's. (An index of an
        // earlier version has no sketches of the lines' titles: its file is read line by line
        // once, so that the next index has them.)
        (keys, matched) = (stored.keys, stored)
      } else {
        var hashed: [LineKey] = []
        hashed.reserveCapacity(lines.items.count)
        for line in lines.items.indices {
          hashed.append(LineKey(body, start: lines.spans[line].start, end: lines.spans[line].contentEnd, item: lines.items[line]))
        }
        (keys, matched) = (hashed, stored.index(for: hashed, parents: lines.parents, now: TaskPaperSource.seconds(now)))
      }
      for line in lines.items.indices { lines.items[line].id = matched.ids[line] }
      let tree = TaskPaperParser.assembledWithSubtrees(&lines)
      let source = TaskPaperSource(
        storage: .init(
          bytes: bytes, bodyStart: bodyStart, ids: matched.ids, items: SourceItems(tree: tree.roots, addresses: tree.items),
          parents: lines.parents, spans: lines.spans, keys: keys, created: matched.created, tree: tree.roots,
          subtrees: tree.subtrees
        )
      )
      return .success((Outline(items: tree.roots), source))
    }
    return try result.get()
  }

  /// A task list written out, ready to store.
  public struct Written: Equatable, Sendable {
    /// The TaskPaper file.
    public var file: Data
    /// Its id index.
    public var index: Data
    /// The lines the file had that were written with other bytes, by the id of their item:
    /// each as it was and as written, indentation included (see
    /// ``TaskJournal/Entry/recordingLines(asWritten:newLines:)``).
    public var rewrittenLines: [UUID: TaskJournal.Change.Lines] = [:]
    /// The lines the file did not have that were written indented, as written, by the id of
    /// their item (see ``TaskJournal/Entry/recordingLines(asWritten:newLines:)``).
    public var newLines: [UUID: String] = [:]
    /// Whether the file now ends with a line break it did not end with: its last line became an
    /// empty one, which needs it; or it ended without one and has no line left (see
    /// ``TaskJournal/Entry/addedFinalLineBreak``).
    public var addedFinalLineBreak = false
    /// The line breaks of a file that has none left (no line, or one without), when they were
    /// not `\n` (see ``TaskJournal/Entry/emptiedFileLineBreak``).
    public var emptiedFileLineBreak: String?
    /// The line breaks other than ``usualLineBreak`` that it lost, by id: of the lines it no
    /// longer has, and of its last line when that lost its own (see
    /// ``TaskJournal/Entry/lineBreaks``).
    public var droppedLineBreaks: [UUID: String] = [:]
    /// The line break new lines took (see ``TaskJournal/Entry/usualLineBreak``).
    public var usualLineBreak = "\n"
    /// The line break of the file's first line, nil when it has none (see
    /// ``TaskJournal/Entry/usualLineBreakAfter``).
    public var firstLineBreak: String?

    /// Creates a written task list.
    public init(
      file: Data, index: Data, rewrittenLines: [UUID: TaskJournal.Change.Lines] = [:], newLines: [UUID: String] = [:],
      addedFinalLineBreak: Bool = false, emptiedFileLineBreak: String? = nil, droppedLineBreaks: [UUID: String] = [:],
      usualLineBreak: String = "\n", firstLineBreak: String? = nil
    ) {
      self.file = file
      self.index = index
      self.rewrittenLines = rewrittenLines
      self.newLines = newLines
      self.addedFinalLineBreak = addedFinalLineBreak
      self.emptiedFileLineBreak = emptiedFileLineBreak
      self.droppedLineBreaks = droppedLineBreaks
      self.usualLineBreak = usualLineBreak
      self.firstLineBreak = firstLineBreak
    }
  }

  /// The text of `items` (the top-level items of an outline) written over `source`, and the id
  /// index that goes with it.
  ///
  /// Only the lines of items that changed are written anew; every other byte of `source` is
  /// kept (see ``TaskPaperWriter``). `restoring` gives the text to write for some items (the
  /// lines an undo puts back), used when it still reads as the item; with
  /// `withoutFinalLineBreak`, a file whose last line is one of them ends without a line break
  /// (the undo of a change that added one); a line of `lineBreaks` that has no line break of
  /// its own (new, or the file's last when lines follow it) ends with the one given for it, and
  /// any other such line with `lineBreak`, else the file's first line's: undo and redo give the
  /// line breaks the file had when the change was made; unless every line of the file ends with
  /// another line break than `expectedLineBreak` (the file's first line's when it was as it
  /// should be now), a file converted since, which takes its own. New lines are recorded as
  /// first seen `now`.
  public static func write(
    _ items: [Item],
    over source: TaskPaperSource,
    restoring: [UUID: String] = [:],
    withoutFinalLineBreak: Bool = false,
    lineBreak: String? = nil,
    lineBreaks: [UUID: String] = [:],
    expectedLineBreak: String? = nil,
    now: Date? = nil
  ) -> Written {
    write(
      items, over: source, restoring: restoring, withoutFinalLineBreak: withoutFinalLineBreak, lineBreak: lineBreak,
      lineBreaks: lineBreaks, expectedLineBreak: expectedLineBreak, now: now, copyingUnchangedSubtrees: true
    )
  }

  /// ``write(_:over:restoring:withoutFinalLineBreak:lineBreak:lineBreaks:expectedLineBreak:now:)``; without
  /// `copyingUnchangedSubtrees`, every line is looked at, even under items that no change
  /// touched: what tests and the fuzzer compare the usual way with.
  @_spi(Testing)
  public static func write(
    _ items: [Item],
    over source: TaskPaperSource,
    restoring: [UUID: String] = [:],
    withoutFinalLineBreak: Bool = false,
    lineBreak: String? = nil,
    lineBreaks: [UUID: String] = [:],
    expectedLineBreak: String? = nil,
    now: Date? = nil,
    copyingUnchangedSubtrees: Bool
  ) -> Written {
    let result = TaskPaperWriter.write(
      items, over: source, restoring: restoring, now: TaskPaperSource.seconds(now),
      copiesUnchangedSubtrees: copyingUnchangedSubtrees, dropsFinalLineBreakAfterRestoredLine: withoutFinalLineBreak,
      usualLineBreak: lineBreak.map { Array($0.utf8) }, lineBreaks: lineBreaks.mapValues { Array($0.utf8) },
      expectedLineBreak: expectedLineBreak.map { Array($0.utf8) }
    )
    // The index first: the file's bytes are then copied while nothing else of the write is held.
    var index = result.index
    index.fileHash = result.bytes.withUnsafeBytes { FileHash.of($0) }
    let encodedIndex = index.encoded()
    return Written(
      file: Data(result.bytes), index: encodedIndex,
      rewrittenLines: result.rewritten.mapValues { TaskJournal.Change.Lines(before: $0.before, after: $0.after) },
      newLines: result.newLines, addedFinalLineBreak: result.addedFinalLineBreak,
      emptiedFileLineBreak: result.emptiedLineBreak.map { String(decoding: $0, as: UTF8.self) },
      droppedLineBreaks: result.droppedLineBreaks.mapValues { String(decoding: $0, as: UTF8.self) },
      usualLineBreak: String(decoding: result.usualLineBreak, as: UTF8.self),
      firstLineBreak: result.firstLineBreak.map { String(decoding: $0, as: UTF8.self) }
    )
  }

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

  /// Stores a written task list with `journal`: the journal first (the entries of their own it
  /// has that storage has not, then the list of changes with the inline entries, then removing
  /// the entries of their own it dropped), then the
  /// index, then the file, each atomically. A crash in between leaves at worst a journal record
  /// for a change the file does not have, which undo recognises
  /// (``TaskJournal/Entry/Outcome/alreadyInEffect``; for the first change of a file not
  /// created yet, the journal is dropped at the next load, as that of a file deleted), an index
  /// one change ahead, from which the ids are recovered as after an outside edit, or an entry
  /// no record names, which is written over or removed later.
  ///
  /// With a nil `journal`, `entry` (if any) is recorded in the journal in storage instead.
  ///
  /// - Throws: ``TaskStorageError/storage(_:)`` when a document cannot be written.
  public static func store(
    _ written: Written,
    journal: TaskJournal?,
    adding entry: TaskJournal.Entry? = nil,
    to storage: StorageClient
  ) throws(TaskStorageError) {
    do {
      let stored = (try? storage.load(journalName)).flatMap { $0 }.flatMap { try? TaskJournal(decoding: $0) }
      var journal = journal
      if journal == nil, let entry {
        var recorded = stored ?? TaskJournal()
        recorded.record(entry)
        journal = recorded
      }
      // In this order, so that the journal never names an entry that is not there, and the
      // file never holds a change the journal does not know.
      var documents: [(data: Data, name: String)] = []
      var removed: [Int] = []
      if let journal {
        // Only entries of their own have documents; inline ones are in the journal's.
        let storedSerials = Set(stored?.records.lazy.filter { !$0.isInline }.map(\.serial) ?? [])
        for record in journal.records where !record.isInline && !storedSerials.contains(record.serial) {
          guard let entry = record.entry else { continue }
          documents.append((entry.encoded(), TaskJournal.entryName(record.serial)))
        }
        documents.append((journal.encoded(), journalName))
        let kept = Set(journal.records.lazy.filter { !$0.isInline }.map(\.serial))
        removed = storedSerials.filter { !kept.contains($0) }.sorted()
      }
      documents.append((written.index, indexName))
      documents.append((written.file, documentName))
      try storage.save(documents)
      // Entries the journal no longer names: the change is saved by now, and a leftover entry
      // is never read (serials are not reused), so a failure to remove one is no failure of
      // the command.
      for serial in removed {
        try? storage.remove(TaskJournal.entryName(serial))
      }
    } catch {
      throw .storage(error)
    }
  }

  /// `index` as an index that does not know the file it was written with, whose file is then
  /// read line by line: what tests and the fuzzer compare the quicker read with. Nil when
  /// `index` is not a whole index.
  @_spi(Testing)
  public static func indexWithoutFileHash(_ index: Data) -> Data? {
    guard var decoded = ItemIndex(decoding: index) else { return nil }
    decoded.fileHash = nil
    return decoded.encoded()
  }

  /// Whether the stored id index `index` describes exactly the text `source` holds: false when
  /// the file was edited elsewhere since taskman last wrote it (ids were matched again), nil
  /// when there is no readable index. The lines' parents and title sketches count where the
  /// index has them (an index of an earlier version has neither).
  public static func indexIsCurrent(_ index: Data?, for source: TaskPaperSource) -> Bool? {
    guard let index, let stored = ItemIndex(decoding: index) else { return nil }
    let keys = source.storage.keys
    let parents = source.storage.parents
    guard stored.ids == source.ids, stored.keys.count == keys.count else { return false }
    for line in keys.indices {
      let key = stored.keys[line]
      guard key.content == keys[line].content, key.title == keys[line].title, key.sketch == 0 || key.sketch == keys[line].sketch,
        stored.parents[line] == ItemIndex.unknownParent || stored.parents[line] == parents[line]
      else { return false }
    }
    return true
  }
}
