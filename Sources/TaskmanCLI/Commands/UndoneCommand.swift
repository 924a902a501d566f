import TaskManager

/// `taskman undone <id>...`
struct UndoneCommand: ParsableCommand, Equatable {
  var ids: [String] = []

  static let configuration = CommandConfiguration<Self>(
    name: "undone",
    abstract: "Mark items not done: removes @done.",
    examples: ["taskman undone 3f2a"],
    parameters: [
      .arguments(\.ids, name: "id", value: .id, help: "The items' ids, or unique prefixes of them.")
    ]
  )

  /// Sends `markNotDone` for the items; prints their rows.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    try await context.changeItems(ids) { .markNotDone(ids: $0.map(\.id)) }
  }
}
