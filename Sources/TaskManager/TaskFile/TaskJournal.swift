import Foundation

/// The changes `undo` and `redo` step through, kept beside the task file (`tasks.journal`),
/// never in it.
///
/// An entry records only the items a change touched, each as it was before and after (its
/// line, its parent and its position among its siblings), so a `done` on one task of a
/// 10,000-task project costs a couple of lines of journal, not a copy of the project. Undo
/// puts the touched items back as they were before; redo as they were after.
///
/// ```swift
/// var journal = TaskJournal()
/// let entry = TaskJournal.Entry("done “Buy milk”", from: before, to: after)
/// journal.record(entry)
/// var items = after
/// try journal.undoable!.apply(.undo, to: &items)  // items == before
/// journal.applied -= 1
/// ```
///
/// Entries `0..<applied` are in effect, newest last; the ones after were undone and can be
/// redone until a new change is recorded. The journal keeps the newest ``entryLimit`` entries,
/// and drops older ones while it is over ``sizeLimit`` bytes.
public struct TaskJournal: Equatable, Sendable {
  /// Every entry kept, oldest first.
  public var entries: [Entry]
  /// How many entries, from the first, are in effect.
  public var applied: Int

  /// The most entries kept.
  public static let entryLimit = 100
  /// The most bytes the stored journal takes before its oldest entries are dropped (its newest
  /// entry is always kept, however large).
  public static let sizeLimit = 4 * 1024 * 1024

  /// Creates a journal.
  public init(entries: [Entry] = [], applied: Int? = nil) {
    self.entries = entries
    self.applied = min(max(applied ?? entries.count, 0), entries.count)
  }

  /// The entry `undo` reverts: the newest in effect.
  public var undoable: Entry? { applied > 0 ? entries[applied - 1] : nil }

  /// The entry `redo` applies again: the oldest undone.
  public var redoable: Entry? { applied < entries.count ? entries[applied] : nil }

  /// Adds `entry` as the newest change in effect; the undone entries are forgotten, as are the
  /// oldest ones beyond the limits.
  public mutating func record(_ entry: Entry) {
    entries.removeSubrange(applied...)
    entries.append(entry)
    applied = entries.count
    trim()
  }

  /// Drops the oldest entries beyond ``entryLimit`` and ``sizeLimit``.
  mutating func trim() {
    var excess = max(0, entries.count - Self.entryLimit)
    var size = entries.dropFirst(excess).reduce(0) { $0 + $1.encodedSize }
    while excess < entries.count - 1, size > Self.sizeLimit {
      size -= entries[excess].encodedSize
      excess += 1
    }
    guard excess > 0 else { return }
    entries.removeFirst(excess)
    applied = max(0, applied - excess)
  }

  /// One change that can be undone: what it did, and the items it touched.
  public struct Entry: Equatable, Sendable {
    /// What the change did, for people: `done “Buy milk”`.
    public var description: String
    /// Every item the change touched, as it was before and after.
    public var changes: [Change]

    /// Creates an entry.
    public init(description: String, changes: [Change]) {
      self.description = description
      self.changes = changes
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

    /// Creates a placement.
    public init(parentID: UUID?, position: Int, level: Int, line: String) {
      self.parentID = parentID
      self.position = position
      self.level = level
      self.line = line
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
