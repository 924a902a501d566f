import Composable
import Foundation

/// The bytes a task list was read from, line by line, with each line's item: what lets a save
/// rewrite only the lines a change touched and keep every other byte as the user left it
/// (indentation, blank lines, trailing whitespace, CRLF, a missing final newline).
///
/// ```swift
/// let (outline, source) = try TaskFile.read(fileData, index: indexData)
/// // … change `outline` …
/// let written = TaskFile.write(outline, over: source)
/// ```
///
/// Two sources are equal when they hold the same bytes with the same ids on their lines.
public struct TaskPaperSource: Equatable, Sendable, CustomDumpStringConvertible {
  final class Storage: Sendable {
    /// The whole file.
    let bytes: [UInt8]
    /// Where the text starts: after a UTF-8 byte order mark, if the file has one.
    let bodyStart: Int
    /// Each line's id.
    let ids: [UUID]
    /// Each line's item, as read (its children those it was read with).
    let items: SourceItems
    /// Each line's parent line, or -1.
    let parents: [Int]
    /// Each line's bytes, relative to ``bodyStart``.
    let spans: [TaskPaperParser.Span]
    /// Each line's key, for the id index.
    let keys: [LineKey]
    /// When taskman first saw each line, in seconds since 1970; 0 when unknown.
    let created: [UInt32]
    /// The outline as read (its top-level items), kept so that the storage of its arrays, which
    /// ``subtrees`` and ``items`` point into, is never changed nor reused while this source
    /// exists.
    let tree: [Item]
    /// Each line's subtree in ``tree``.
    let subtrees: [TaskPaperParser.Subtree]

    init(
      bytes: [UInt8], bodyStart: Int, ids: [UUID], items: SourceItems, parents: [Int], spans: [TaskPaperParser.Span],
      keys: [LineKey], created: [UInt32], tree: [Item] = [], subtrees: [TaskPaperParser.Subtree] = []
    ) {
      self.bytes = bytes
      self.bodyStart = bodyStart
      self.ids = ids
      self.items = items
      self.parents = parents
      self.spans = spans
      self.keys = keys
      self.created = created
      self.tree = tree
      self.subtrees = subtrees
    }
  }

  let storage: Storage

  init(storage: Storage) {
    self.storage = storage
  }

  /// No text at all: a file that does not exist yet.
  public static let empty = TaskPaperSource(
    storage: Storage(
      bytes: [], bodyStart: 0, ids: [], items: SourceItems(tree: [], addresses: []), parents: [], spans: [], keys: [],
      created: []
    )
  )

  /// The text, as read.
  public var text: String { String(decoding: storage.bytes, as: UTF8.self) }

  /// The bytes, as read.
  public var bytes: [UInt8] { storage.bytes }

  /// The id of each line's item, in document order.
  public var ids: [UUID] { storage.ids }

  /// How many lines the text has (a final line break does not start another).
  public var lineCount: Int { storage.items.count }

  /// The id index of this text.
  var index: ItemIndex { ItemIndex(ids: ids, keys: storage.keys, created: storage.created, parents: storage.parents) }

  /// When `taskman` first saw each item (added it, or first read its line), by id; items seen
  /// before taskman kept track of it have none.
  public func firstSeenDates() -> [UUID: Date] {
    var dates: [UUID: Date] = [:]
    dates.reserveCapacity(storage.items.count)
    for (id, created) in zip(storage.ids, storage.created) where created > 0 {
      dates[id] = Date(timeIntervalSince1970: TimeInterval(created))
    }
    return dates
  }

  /// `date` as the index stores it: whole seconds since 1970, 0 for none.
  static func seconds(_ date: Date?) -> UInt32 {
    guard let date else { return 0 }
    return UInt32(clamping: Int64(max(1, date.timeIntervalSince1970)))
  }

  /// The line's text without indentation and line break, exactly as in the file.
  func content(ofLine line: Int) -> ArraySlice<UInt8> {
    let span = storage.spans[line]
    let start = storage.bodyStart + span.start + storage.items[line].level
    return storage.bytes[min(start, storage.bodyStart + span.contentEnd)..<(storage.bodyStart + span.contentEnd)]
  }

  /// The line's indentation, exactly as in the file.
  func indentation(ofLine line: Int) -> ArraySlice<UInt8> {
    let start = storage.bodyStart + storage.spans[line].start
    return storage.bytes[start..<(start + storage.items[line].level)]
  }

  /// The line's line break: `\n`, `\r\n`, or nothing for a last line without one.
  func lineBreak(ofLine line: Int) -> ArraySlice<UInt8> {
    let span = storage.spans[line]
    return storage.bytes[(storage.bodyStart + span.contentEnd)..<(storage.bodyStart + span.end)]
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.storage.bytes == rhs.storage.bytes && lhs.storage.ids == rhs.storage.ids)
  }

  public var customDumpDescription: String {
    "TaskPaperSource(\(lineCount) \(lineCount == 1 ? "line" : "lines"), \(storage.bytes.count) bytes)"
  }
}

/// Finds the line of an item of a ``TaskPaperSource`` by id: the first few by a scan of the
/// lines, then through a table of every line built once. Most changes look up one to four
/// items, for which a scan costs less than building the table.
struct SourceLineFinder {
  private var table: [UUID: Int]?
  private var scansLeft = 4

  mutating func line(of id: UUID, in source: TaskPaperSource) -> Int? {
    let ids = source.storage.ids
    if let table { return table[id] }
    if scansLeft > 0 {
      scansLeft -= 1
      return ids.withUnsafeBufferPointer { lines in lines.firstIndex(of: id) }
    }
    var table: [UUID: Int] = [:]
    table.reserveCapacity(ids.count)
    for line in ids.indices { table[ids[line]] = line }
    self.table = table
    return table[id]
  }
}

/// The item of each line of a ``TaskPaperSource``, read where it lies in the tree the source was
/// assembled into (see ``TaskPaperParser/Assembled``) rather than kept twice.
struct SourceItems: RandomAccessCollection, Sendable {
  /// The tree's top-level items, which keep every array the addresses point into.
  private let tree: [Item]
  private let addresses: [UInt]

  init(tree: [Item], addresses: [UInt]) {
    self.tree = tree
    self.addresses = addresses
  }

  var startIndex: Int { 0 }
  var endIndex: Int { addresses.count }

  subscript(line: Int) -> Item {
    unsafeAddress { UnsafePointer(bitPattern: addresses[line])! }
  }
}
