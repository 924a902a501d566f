import TaskManager

/// `taskman add <text>...`
struct AddCommand: ParsableCommand, Equatable {
  /// The words of the task's line, joined with spaces.
  var text: [String] = []

  static let configuration = CommandConfiguration<Self>(
    name: "add",
    abstract: "Add a task. The text is a TaskPaper line, so tags in it tag the task. Prints the new task's short id.",
    examples: ["taskman add Buy milk @shopping @due(2026-12-01)", "taskman add -- -5 degrees: bring a coat"],
    parameters: [
      .arguments(\.text, name: "text", help: "The task's title and tags, like: Buy milk @shopping @due(2026-12-01).")
    ]
  )

  /// Opens the add form, types the text into it and saves it, as a person would; the form's
  /// error (`Unable to convert … into a task.`) is the command's.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let line = text.joined(separator: " ")
    let app = try context.appStore()
    return try await app.withLoadedTasks { () throws(TaskmanError) in
      app.send(.addButtonTapped)
      guard case .addTask(let form)? = app.state.destination else {
        throw TaskmanError(.usage, "the task list did not open its add form")
      }
      app.send(.destination(.presented(.addTask(.textChanged(line)))))
      await app.send(.destination(.presented(.addTask(.saveButtonTapped)))).finish()
      await app.store.finishEffects()
      if case .addTask(let refused)? = app.state.destination {
        app.send(.destination(.dismiss))
        throw .usage(
          refused.errorMessage ?? "the task was not added",
          hint: "A task is one line of TaskPaper: a title, then tags, like: taskman add Buy milk @shopping @due(2026-12-01)"
        )
      }
      try await app.finishChanges()
      context.output.write(app.shortIDs().shortID(for: form.id) + "\n")
      return .success
    }
  }
}
