import Composable
import Dependencies
import Foundation

// Changing, stepping through the journal and saving: what the reducer's cases share.
extension TaskList {
  /// Applies `body` to the tasks, records the change in the journal as `description` (with
  /// `moved`, the items `body` moves: see ``TaskJournal/Entry/recording(_:from:to:source:moved:)``),
  /// and saves the list; or refuses when the list failed to load, or `body` throws (its error is
  /// the list's message, and nothing changes).
  func change(
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
    state.journal?.record(entry, at: date.now)
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


  /// Undoes or redoes the next change of the journal and saves the list.
  func step(_ state: inout State, _ direction: TaskJournal.Direction) -> Effect<Action> {
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
  func save(
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
          try TaskFile.store(written, journal: journal, adding: entry, at: now, to: storage)
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
}
