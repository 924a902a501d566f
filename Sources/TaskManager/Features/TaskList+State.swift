import Composable
import Dependencies
import Foundation

extension TaskList {
  /// Whether the list reflects the stored document.
  public enum LoadStatus: Equatable, Sendable {
    /// Nothing has been loaded yet; changes are kept in memory and not saved.
    case notLoaded
    /// The list is the stored document, and changes are saved.
    case loaded
    /// The document could not be loaded, for the reason given. Changes are refused.
    case failed(TaskStorageError)
  }

  /// The list's state.
  public struct State: Equatable, Sendable {
    /// The top-level items of the outline, each with its children.
    public var tasks: IdentifiedArrayOf<Item>
    /// Whether ``tasks`` came from storage.
    public var loadStatus: LoadStatus
    /// Why the last request was refused (a bad tag, a save that failed), until the next change.
    /// A holder of the file reads it as a typed ``TaskFileFailure`` from ``TaskFileSession``.
    public var errorMessage: String?
    /// The task form, while one is open.
    @PresentationState public var destination: Destination.State?
    /// The delete confirmation, while it is shown.
    @PresentationState public var alert: AlertState<Action.Alert>?
    /// Which items ``visibleEntries`` shows.
    public var filter: TaskFilter
    /// The settings that apply (``SharedKey/Default/appliedSettings``), shared with
    /// ``SettingsFeature`` in the same store tree: how ``Action/markDone(ids:)`` stamps items.
    /// A program whose settings live in another store tree sets them with
    /// ``Action/settingsChanged(_:)``.
    @Shared(.appliedSettings) public var settings: Settings
    /// The text the list was loaded from, which saves write over.
    public var source: TaskPaperSource
    /// The changes ``Action/undo`` and ``Action/redo`` step through, when loaded with the list.
    public var journal: TaskJournal?
    /// Why the undo journal could not be read when the list was loaded (it starts anew).
    public var journalProblem: String?
    /// The journal's last step that the file did not have when the list was loaded (see
    /// ``StoredTaskList/stepNotInFile``), taken out of ``journal``; nil once saved so.
    public var journalStepNotInFile: String?
    /// Whether the last save was refused because another program changed the file after it was
    /// read: nothing was written over, and the change may be made again on the file as it is.
    public var saveMetAnotherProgramsChange = false

    /// Creates a list.
    public init(
      tasks: IdentifiedArrayOf<Item> = [],
      loadStatus: LoadStatus = .notLoaded,
      errorMessage: String? = nil,
      destination: Destination.State? = nil,
      alert: AlertState<Action.Alert>? = nil,
      filter: TaskFilter = TaskFilter(),
      source: TaskPaperSource = .empty,
      journal: TaskJournal? = nil,
      journalProblem: String? = nil
    ) {
      self.tasks = tasks
      self.loadStatus = loadStatus
      self.errorMessage = errorMessage
      self.destination = destination
      self.alert = alert
      self.filter = filter
      self.source = source
      self.journal = journal
      self.journalProblem = journalProblem
    }

    /// The whole list as an outline, for printing and queries.
    public var outline: Outline { Outline(items: tasks.elements) }

    /// The items that match ``filter``, at any depth, in document order, each with its project.
    public var visibleEntries: [Outline.Entry] { filter.apply(to: outline) }

    /// Every tag name with the number of items carrying it, sorted by name.
    public var tagCounts: [TagCount] { outline.tagCounts() }

    /// The item with `id`, at any depth.
    public func item(withID id: UUID) -> Item? {
      if let item = tasks[id: id] { return item }
      return Item.find(id, in: tasks.elements)
    }
  }
}
