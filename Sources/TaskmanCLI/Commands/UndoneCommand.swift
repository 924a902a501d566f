import TaskManager

/// `taskman undone <id>...`
struct UndoneCommand: ParsableCommand, Equatable {
  var ids: [String] = []

  static let configuration = CommandConfiguration<Self>(
    name: "undone",
    abstract: "Mark items not done: removes @done.",
    examples: ["taskman undone 3f2a"],
    parameters: [
      .arguments(\.ids, name: "id", help: "The items' ids, or unique prefixes of them.")
    ]
  )

  /// Sends `markNotDone` for the items; prints their rows.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let app = try context.appStore()
    return try await app.withLoadedTasks { () throws(TaskmanError) in
      // Removing @done adds and removes no items, so the short ids stay the same.
      let index = app.shortIDs()
      let ids = try app.resolve(ids, in: index).map(\.id)
      app.send(.markNotDone(ids: ids))
      // A change that cannot be written is refused before anything is saved.
      if let message = app.state.errorMessage { throw .usage(message) }
      try await app.finishChanges()
      context.output.write(TaskRowRenderer.render(app.rows(for: ids, index: index), style: context.style))
      return .success
    }
  }
}
