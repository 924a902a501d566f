import Dependencies
import Foundation

/// What ``TaskFile/load(from:withJournal:)`` reads: the outline, the text it came from, and
/// (when asked for) the undo journal.
public struct StoredTaskList: Equatable, Sendable {
  /// Every item, with its id.
  public var outline: Outline
  /// The file's bytes and each line's item, so a save rewrites only changed lines.
  public var source: TaskPaperSource
  /// The undo journal, when it was loaded.
  public var journal: TaskJournal?
  /// Why the journal could not be read (it was then replaced by an empty one), if it could not.
  public var journalProblem: String?
  /// The journal's last step, when the file was found as it was before it (taskman was stopped
  /// before the file was saved, or the file was reverted by hand since): that step was taken
  /// out of the journal. Its description (`add “five”`, `undo of done “Buy milk”`).
  public var stepNotInFile: String?

  /// Creates a stored list.
  public init(
    outline: Outline = Outline(),
    source: TaskPaperSource = .empty,
    journal: TaskJournal? = nil,
    journalProblem: String? = nil
  ) {
    self.outline = outline
    self.source = source
    self.journal = journal
    self.journalProblem = journalProblem
  }
}
