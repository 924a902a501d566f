import TaskManager

/// `taskman done <id>...`
struct DoneCommand: ParsableCommand, Equatable {
  var ids: [String] = []

  static let configuration = CommandConfiguration<Self>(
    name: "done",
    abstract: "Mark items done: adds @done(<today>).",
    discussion: "An item already done keeps the day it was done; 'taskman undone' removes it.",
    examples: ["taskman done 3f2a 9c01"],
    parameters: [
      .arguments(\.ids, name: "id", help: "The items' ids, or unique prefixes of them.")
    ]
  )

  /// Sends `markDone` for the items; prints their rows.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let app = try context.appStore()
    return try await app.withLoadedTasks { () throws(TaskmanError) in
      // Marking items done adds and removes none, so the short ids stay the same.
      let index = app.shortIDs()
      let ids = try app.resolve(ids, in: index).map(\.id)
      app.send(.markDone(ids: ids))
      // A change that cannot be written is refused before anything is saved.
      if let message = app.state.errorMessage { throw .usage(message) }
      try await app.finishChanges()
      context.output.write(TaskRowRenderer.render(app.rows(for: ids, index: index), style: context.style))
      return .success
    }
  }
}
