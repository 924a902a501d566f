import TaskManager

/// `taskman edit <id> <text>...`
struct EditCommand: ParsableCommand, Equatable {
  var id = ""
  var text: [String] = []

  static let configuration = CommandConfiguration<Self>(
    name: "edit",
    abstract: "Replace an item's line with new text; its notes and subtasks stay.",
    examples: ["taskman edit 3f2a Buy oat milk @shopping"],
    parameters: [
      .argument(\.id, name: "id", help: "The item's id, or any unique prefix of it."),
      .arguments(\.text, name: "text", help: "The new TaskPaper line: title and tags."),
    ]
  )

  /// Opens the edit form on the item, replaces its text and saves it; prints the item's row.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let line = text.joined(separator: " ")
    let app = try context.appStore()
    return try await app.withLoadedTasks { () throws(TaskmanError) in
      let item = try app.resolve([id])[0]
      app.send(.editTask(item))
      guard case .editTask? = app.state.destination else {
        throw TaskmanError(.usage, "the task list did not open its edit form")
      }
      app.send(.destination(.presented(.editTask(.textChanged(line)))))
      await app.send(.destination(.presented(.editTask(.saveButtonTapped)))).finish()
      await app.store.finishEffects()
      if case .editTask(let refused)? = app.state.destination {
        app.send(.destination(.dismiss))
        throw .usage(
          refused.errorMessage ?? "the item was not changed",
          hint: "The new text is one line of TaskPaper: a title, then tags, like: taskman edit \(id) Buy oat milk @shopping"
        )
      }
      try await app.finishChanges()
      context.output.write(TaskRowRenderer.render(app.rows(for: [item.id], index: app.shortIDs()), style: context.style))
      return .success
    }
  }
}
