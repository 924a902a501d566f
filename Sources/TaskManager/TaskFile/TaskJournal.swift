import Foundation

/// The changes `undo` and `redo` step through, kept beside the task file, never in it: a small
/// list of the changes (`tasks.journal`), holding the items of each small change itself, and
/// the items of each large one in a document of its own (`tasks.journal.<serial>`), so that a
/// command that records a change writes only that change and the small ones, whatever the size
/// of earlier ones (an import of 10,000 lines).
///
/// An entry records only the items a change touched, each as it was before and after (its
/// line, and where it moved, its parent and position among its siblings), so a `done` on one
/// task of a 10,000-task project costs a couple of lines, not a copy of the project. Undo puts
/// the touched items back as they were before; redo as they were after.
///
/// ```swift
/// var journal = TaskJournal()
/// let entry = TaskJournal.Entry("done “Buy milk”", from: before, to: after)
/// journal.record(entry)
/// var items = after
/// try journal.undoable!.entry!.apply(.undo, to: &items)  // items == before
/// journal.applied -= 1
/// ```
///
/// Records `0..<applied` are in effect, newest last; the ones after were undone and can be
/// redone until a new change is recorded. The journal keeps the newest ``entryLimit`` records,
/// and drops older ones while their entries take more than ``sizeLimit`` bytes.
public struct TaskJournal: Equatable, Sendable {
  /// Every change kept, oldest first.
  public var records: [Record]
  /// How many records, from the first, are in effect.
  public var applied: Int
  /// The serial the next record gets: serials are never reused, so a record's document is
  /// never mistaken for another's.
  public var nextSerial: Int
  /// The last step saved with the file (a change, an undo, a redo), with the file before and
  /// after it: the journal is saved before the file, so a file found as it was before that step
  /// never received it (taskman was killed in between, or it was reverted by hand since), and
  /// the step is taken back at the next load (see ``takingBackStepNotInFile(hash:)``).
  public var lastStep: FileStep?

  /// A step of the journal and the file it was saved with.
  public struct FileStep: Equatable, Sendable {
    /// What the step did to the journal.
    public enum Kind: String, Sendable {
      /// Recorded a new change.
      case record
      /// Undid the newest change in effect.
      case undo
      /// Redid the oldest change undone.
      case redo
    }
    /// What the step did.
    public var kind: Kind
    /// The ``FileHash`` of the file before the step.
    public var before: UInt64
    /// The ``FileHash`` of the file the step wrote.
    public var after: UInt64

    /// Creates a step.
    public init(kind: Kind, before: UInt64, after: UInt64) {
      self.kind = kind
      self.before = before
      self.after = after
    }
  }

  /// When the file, whose hash is `hash`, is as it was before ``lastStep`` and not as the step
  /// left it, the journal without that step (a change recorded is dropped, never to be redone;
  /// an undo or redo is taken back), and the step's description; otherwise nil.
  public func takingBackStepNotInFile(hash: UInt64) -> (journal: TaskJournal, description: String)? {
    guard let step = lastStep, hash != step.after, hash == step.before else { return nil }
    var journal = self
    journal.lastStep = nil
    switch step.kind {
    case .record:
      guard applied > 0 else { return nil }
      let description = records[applied - 1].description
      journal.records.remove(at: applied - 1)
      journal.applied -= 1
      return (journal, description)
    case .undo:
      guard applied < records.count else { return nil }
      journal.applied += 1
      return (journal, "undo of " + records[applied].description)
    case .redo:
      guard applied > 0 else { return nil }
      journal.applied -= 1
      return (journal, "redo of " + records[applied - 1].description)
    }
  }

  /// The most records kept.
  public static let entryLimit = 100
  /// The most bytes the stored entries take before the oldest are dropped (the newest is always
  /// kept, however large).
  public static let sizeLimit = 4 * 1024 * 1024
  /// The largest entry kept inside the list of changes rather than in a document of its own.
  public static let inlineEntryLimit = 1024
  /// The most bytes the entries kept inside the list of changes take together: the list is
  /// written again at every change.
  public static let inlineSizeLimit = 32 * 1024

  /// Creates a journal of `entries` (all in effect unless `applied` says otherwise), serials
  /// from 1.
  public init(entries: [Entry] = [], applied: Int? = nil) {
    records = []
    nextSerial = 1
    self.applied = 0
    for entry in entries { record(entry) }
    self.applied = min(max(applied ?? records.count, 0), records.count)
  }

  /// Creates a journal from its parts, as stored.
  public init(records: [Record], applied: Int, nextSerial: Int) {
    self.records = records
    self.applied = min(max(applied, 0), records.count)
    self.nextSerial = max(nextSerial, (records.map(\.serial).max() ?? 0) + 1)
  }

  /// The record `undo` reverts: the newest in effect.
  public var undoable: Record? { applied > 0 ? records[applied - 1] : nil }

  /// The record `redo` applies again: the oldest undone.
  public var redoable: Record? { applied < records.count ? records[applied] : nil }

  /// Adds `entry` as the newest change in effect, made at `date` when known; the undone records
  /// are forgotten, as are the oldest ones beyond the limits.
  public mutating func record(_ entry: Entry, at date: Date? = nil) {
    records.removeSubrange(applied...)
    let size = entry.encodedSize
    records.append(Record(serial: nextSerial, description: entry.description, size: size, entry: entry, date: date))
    nextSerial += 1
    applied = records.count
    trim()
    let inlineSize = records.reduce(0) { $0 + ($1.isInline ? $1.size : 0) }
    records[records.count - 1].isInline = size <= Self.inlineEntryLimit && inlineSize + size <= Self.inlineSizeLimit
  }

  /// Replaces the entry of the newest record in effect, the change just recorded, by `entry`,
  /// the same change with its lines as written (``Entry/recordingLines(asWritten:newLines:)``).
  public mutating func replaceNewestEntry(with entry: Entry) {
    guard applied > 0 else { return }
    records[applied - 1].entry = entry
    records[applied - 1].size = entry.encodedSize
  }

  /// Drops the oldest records beyond ``entryLimit`` and ``sizeLimit``.
  mutating func trim() {
    var excess = max(0, records.count - Self.entryLimit)
    var size = records.dropFirst(excess).reduce(0) { $0 + $1.size }
    while excess < records.count - 1, size > Self.sizeLimit {
      size -= records[excess].size
      excess += 1
    }
    guard excess > 0 else { return }
    records.removeFirst(excess)
    applied = max(0, applied - excess)
  }

  /// One change in the journal: what it did, and its entry when loaded.
  public struct Record: Equatable, Sendable {
    /// Which change it is; unless the entry is inline, its document is `tasks.journal.<serial>`.
    public var serial: Int
    /// What the change did, for people: `done “Buy milk”`.
    public var description: String
    /// About how many bytes its stored entry takes.
    public var size: Int
    /// The items it touched; nil until loaded (recorded in this process, or read when undo or
    /// redo reaches it).
    public var entry: Entry?
    /// Whether the entry is kept inside the list of changes (a small change) rather than in a
    /// document of its own.
    public var isInline: Bool
    /// An inline entry as the stored list of changes holds it, until it is loaded.
    var storedEntry: StoredEntry?
    /// When the change was made (to the second), for `taskman log`; nil for a change recorded
    /// before taskman kept the time.
    public var date: Date?

    /// Creates a record.
    public init(serial: Int, description: String, size: Int, entry: Entry?, isInline: Bool = false, date: Date? = nil) {
      self.serial = serial
      self.description = description
      self.size = size
      self.entry = entry
      self.isInline = isInline
      self.date = date
    }

    /// The stored text of an entry is only compared when neither record has the entry loaded.
    /// The time is not compared: it says when the change was made, not what it is.
    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.serial == rhs.serial && lhs.description == rhs.description && lhs.size == rhs.size
        && lhs.isInline == rhs.isInline && lhs.entry == rhs.entry
        && (lhs.entry != nil || lhs.storedEntry == rhs.storedEntry)
    }
  }

  /// The lines of an inline entry as read from the list of changes, decoded only when undo or
  /// redo reaches it, and written back as they are.
  struct StoredEntry: Equatable, Sendable {
    /// The entry's lines, without their indentation, each ending with a line feed.
    var lines: String
    /// The line of the list of changes its first line is on, for errors.
    var firstLine: Int
  }

  /// One change that can be undone: what it did, and the items it touched.
  public struct Entry: Equatable, Sendable {
    /// What the change did, for people: `done “Buy milk”`.
    public var description: String
    /// Every item the change touched, as it was before and after.
    public var changes: [Change]
    /// Whether the change gave a file that ended without a line break one: its last line
    /// became an empty one, which needs it. Undo takes it away again. Also set when the change
    /// emptied such a file, which then keeps no trace of it, so that undo gives back its lines
    /// without a final line break.
    public var addedFinalLineBreak: Bool
    /// The line breaks of a file the change left without any (emptied, or with one line
    /// without one), when they were not `\n` (`\r\n`): such a file keeps no trace of them, so
    /// that undo gives back the lines with them.
    public var emptiedFileLineBreak: String?
    /// The file's line break when the change was made (its first line's, `\n` in a new file),
    /// for a change that added, removed or moved items: the line break of the lines undo and
    /// redo put back, and of a last line they give one to, though the file's first line (and
    /// its line break) changed since.
    public var usualLineBreak: String?
    /// The file's first line's line break after the change (nil: it had none), with
    /// ``usualLineBreak``: a file whose lines all end with another one than it had on the side
    /// undo or redo leaves had its line breaks converted since, and keeps its own.
    public var usualLineBreakAfter: String?
    /// The line breaks, other than ``usualLineBreak``, of the lines the change took out or left
    /// last without a line break, by id: in a file with mixed line breaks, what undo puts back
    /// after them.
    public var lineBreaks: [UUID: String]

    /// Creates an entry.
    public init(
      description: String, changes: [Change], addedFinalLineBreak: Bool = false, emptiedFileLineBreak: String? = nil,
      usualLineBreak: String? = nil, usualLineBreakAfter: String? = nil, lineBreaks: [UUID: String] = [:]
    ) {
      self.description = description
      self.changes = changes
      self.addedFinalLineBreak = addedFinalLineBreak
      self.emptiedFileLineBreak = emptiedFileLineBreak
      self.usualLineBreak = usualLineBreak
      self.usualLineBreakAfter = usualLineBreakAfter
      self.lineBreaks = lineBreaks
    }
  }

  /// One item a change touched.
  public enum Change: Equatable, Sendable {
    /// The item's line changed (`done`, `tag`, `edit`); it stayed where it was. The lines are
    /// as in ``Placement/line``.
    case line(id: UUID, before: String, after: String)
    /// The item was added (nil before), removed (nil after) or moved (its line may have changed
    /// too).
    case place(id: UUID, before: Placement?, after: Placement?)

    /// The item's id.
    public var id: UUID {
      switch self {
      case .line(let id, _, _), .place(let id, _, _): id
      }
    }

    /// A line as it was and as it is after a change, indentation included.
    public struct Lines: Equatable, Sendable {
      /// The line before.
      public var before: String
      /// The line after.
      public var after: String

      /// Creates the pair.
      public init(before: String, after: String) {
        self.before = before
        self.after = after
      }
    }
  }

  /// Where an item sits and what its line says.
  public struct Placement: Equatable, Sendable {
    /// The id of its parent, or nil at the top level.
    public var parentID: UUID?
    /// Its position among its parent's children (or the top-level items), from 0.
    public var position: Int
    /// Its ``Item/level``.
    public var level: Int
    /// Its TaskPaper line: as the file had it where known, indentation included; otherwise
    /// its canonical form, without indentation.
    public var line: String
    /// The siblings around it, by which undo and redo find its place again after lines were
    /// added or removed around it by hand. Recorded for the first of a run of siblings a change
    /// adds or removes, and for each item it moves among its siblings; nil for the others of a
    /// run (they follow its first), for an item under one that is placed too, for an item whose
    /// level changed in place, and in entries recorded before taskman kept them.
    public var neighbours: Neighbours?

    /// Creates a placement.
    public init(parentID: UUID?, position: Int, level: Int, line: String, neighbours: Neighbours? = nil) {
      self.parentID = parentID
      self.position = position
      self.level = level
      self.line = line
      self.neighbours = neighbours
    }

    /// The nearest siblings of a placed item that are not blank lines (whose ids do not
    /// survive edits of other blank lines), each with how far from it: 1 is next to it.
    public struct Neighbours: Equatable, Sendable {
      /// The nearest sibling before the item, or nil when only blank lines (or none) are.
      public var before: UUID?
      /// How many positions before the item `before` is.
      public var beforeDistance: Int
      /// The nearest sibling after the item, or nil when only blank lines (or none) are.
      public var after: UUID?
      /// How many positions after the item `after` is.
      public var afterDistance: Int

      /// Creates the neighbours.
      public init(before: UUID?, beforeDistance: Int, after: UUID?, afterDistance: Int) {
        self.before = before
        self.beforeDistance = before == nil ? 0 : beforeDistance
        self.after = after
        self.afterDistance = after == nil ? 0 : afterDistance
      }

      /// The neighbours of the item at `position` among `siblings`. The one after skips the
      /// siblings the same change places (`isPlaced`, by position), which are not there to go
      /// by when it is undone or redone; one placed before it is placed first, and so is.
      static func of(_ position: Int, among siblings: [Item], isPlaced: (Int) -> Bool = { _ in false }) -> Self {
        var before: Int? = position - 1
        while let index = before, index >= 0, siblings[index].isBlank { before = index - 1 }
        var after = position + 1
        while after < siblings.count, siblings[after].isBlank || isPlaced(after) { after += 1 }
        let previous = before.flatMap { $0 >= 0 && $0 < siblings.count ? $0 : nil }
        let next = after < siblings.count ? after : nil
        return Self(
          before: previous.map { siblings[$0].id }, beforeDistance: previous.map { position - $0 } ?? 0,
          after: next.map { siblings[$0].id }, afterDistance: next.map { $0 - position } ?? 0
        )
      }
    }
  }

  /// Which way an entry is applied.
  public enum Direction: Sendable {
    /// Back to the items as they were before the change.
    case undo
    /// Again to the items as they were after it.
    case redo
  }
}
