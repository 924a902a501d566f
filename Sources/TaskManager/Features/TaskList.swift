import Composable
import Dependencies
import Foundation

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
/// which rewrites only the lines of the items it touched. A program that holds a task file
/// (lock, load, change, save) does it with ``TaskFileSession``, which reads the file its own way
/// and hands the result to ``Action/loadResponse(_:)``.
///
/// The reducer's cases are here; the rest is by job: ``State`` and ``Action`` (their own
/// files), the change, step and save the cases share (`TaskList+Saving.swift`), outline editing
/// and importing (`TaskList+OutlineEditing.swift`), and the case paths.
public struct TaskList: Reducer {
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
        // A refusal or a save refused before this load was of the file as it was then; left,
        // it would be taken for the outcome of the next change (a shell's next line).
        state.errorMessage = nil
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
        return change(&state, "add project \(Self.quoted(project.title))") { [project] tasks in
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

      case let .moveItems(ids, position):
        return moveItems(&state, ids: ids, to: position)

      case let .editTask(task):
        state.destination = .editTask(.edit(task))
        return .none

      case let .deleteButtonTapped(task):
        state.alert = Self.deleteConfirmation(for: task)
        return .none

      case let .markDone(ids):
        return markDone(&state, ids: ids)

      case .archiveDone:
        return archiveDone(&state)

      case let .archiveDoneItems(ids):
        return archiveDone(&state, among: Set(ids))

      case let .skipRepetition(ids):
        return skipRepetition(&state, ids: ids)

      case let .markNotDone(ids):
        return change(&state, "undone \(state.titles(of: ids, preferring: \.isDone))") { tasks throws(OutlineError) in
          for id in ids { try tasks.removeTags(named: ["done"], from: id) }
        }

      case let .addTags(texts, id, replacingValues):
        return addTags(&state, texts, to: [id], replacingValues: replacingValues)

      case let .addTagsToItems(texts, ids, replacingValues):
        return addTags(&state, texts, to: ids, replacingValues: replacingValues)

      case let .removeTags(names, id):
        return removeTags(&state, names, from: [id])

      case let .removeTagsFromItems(names, ids):
        return removeTags(&state, names, from: ids)

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
        return change(&state, "edit \(Self.quoted(item.title))") { tasks in
          _ = tasks.modifyItem(withID: item.id) { $0 = item }
        }

      case let .filterChanged(filter):
        state.filter = filter
        return .none

      case let .settingsChanged(settings):
        state.$settings.withLock { $0 = settings }
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
        return change(&state, "add \(Self.quoted(task.title))") { tasks throws(OutlineError) in
          try tasks.insert(task, at: form.effectivePosition, newProjectID: uuid())
        }

      case let .destination(.presented(.editTask(.delegate(.saveTask(task))))):
        let task = task.resolvingRelativeDates(today: today)
        return change(&state, "edit \(Self.quoted(task.title))") { tasks in
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

  /// Today, by the `date` and `timeZone` dependencies.
  var today: TaskDate.Day {
    TaskDate.Point(date.now, in: timeZone, includingTime: false).day
  }

  /// What `@done(…)` says for an item done now: today, or today and the minute.
  func doneStamp(_ format: DoneDateFormat) -> String {
    TaskDate.Point(date.now, in: timeZone, includingTime: format == .datetime).description
  }
}
