import Composable
import Dependencies
import Foundation

extension TaskList {
  /// What can happen to the list.
  public enum Action: Equatable, Sendable {
    /// Reads the list from storage, with its undo journal: before changing it.
    case load
    /// Reads the list from storage without the undo journal: for showing it only (there is
    /// then nothing to undo or redo, and a change is added to the stored journal).
    case loadForReading
    /// The result of ``load`` or ``loadForReading``.
    case loadResponse(Result<StoredTaskList, TaskStorageError>)
    /// Reverts the newest change in effect in ``State/journal``.
    case undo
    /// Applies again the oldest change ``undo`` reverted.
    case redo
    /// Drops the newest change in effect from ``State/journal`` without reverting it, and saves
    /// the journal (the list stays as it is): the way past a change that can no longer be
    /// undone, its line deleted by hand since, so that the changes before it can be.
    case skipUndo
    /// The entry of a journal record that ``undo`` or ``redo`` needed, read from storage; the
    /// step is then taken.
    case journalEntryLoaded(serial: Int, Result<TaskJournal.Entry, TaskStorageError>, TaskJournal.Direction)
    /// Opens the form for a new task, where the settings say (`add.project`, read when the form
    /// saves): in that project, else at the end of the list.
    case addButtonTapped
    /// Opens the form for a new task at `position`: inside an item, in a project (created if
    /// missing), before or after an item.
    case addTaskTapped(at: OutlinePosition)
    /// Adds the project the line asks for (its name, then its tags: `Errands @home`; see
    /// ``OutlinePosition/project(fromLine:)``) at the end of the list, unless one has that
    /// name.
    case addProject(String)
    /// Adds the text as a note at the end of an item's children.
    case addNote(String, to: UUID)
    /// Moves an item, with everything under it, to a position.
    case move(UUID, to: OutlinePosition)
    /// Moves the items, each with everything under it, to a position, as one change which one
    /// undo reverts: the first of them in document order goes to `position`, each next one
    /// right after the one before, so they keep their order. An item under another of them
    /// moves with it and stays under it. A position inside or beside one of them refuses the
    /// whole change.
    case moveItems(ids: [UUID], to: OutlinePosition)
    /// Opens the form on `task`.
    case editTask(Item)
    /// Asks whether to delete `task` and its children.
    case deleteButtonTapped(Item)
    /// Deletes the items and everything under them as one change, which one undo reverts: what
    /// a shell sends once each deletion was confirmed. Items gone already are skipped.
    case deleteItems(ids: [UUID])
    /// Stamps the items with `@done(<today>)` (with the minute too when ``State/settings`` say
    /// `done.date-format = datetime`); an item already done keeps its stamp. A repeating task
    /// (`@repeat(…)` and a `@due` date) gets its next instance right after it, in the same
    /// change (``Item/nextRepetition(id:)``); one whose rule cannot be read is only marked done.
    case markDone(ids: [UUID])
    /// Removes the items' `@done` tags.
    case markNotDone(ids: [UUID])
    /// Moves every done item outside the `Archive:` project into it, in one change (see
    /// ``Outline/archiveDone(among:newProjectID:)``): the TaskPaper app's "Archive @done Items".
    case archiveDone
    /// ``archiveDone`` narrowed to the done items among `ids` (`archive --where`), in one
    /// change; one under a done item that is not among them moves on its own.
    case archiveDoneItems(ids: [UUID])
    /// Moves each repeating task's dates to its next instance's without completing it (see
    /// ``Item/nextRepetition(id:)``); an item that cannot repeat refuses the whole change.
    case skipRepetition(ids: [UUID])
    /// Parses each text as one tag and sets it on the item (replacing a tag of the same name).
    ///
    /// A tag without a value never silently drops the value of one the item has (`@due` over
    /// `@due(2026-11-30)`): that is an error naming the value, unless `replacingValues`.
    case addTags([String], to: UUID, replacingValues: Bool = false)
    /// ``addTags(_:to:replacingValues:)`` on each of the items, as one change which one undo
    /// reverts. A tag that would drop a value on any of them refuses the whole change.
    case addTagsToItems([String], ids: [UUID], replacingValues: Bool = false)
    /// Removes every tag with one of `names` from the item.
    case removeTags(names: [String], from: UUID)
    /// ``removeTags(names:from:)`` on each of the items, as one change which one undo reverts.
    /// An item that would be left a blank line refuses the whole change.
    case removeTagsFromItems(names: [String], ids: [UUID])
    /// Puts `item` in place of the item with the same id, at any depth (children included).
    case replaceItem(Item)
    /// Shows only the items that match the filter.
    case filterChanged(TaskFilter)
    /// Uses these settings from now on (``State/settings``): what ``markDone(ids:)`` writes.
    case settingsChanged(Settings)
    /// Adds the items of a TaskPaper document, with fresh ids: merged into the list or
    /// appended (see ``ImportMode``).
    case importTaskPaper(String, ImportMode = .merge)
    /// Saves the journal as loaded, without the step the file did not have
    /// (``State/journalStepNotInFile``); the file is written as it is.
    case forgetStepNotInFile
    /// A save failed; the message says why.
    case saveFailed(String)
    /// A save was refused because another program changed the file after it was read; the
    /// message says so. Nothing was written over that change.
    case saveMetAnotherProgramsChange(String)
    /// The task form's actions.
    case destination(PresentationAction<Destination.Action>)
    /// The delete confirmation's answer.
    case alert(PresentationAction<Alert>)

    /// How ``importTaskPaper(_:_:)`` adds what is already in the list.
    public enum ImportMode: Equatable, Sendable {
      /// An imported item whose line is the same as an item's at the same place (under the
      /// same parents) is that item: only what is new is added, each new item after its
      /// imported predecessor. Importing the same file twice adds nothing the second time.
      case merge
      /// Every imported item is added at the end, even a copy of one already there.
      case append
    }

    /// The buttons of the delete confirmation.
    public enum Alert: Equatable, Sendable {
      /// Delete the item with `id` and its children.
      case confirmDeletion(id: UUID)
    }
  }

  /// The form the list presents: adding a task or editing one, both with ``TaskForm``.
  public struct Destination: Reducer {
    /// Which form is open.
    public enum State: Equatable, Sendable {
      /// Adding a new task.
      case addTask(TaskForm.State)
      /// Editing an existing task.
      case editTask(TaskForm.State)
    }

    /// The open form's actions.
    public enum Action: Equatable, Sendable {
      /// The add form's actions.
      case addTask(TaskForm.Action)
      /// The edit form's actions.
      case editTask(TaskForm.Action)
    }

    /// Creates the destination reducer.
    public init() {}

    public var body: some ReducerOf<Self> {
      Scope(state: .addTask, action: .addTask) { TaskForm() }
      Scope(state: .editTask, action: .editTask) { TaskForm() }
    }
  }
}
