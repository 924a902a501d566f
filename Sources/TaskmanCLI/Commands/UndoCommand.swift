import TaskManager

/// `taskman undo [--skip]`
struct UndoCommand: ParsableCommand, Equatable {
  var skip = false

  static let configuration = CommandConfiguration<Self>(
    name: "undo",
    abstract: "Revert the last change taskman made, and say what it reverted. Repeat to go further back.",
    discussion: "Only the items that change touched are put back; edits made to other lines since, in an editor or the TaskPaper app, stay. When one of the touched items was itself edited since, nothing is reverted and the item is named; 'taskman undo --skip' then drops that change from the history, leaving the file as it is, so that the changes before it can be undone. 'taskman redo' makes an undone change again.",
    examples: ["taskman undo", "taskman undo --skip"],
    parameters: [
      .flag(\.skip, name: "skip", help: "Drop the last change from the history without reverting it (the file stays as it is); the next undo reverts the change before it.")
    ]
  )

  /// Sends `undo`, printing the description of the change it reverts; with nothing to undo,
  /// or an item in the way, the feature's message and exit 1. With `--skip`, drops the change
  /// from the history instead, saying so.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    if skip { return try await JournalStep.skip(in: context) }
    return try await JournalStep.run(.undo, in: context)
  }
}

/// `taskman redo`
struct RedoCommand: ParsableCommand, Equatable {
  static let configuration = CommandConfiguration<Self>(
    name: "redo",
    abstract: "Make again the last change 'taskman undo' reverted. Repeat to go further forward.",
    discussion: "Possible until taskman makes a new change, which forgets the changes undone before it.",
    parameters: []
  )

  /// Sends `redo`, printing the description of the change it makes again.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    try await JournalStep.run(.redo, in: context)
  }
}

/// What `undo` and `redo` share.
enum JournalStep {
  /// `undo --skip`: drops the newest change in effect from the journal, naming it.
  @MainActor
  static func skip(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let app = try context.appStore(stepsThroughHistory: true)
    return try await app.withLoadedTasks { () throws(TaskmanError) in
      let record = app.state.journal?.undoable
      try await app.change(.skipUndo)
      let description = TextStyle.printable(record?.description ?? "the last change")
      context.output.write("Skipped: \(description), without undoing it; it is no longer in the history.\n")
      return .success
    }
  }

  @MainActor
  static func run(_ direction: TaskJournal.Direction, in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let app = try context.appStore(stepsThroughHistory: true)
    app.announcesStepNotInFile = false
    defer { app.announcesStepNotInFile = true }
    return try await app.withLoadedTasks { () throws(TaskmanError) in
      // A step the file never got (or that was reverted by hand) is this command's step: taken
      // out of the history, it is neither undone again nor ever replayed.
      if let step = app.state.journalStepNotInFile {
        try await app.change(.forgetStepNotInFile)
        context.output.write(
          "Stepped over: \(TextStyle.printable(step)), which is not in the file (it was reverted by hand, or taskman was stopped before saving it); nothing else was \(direction == .undo ? "undone" : "redone").\n"
        )
        return .success
      }
      // A refusal (nothing to step over, a step that cannot be taken) is exit 1, with the hint.
      try await app.change(direction == .undo ? .undo : .redo, hint: refusalHint(direction, state: app.state))
      // The record just stepped over: now the first undone one, or the last one in effect.
      let record = direction == .undo ? app.state.journal?.redoable : app.state.journal?.undoable
      let verb = direction == .undo ? "Undid" : "Redid"
      context.output.write("\(verb): \(TextStyle.printable(record?.description ?? "the last change"))\n")
      return .success
    }
  }

  /// What a refused undo or redo adds to the list's message, from the state after the refusal.
  private static func refusalHint(_ direction: TaskJournal.Direction, state: TaskList.State) -> String? {
    // The limits explain only an empty history: a change that could not be undone (its item
    // deleted by hand since, say) or the journal's own problem is the whole story.
    let nothingLeft = (direction == .undo ? state.journal?.undoable : state.journal?.redoable) == nil
    // Whether the oldest change kept is not the first ever recorded: older ones were
    // forgotten (at the limits, or undone and then replaced by a new change).
    let forgotten = state.journal.map { ($0.records.first?.serial ?? $0.nextSerial) > 1 } ?? false
    if state.journalProblem != nil || (direction == .undo && nothingLeft && !forgotten) {
      // A problem is the whole story, and so is a history where nothing was forgotten: a
      // new file's, or one whose every change is undone.
      return nil
    } else if state.journal.map({ $0.nextSerial <= 1 }) == true {
      // A history where nothing ever happened.
      return nil
    } else if !nothingLeft {
      return direction == .undo
        ? "Undo goes back one change at a time, so the changes before this one stay as they are too; changes made from now on can be undone as usual. To go past it, 'taskman undo --skip' drops this change from the history, leaving the file as it is."
        : "Redo goes forward one change at a time, so the changes after this one cannot be redone either."
    } else {
      return direction == .undo
        ? "taskman keeps its last \(TaskJournal.entryLimit) changes to undo, fewer when they are larger than \(TaskJournal.sizeLimit / (1024 * 1024)) MiB together (a large import, say)."
        : "Only changes reverted by 'taskman undo' since taskman's last change can be redone."
    }
  }
}
