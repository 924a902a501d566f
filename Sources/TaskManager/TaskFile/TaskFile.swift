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
