import Composable
import Dependencies
import Foundation

// Over a reader's 450 lines: the reducer's one `switch` over every action of the list, with the
// change, step and save it shares, reads best in one place. Issue 41 moves the document session
// (load, save, typed outcomes) out of it, which is where this file gets split.

/// The task list: every item of the outline, adding and editing them through a presented
/// ``TaskForm``, deleting them after an alert, completing and tagging them, and keeping them in
/// the `storage` dependency.
///
/// Every item at any depth has its own stable id, so a nested task is addressed, edited,
/// tagged, completed or deleted (with its children) like a top-level one.
///
/// Persistence: ``Action/load`` reads the TaskPaper file (``TaskFile``) in an
/// effect; an unreadable file puts the list in ``LoadStatus/failed(_:)`` and every change is
/// then refused, so a list that failed to load can never be saved over the user's data. After
/// a successful load, every change is recorded in the undo journal and saved in an effect,
/// which rewrites only the lines of the items it touched.
public struct TaskList: Reducer {
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
    public var errorMessage: String?
    /// The task form, while one is open.
    @PresentationState public var destination: Destination.State?
    /// The delete confirmation, while it is shown.
    @PresentationState public var alert: AlertState<Action.Alert>?
    /// Which items ``visibleEntries`` shows.
    public var filter: TaskFilter
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
    /// Opens the form for a new task, at the end of the list.
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
    /// Opens the form on `task`.
    case editTask(Item)
    /// Asks whether to delete `task` and its children.
    case deleteButtonTapped(Item)
    /// Deletes the items and everything under them as one change, which one undo reverts: what
    /// a shell sends once each deletion was confirmed. Items gone already are skipped.
    case deleteItems(ids: [UUID])
    /// Stamps the items with `@done(<today>)`; an item already done keeps its stamp.
    case markDone(ids: [UUID])
    /// Removes the items' `@done` tags.
    case markNotDone(ids: [UUID])
    /// Parses each text as one tag and sets it on the item (replacing a tag of the same name).
    ///
    /// A tag without a value never silently drops the value of one the item has (`@due` over
    /// `@due(2026-11-30)`): that is an error naming the value, unless `replacingValues`.
    case addTags([String], to: UUID, replacingValues: Bool = false)
    /// Removes every tag with one of `names` from the item.
    case removeTags(names: [String], from: UUID)
    /// Puts `item` in place of the item with the same id, at any depth (children included).
    case replaceItem(Item)
    /// Shows only the items that match the filter.
    case filterChanged(TaskFilter)
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

  /// Identifies the list's save, so that a newer save supersedes one not yet written.
  enum CancelID: Hashable, Sendable { case save }

  @Dependency(\.uuid) var uuid
  @Dependency(\.date) var date
  @Dependency(\.timeZone) var timeZone
  @Dependency(\.storage) var storage

  /// Creates the list's reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .load, .loadForReading:
        let withJournal = action == .load
        return .run { [storage, now = date.now] send in
          await send(
            .loadResponse(
              Result { () throws(TaskStorageError) in try TaskFile.load(from: storage, withJournal: withJournal, now: now) }
            )
          )
        }

      case let .loadResponse(.success(stored)):
        state.tasks = IdentifiedArray(uniqueElements: stored.outline.items)
        state.source = stored.source
        state.journal = stored.journal
        state.journalProblem = stored.journalProblem
        state.journalStepNotInFile = stored.stepNotInFile
        state.loadStatus = .loaded
        // A save refused before this load was of the file as it was then.
        state.saveMetAnotherProgramsChange = false
        return .none

      case .undo:
        return step(&state, .undo)

      case .redo:
        return step(&state, .redo)

      case .skipUndo:
        if case let .failed(message) = state.loadStatus {
          state.errorMessage = "Nothing was skipped, because the task list could not be loaded: \(message.description)"
          return .none
        }
        guard var journal = state.journal, journal.applied > 0 else {
          state.errorMessage = state.journalProblem.map { "There is nothing to undo: \($0)" + ($0.hasSuffix(".") ? "" : ".") } ?? "There is nothing to undo."
          return .none
        }
        journal.records.remove(at: journal.applied - 1)
        journal.applied -= 1
        state.journal = journal
        state.errorMessage = nil
        guard state.loadStatus == .loaded else { return .none }
        return save(state, adding: nil, step: nil)

      case let .journalEntryLoaded(serial, .success(entry), direction):
        guard let index = state.journal?.records.firstIndex(where: { $0.serial == serial }) else { return .none }
        state.journal?.records[index].entry = entry
        return step(&state, direction)

      case let .journalEntryLoaded(_, .failure(error), direction):
        state.errorMessage = "Nothing was \(direction == .undo ? "undone" : "redone"): \(error.description)"
        return .none

      case let .loadResponse(.failure(error)):
        state.loadStatus = .failed(error)
        return .none

      case .addButtonTapped:
        state.destination = .addTask(.add(id: uuid()))
        return .none

      case let .addTaskTapped(position):
        state.destination = .addTask(.add(id: uuid(), at: position))
        return .none

      case let .addProject(line):
        var project: Item
        do throws(OutlineError) {
          project = try OutlinePosition.project(fromLine: line)
        } catch {
          state.errorMessage = error.description
          return .none
        }
        if let existing = state.outline.project(named: project.title) {
          state.errorMessage = "There is already a project “\(existing.title)”."
          return .none
        }
        project = project.resolvingRelativeDates(today: today)
        project.id = uuid()
        return change(&state, "add project \(quoted(project.title))") { [project] tasks in
          var outline = Outline(items: tasks.elements)
          outline.appendTopLevelProject(project, blankLineID: uuid())
          tasks = IdentifiedArray(uniqueElements: outline.items)
        }

      case let .addNote(text, id):
        let lines = TaskPaperParser.parse(text, makeID: { UUID() }).items
        guard !text.contains(where: \.isNewline), lines.count == 1, lines[0].kind == .note, !lines[0].isBlank else {
          state.errorMessage = "Unable to convert “\(text)” into a note. \(Self.noteAdvice(text))"
          return .none
        }
        var note = lines[0].resolvingRelativeDates(today: today)
        note.id = uuid()
        return change(&state, "note on \(state.titles(of: [id]))") { tasks throws(OutlineError) in
          try tasks.insert(note, at: .inside(id), newProjectID: uuid())
        }

      case let .move(id, position):
        return change(&state, "move \(state.titles(of: [id]))", moved: [id]) { tasks throws(OutlineError) in
          try tasks.move(id, to: position, newProjectID: uuid())
        }

      case let .editTask(task):
        state.destination = .editTask(.edit(task))
        return .none

      case let .deleteButtonTapped(task):
        state.alert = Self.deleteConfirmation(for: task)
        return .none

      case let .markDone(ids):
        let day = today
        // Undo names the items the change marks, not those done already.
        return change(&state, "done \(state.titles(of: ids, preferring: { !$0.isDone }))") { tasks in
          for id in ids {
            // An item already done keeps the day it was done.
            _ = tasks.modifyItem(withID: id) { if !$0.isDone { $0.setTag(Tag(name: "done", value: day.description)) } }
          }
        }

      case let .markNotDone(ids):
        return change(&state, "undone \(state.titles(of: ids, preferring: \.isDone))") { tasks throws(OutlineError) in
          for id in ids { try tasks.removeTags(named: ["done"], from: id) }
        }

      case let .addTags(texts, id, replacingValues):
        var tags: [Tag] = []
        for text in texts {
          do throws(TaskPaperError) {
            var tag = try TaskPaperParser.parseTag(text)
            if TaskDate.isDateTagName(tag.name), let value = tag.value, (try? TaskDate.parse(value)) == nil {
              do throws(TaskDateError) {
                guard let resolved = try TaskDate.resolve(value, today: today) else { throw .notADate(value) }
                tag = Tag(name: tag.name, date: resolved)
              } catch {
                state.errorMessage = "\(TaskPaperError.invalidTag(text).description) \(error.description)."
                return .none
              }
            }
            tags.append(tag)
          } catch {
            state.errorMessage = error.description
            return .none
          }
        }
        if !replacingValues, let item = state.item(withID: id),
          let (old, new) = tags.lazy.compactMap({ new in
            new.value == nil ? item.tags.first { $0.hasName(new.name) && $0.value != nil }.map { ($0, new) } : nil
          }).first
        {
          state.errorMessage =
            "“\(item.title)” has \(old.description): \(new.description) alone would drop its value. To change the value, give the new one (\(new.description)(…)); to drop it, add --replace."
          return .none
        }
        let tagList = tags.map(\.description).joined(separator: " ")
        return change(&state, "tag \(state.titles(of: [id])) \(tagList)") { tasks in
          _ = tasks.modifyItem(withID: id) { item in
            for tag in tags { item.setTag(tag) }
          }
        }

      case let .removeTags(names, id):
        return change(&state, "untag \(state.titles(of: [id])) \(names.joined(separator: " "))") { tasks throws(OutlineError) in
          try tasks.removeTags(named: names, from: id)
        }

      case let .importTaskPaper(text, mode):
        let imported = TaskPaperParser.parse(text, makeID: { uuid() })
        var items = state.tasks.elements
        switch mode {
        case .append:
          items.append(contentsOf: imported.items)
        case .merge:
          Self.merge(imported.items, into: &items, parentLevel: -1)
        }
        // What undo says is what came in: merged items already there are not counted.
        let count = Outline(items: items).itemCountWithoutBlankLines - state.outline.itemCountWithoutBlankLines
        return change(&state, "import \(count) \(count == 1 ? "item" : "items")") { tasks in
          tasks = IdentifiedArray(uniqueElements: items)
        }

      case let .replaceItem(item):
        let item = item.resolvingRelativeDatesInOutline(today: today)
        // Only re-indented, with the same nesting (in the outline editor, say): the file keeps
        // its own indentation, so there is nothing to write, nor a change to undo.
        if let current = state.item(withID: item.id), Item.sameTree([current], [item], comparingLines: true) { return .none }
        return change(&state, "edit \(quoted(item.title))") { tasks in
          _ = tasks.modifyItem(withID: item.id) { $0 = item }
        }

      case let .filterChanged(filter):
        state.filter = filter
        return .none

      case let .saveFailed(message):
        state.errorMessage = message
        return .none

      case .forgetStepNotInFile:
        guard state.loadStatus == .loaded, state.journalStepNotInFile != nil else { return .none }
        state.journalStepNotInFile = nil
        state.errorMessage = nil
        return save(state, adding: nil, step: nil)

      case let .saveMetAnotherProgramsChange(message):
        state.errorMessage = message
        state.saveMetAnotherProgramsChange = true
        return .none

      case let .destination(.presented(.addTask(.delegate(.saveTask(task))))):
        guard case let .addTask(form)? = state.destination else { return .none }
        let task = task.resolvingRelativeDates(today: today)
        return change(&state, "add \(quoted(task.title))") { tasks throws(OutlineError) in
          try tasks.insert(task, at: form.position, newProjectID: uuid())
        }

      case let .destination(.presented(.editTask(.delegate(.saveTask(task))))):
        let task = task.resolvingRelativeDates(today: today)
        return change(&state, "edit \(quoted(task.title))") { tasks in
          _ = tasks.modifyItem(withID: task.id) { $0 = task }
        }

      case let .destination(.presented(.addTask(.delegate(.deleteTask(task))))),
        let .destination(.presented(.editTask(.delegate(.deleteTask(task))))):
        state.alert = Self.deleteConfirmation(for: task)
        return .none

      case let .deleteItems(ids):
        let present = ids.filter { state.item(withID: $0) != nil }
        guard !present.isEmpty else { return .none }
        return change(&state, "delete \(state.titles(of: present))") { tasks in
          for id in present { _ = tasks.removeItem(withID: id) }
        }

      case let .alert(.presented(.confirmDeletion(id))):
        return change(&state, "delete \(state.titles(of: [id]))") { tasks in
          _ = tasks.removeItem(withID: id)
        }

      case .destination, .alert:
        return .none
      }
    }
    .ifLet(\.$destination, action: .destination) { Destination() }
    .ifLet(\.$alert, action: .alert)
  }

  /// The confirmation shown before deleting `task`.
  public static func deleteConfirmation(for task: Item) -> AlertState<Action.Alert> {
    let count = task.descendantCount
    let title = task.title.isEmpty ? "this item" : "“\(task.title)”"
    let message: TextState =
      count == 0
      ? "Delete \(title)?"
      : "Delete \(title) and the \(count) \(count == 1 ? "item" : "items") under it?"
    return AlertState(
      title: "Are you sure?",
      message: message,
      buttons: [
        .destructive("Delete", action: .confirmDeletion(id: task.id)),
        .cancel("Cancel"),
      ]
    )
  }

  /// Applies `body` to the tasks, records the change in the journal as `description` (with
  /// `moved`, the items `body` moves: see ``TaskJournal/Entry/recording(_:from:to:source:moved:)``),
  /// and saves the list; or refuses when the list failed to load, or `body` throws (its error is
  /// the list's message, and nothing changes).
  private func change(
    _ state: inout State,
    _ description: String,
    moved: Set<UUID> = [],
    _ body: (inout IdentifiedArrayOf<Item>) throws(OutlineError) -> Void
  ) -> Effect<Action> {
    if case let .failed(message) = state.loadStatus {
      state.errorMessage = "The task list was not changed, because it could not be loaded: \(message.description)"
      return .none
    }
    let before = state.tasks.elements
    do {
      try body(&state.tasks)
    } catch {
      state.tasks = IdentifiedArray(uniqueElements: before)
      state.errorMessage = error.description
      return .none
    }
    state.errorMessage = nil
    state.saveMetAnotherProgramsChange = false
    let (entry, itemsAfter) = TaskJournal.Entry.recording(
      description, from: before, to: state.tasks.elements, source: state.source, moved: moved
    )
    guard !entry.isEmpty else { return .none }
    if let problem = Self.lineProblem(in: entry, itemsAfter: itemsAfter, items: state.tasks.elements) {
      state.tasks = IdentifiedArray(uniqueElements: before)
      state.errorMessage = problem
      return .none
    }
    state.journal?.record(entry)
    guard state.loadStatus == .loaded else { return .none }
    return save(state, adding: entry)
  }

  /// Why a line the change writes anew would not read back as its item, or nil when every one
  /// does. Only a title the parser never makes can cause it, most often one that opens a tag
  /// value and never closes it (`Buy @due(2020`): the first `)` of a tag written after it
  /// would close it, swallowing that tag.
  ///
  /// The items are found in `itemsAfter` (``TaskJournal/Entry/recording(_:from:to:source:moved:)``),
  /// else in `items`, walked only for those it lacks.
  static func lineProblem(in entry: TaskJournal.Entry, itemsAfter: [UUID: Item] = [:], items: [Item]) -> String? {
    var rewritten: [UUID] = []
    for change in entry.changes {
      switch change {
      case .line(let id, _, _): rewritten.append(id)
      case .place(let id, let before, let after?) where before?.line != after.line: rewritten.append(id)
      case .place: break
      }
    }
    var checked: [Item] = []
    var missing = Set<UUID>()
    for id in rewritten {
      if let item = itemsAfter[id] { checked.append(item) } else { missing.insert(id) }
    }
    if !missing.isEmpty {
      Outline(items: items).forEachEntry { entry in
        if missing.contains(entry.item.id) { checked.append(entry.item) }
      }
    }
    for item in checked {
      // A blank line is written as the whitespace it had, or as nothing: it always reads back.
      guard !item.isBlank else { continue }
      let read = TaskPaperParser.parse(TaskPaperPrinter.line(for: item), makeID: { item.id }).items
      if read.count == 1, read[0].kind == item.kind, read[0].title == item.title, read[0].tags == item.tags { continue }
      if let opener = TagSyntax.unclosedValueOpener(in: item.title) {
        return "“\(item.title)” cannot take this change: “\(opener)” in its text is never closed, so a tag written after it would read as part of it. Close it with “)”, or change the text with taskman edit, first."
      }
      return "“\(item.title)” cannot take this change: its line would not read back as written. Change its text with taskman edit first."
    }
    return nil
  }

  /// Today, by the `date` and `timeZone` dependencies.
  private var today: TaskDate.Day {
    TaskDate.Point(date.now, in: timeZone, includingTime: false).day
  }

  /// Why a line is no note, and what to do instead.
  public static func noteAdvice(_ text: String) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty { return "A note needs some text." }
    if text.contains(where: \.isNewline) { return "A note is one line of text." }
    switch TaskPaperParser.parse(trimmed, makeID: { UUID() }).items.first?.kind {
    case .task?:
      return "A line starting with “- ” is a task: add it with taskman add --under <id>."
    case .project?:
      return "A line ending with “:” (before any tags) is a project; end it otherwise, say with a full stop."
    default:
      return "A note is one line of text."
    }
  }

  /// Undoes or redoes the next change of the journal and saves the list.
  private func step(_ state: inout State, _ direction: TaskJournal.Direction) -> Effect<Action> {
    let verb = direction == .undo ? "undone" : "redone"
    if case let .failed(message) = state.loadStatus {
      state.errorMessage = "Nothing was \(verb), because the task list could not be loaded: \(message.description)"
      return .none
    }
    guard var journal = state.journal,
      let record = direction == .undo ? journal.undoable : journal.redoable
    else {
      let nothing = direction == .undo ? "There is nothing to undo" : "There is nothing to redo"
      state.errorMessage = state.journalProblem.map { "\(nothing): \($0)" + ($0.hasSuffix(".") ? "" : ".") } ?? "\(nothing)."
      return .none
    }
    guard let entry = record.entry else {
      return .run { [storage] send in
        let entry = Result { () throws(TaskStorageError) in try TaskFile.loadEntry(of: record, from: storage) }
        await send(.journalEntryLoaded(serial: record.serial, entry, direction))
      }
    }
    var items = state.tasks.elements
    let outcome: TaskJournal.Entry.Outcome
    do {
      outcome = try entry.apply(direction, to: &items)
    } catch {
      state.errorMessage = error.description
      return .none
    }
    journal.applied += direction == .undo ? -1 : 1
    state.journal = journal
    state.errorMessage = nil
    state.saveMetAnotherProgramsChange = false
    var restoring: [UUID: String] = [:]
    if case let .applied(lines) = outcome {
      state.tasks = IdentifiedArray(uniqueElements: items)
      restoring = lines
    }
    guard state.loadStatus == .loaded else { return .none }
    return save(
      state, adding: nil, step: direction == .undo ? .undo : .redo, restoring: restoring,
      withoutFinalLineBreak: direction == .undo && entry.addedFinalLineBreak,
      lineBreak: entry.usualLineBreak ?? (direction == .undo ? entry.emptiedFileLineBreak : nil), lineBreaks: entry.lineBreaks,
      expectedLineBreak: direction == .undo ? entry.usualLineBreakAfter : entry.usualLineBreak
    )
  }

  /// Saves the list over the text it was loaded from, with the journal (or, when it was not
  /// loaded, adding `entry` to the stored one), superseding a save that has not been written
  /// yet. The text is written off the main actor; the documents are stored on it, after
  /// checking that no newer save started, so an older list can never be stored after a newer
  /// one. The journal in state holds every entry since the load, so a superseded save loses
  /// none.
  ///
  /// The journal keeps `step` with the file's hash before and after it (nil: a step that
  /// changes no line, which keeps none), so that the next load tells whether the file got it.
  private func save(
    _ state: State, adding entry: TaskJournal.Entry?, step: TaskJournal.FileStep.Kind? = .record,
    restoring: [UUID: String] = [:], withoutFinalLineBreak: Bool = false,
    lineBreak: String? = nil, lineBreaks: [UUID: String] = [:], expectedLineBreak: String? = nil
  ) -> Effect<Action> {
    .run { [storage, items = state.tasks.elements, source = state.source, journal = state.journal, now = date.now] send in
      let written = TaskFile.write(
        items, over: source, restoring: restoring, withoutFinalLineBreak: withoutFinalLineBreak, lineBreak: lineBreak,
        lineBreaks: lineBreaks, expectedLineBreak: expectedLineBreak, now: now
      )
      // The journal keeps the lines as written, and a final line break the write had to add,
      // so that undo and redo give back those bytes.
      var journal = journal
      let entry = entry.map { entry in
        var entry = entry.recordingLines(asWritten: written.rewrittenLines, newLines: written.newLines)
        entry.addedFinalLineBreak = written.addedFinalLineBreak
        entry.emptiedFileLineBreak = written.emptiedFileLineBreak
        // Lines are put back, or given a line break, only by a change that places items.
        if entry.changes.contains(where: { if case .place = $0 { true } else { false } }) {
          entry.usualLineBreak = written.usualLineBreak
          entry.usualLineBreakAfter = written.firstLineBreak
          entry.lineBreaks = written.droppedLineBreaks
        }
        return entry
      }
      if let entry { journal?.replaceNewestEntry(with: entry) }
      journal?.lastStep = step.map { kind in
        let before = source.bytes.withUnsafeBytes { FileHash.of($0) }
        return TaskJournal.FileStep(kind: kind, before: before, after: written.file.withUnsafeBytes { FileHash.of($0) })
      }
      let failure: Action? = await MainActor.run { [journal] in
        guard !Task.isCancelled else { return nil }
        do throws(TaskStorageError) {
          try TaskFile.store(written, journal: journal, adding: entry, to: storage)
          return nil
        } catch {
          let message = "Could not save the task list: \(error)"
          if case .storage(.changedSinceRead) = error { return .saveMetAnotherProgramsChange(message) }
          return .saveFailed(message)
        }
      }
      if let failure { await send(failure) }
    }
    .cancellable(id: CancelID.save, cancelInFlight: true)
  }

  /// Adds `imported` to `items`: an imported item with the same line as a not yet matched
  /// item among `items` is that item (its children are merged in turn); any other is inserted
  /// after the item its imported predecessor matched, else before the item its first matched
  /// successor did, else at the end. Linear in the items, so importing a large file into a
  /// large list stays fast.
  ///
  /// Blank lines are spacing, not items: the list's own are never matched (nor moved), and an
  /// imported one comes in only with new items, when the item with text after it is new (or,
  /// last among its siblings, the one before it).
  static func merge(_ imported: [Item], into items: inout [Item], parentLevel: Int) {
    struct Line: Hashable {
      var kind: Item.Kind
      var title: String
      var tags: [Tag]
      init(_ item: Item) { (kind, title, tags) = (item.kind, item.title, item.tags) }
    }
    // For each line, the unmatched items with it, the first last.
    var candidates: [Line: [Int]] = [:]
    for index in items.indices.reversed() where !items[index].isBlank {
      candidates[Line(items[index]), default: []].append(index)
    }
    let matches = imported.map { $0.isBlank ? nil : candidates[Line($0)]?.popLast() }
    // Whether each imported blank line comes in: by the nearest item with text after it, else
    // before it, whether that one is new.
    var blankComesIn = [Bool](repeating: false, count: imported.count)
    var nextWithText: Int?
    for offset in imported.indices.reversed() {
      if !imported[offset].isBlank {
        nextWithText = offset
      } else if let nextWithText {
        blankComesIn[offset] = matches[nextWithText] == nil
      }
    }
    if let lastWithText = imported.lastIndex(where: { !$0.isBlank }), matches[lastWithText] == nil {
      for offset in (lastWithText + 1)..<imported.count { blankComesIn[offset] = true }
    }

    var after: [Int: [Item]] = [:]
    var before: [Int: [Item]] = [:]
    var atEnd: [Item] = []
    var previous: Int?
    var next = matches.firstIndex { $0 != nil }
    for (offset, var item) in imported.enumerated() {
      if let index = matches[offset] {
        merge(item.children, into: &items[index].children, parentLevel: items[index].level)
        previous = index
        next = matches[(offset + 1)...].firstIndex { $0 != nil }
        continue
      }
      if item.isBlank, !blankComesIn[offset] { continue }
      item.shiftLevels(by: parentLevel + 1 - item.level)
      if let previous {
        after[previous, default: []].append(item)
      } else if let next, let successor = matches[next] {
        before[successor, default: []].append(item)
      } else {
        atEnd.append(item)
      }
    }
    guard !after.isEmpty || !before.isEmpty || !atEnd.isEmpty else { return }
    var merged: [Item] = []
    merged.reserveCapacity(items.count + imported.count)
    for index in items.indices {
      if let inserted = before[index] { merged.append(contentsOf: inserted) }
      merged.append(items[index])
      if let inserted = after[index] { merged.append(contentsOf: inserted) }
    }
    merged.append(contentsOf: atEnd)
    items = merged
  }
}

extension CasePath where Root == TaskList.Action {
  /// The task form's actions.
  public static var destination: CasePath<Root, PresentationAction<TaskList.Destination.Action>> {
    .init(Root.destination) { if case let .destination(v) = $0 { v } else { nil } }
  }
  /// The delete confirmation's answers.
  public static var alert: CasePath<Root, PresentationAction<TaskList.Action.Alert>> {
    .init(Root.alert) { if case let .alert(v) = $0 { v } else { nil } }
  }
}

extension CasePath where Root == TaskList.Destination.State {
  /// The add form.
  public static var addTask: CasePath<Root, TaskForm.State> {
    .init(Root.addTask) { if case let .addTask(v) = $0 { v } else { nil } }
  }
  /// The edit form.
  public static var editTask: CasePath<Root, TaskForm.State> {
    .init(Root.editTask) { if case let .editTask(v) = $0 { v } else { nil } }
  }
}

extension TaskList.Destination.State: PresentationCases {
  /// Which form is open, told without reflection: a command-line run pays for reflection's
  /// first use of each type every time.
  public var presentedCase: PresentedCase {
    switch self {
    case let .addTask(form): PresentedCase("addTask", form)
    case let .editTask(form): PresentedCase("editTask", form)
    }
  }
}

extension CasePath where Root == TaskList.Destination.Action {
  /// The add form's actions.
  public static var addTask: CasePath<Root, TaskForm.Action> {
    .init(Root.addTask) { if case let .addTask(v) = $0 { v } else { nil } }
  }
  /// The edit form's actions.
  public static var editTask: CasePath<Root, TaskForm.Action> {
    .init(Root.editTask) { if case let .editTask(v) = $0 { v } else { nil } }
  }
}

extension IdentifiedArray where ID == UUID, Element == Item {
  /// Adds `item` at `position`; see ``Outline/insert(_:at:newProjectID:)``.
  mutating func insert(_ item: Item, at position: OutlinePosition, newProjectID: @autoclosure () -> UUID) throws(OutlineError) {
    var outline = Outline(items: elements)
    try outline.insert(item, at: position, newProjectID: newProjectID())
    self = IdentifiedArray(uniqueElements: outline.items)
  }

  /// Removes every tag with one of `names` from the item with `id`, unless that would leave it
  /// a blank line (a note of tags only): no item, and its children would go under another parent.
  mutating func removeTags(named names: [String], from id: UUID) throws(OutlineError) {
    var emptied: String?
    _ = modifyItem(withID: id) { item in
      let line = TaskPaperPrinter.line(for: item)
      for name in names { item.removeTags(named: name) }
      if item.isBlank { emptied = line }
    }
    // The caller's change puts the items back as they were.
    if let emptied { throw .wouldBeBlank(emptied) }
  }

  /// Moves the item with `id` to `position`; see ``Outline/move(_:to:newProjectID:)``.
  mutating func move(_ id: UUID, to position: OutlinePosition, newProjectID: @autoclosure () -> UUID) throws(OutlineError) {
    var outline = Outline(items: elements)
    try outline.move(id, to: position, newProjectID: newProjectID())
    self = IdentifiedArray(uniqueElements: outline.items)
  }

  /// Applies `body` to the item with `id` at any depth; false when there is none.
  @discardableResult
  mutating func modifyItem(withID id: UUID, _ body: (inout Item) -> Void) -> Bool {
    if contains(id: id) {
      modify(id: id, body)
      return true
    }
    for index in indices where Item.find(id, in: self[index].children) != nil {
      return modify(id: self[index].id) { $0.modifyItem(withID: id, body) } ?? false
    }
    return false
  }

  /// Removes the item with `id` at any depth, with its children.
  @discardableResult
  mutating func removeItem(withID id: UUID) -> Item? {
    if let removed = remove(id: id) { return removed }
    for index in indices where Item.find(id, in: self[index].children) != nil {
      return modify(id: self[index].id) { $0.removeItem(withID: id) } ?? nil
    }
    return nil
  }
}

extension TaskList.State {
  /// The quoted titles of the items with `ids`, for history descriptions: `“Buy milk”, “Bank”`.
  func titles(of ids: [UUID]) -> String {
    listed(ids.map { quoted(item(withID: $0)?.title ?? $0.uuidString) })
  }

  /// The titles of the items with `ids` that are `wanted` (the ones a change changes), or of
  /// all of them when none is.
  func titles(of ids: [UUID], preferring wanted: (Item) -> Bool) -> String {
    let found = ids.map { ($0, item(withID: $0)) }
    let preferred = found.filter { $0.1.map(wanted) == true }
    return listed((preferred.isEmpty ? found : preferred).map { quoted($0.1?.title ?? $0.0.uuidString) })
  }
}

/// A title for a history description: whole up to 100 characters, else its first 99 and "…", so
/// that a huge line fills neither the terminal (`Undid: …`) nor the journal.
private func quoted(_ title: String) -> String {
  guard title.count > 100 else { return "“\(title)”" }
  return "“\(title.prefix(99))…”"
}

/// Quoted titles for a history description: up to five, then how many more.
private func listed(_ titles: [String]) -> String {
  guard titles.count > 5 else { return titles.joined(separator: ", ") }
  return titles.prefix(5).joined(separator: ", ") + " and \(titles.count - 5) more"
}

extension Item {
  /// How many items are nested under this one, at any depth.
  var descendantCount: Int {
    children.reduce(children.count) { $0 + $1.descendantCount }
  }
}
