import Dependencies
import Foundation

extension TaskFile {
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
  /// With a nil `journal`, `entry` (if any) is recorded in the journal in storage instead, as
  /// made at `date`.
  ///
  /// - Throws: ``TaskStorageError/storage(_:)`` when a document cannot be written.
  public static func store(
    _ written: Written,
    journal: TaskJournal?,
    adding entry: TaskJournal.Entry? = nil,
    at date: Date? = nil,
    to storage: StorageClient
  ) throws(TaskStorageError) {
    do {
      let stored = (try? storage.load(journalName)).flatMap { $0 }.flatMap { try? TaskJournal(decoding: $0) }
      var journal = journal
      if journal == nil, let entry {
        var recorded = stored ?? TaskJournal()
        recorded.record(entry, at: date)
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
}
