import TaskManager

/// `taskman undo`
struct UndoCommand: ParsableCommand, Equatable {
  static let configuration = CommandConfiguration<Self>(
    name: "undo",
    abstract: "Revert the last command that changed tasks, and say what it reverted. Repeat to go further back.",
    parameters: []
  )

  /// Sends `undo`, printing the description of the step it reverts; with nothing to undo, the
  /// feature's message and exit 1.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let app = try context.appStore()
    return try await app.withLoadedTasks { () throws(TaskmanError) in
      let description = app.state.history.steps.last?.description
      app.send(.undo)
      if let message = app.state.errorMessage {
        throw .nothingMatched(message, hint: "Only changes made by taskman commands can be undone, \(TaskHistory.limit) at most.")
      }
      try await app.finishChanges()
      context.output.write("Undid: \(TextStyle.printable(description ?? "the last change"))\n")
      return .success
    }
  }
}
