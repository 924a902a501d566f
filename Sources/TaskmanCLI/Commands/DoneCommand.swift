import TaskManager

/// `taskman done <id>...`
struct DoneCommand: ParsableCommand, Equatable {
  var ids: [String] = []

  static let configuration = CommandConfiguration<Self>(
    name: "done",
    abstract: "Mark items done: adds @done(<today>).",
    discussion: "An item already done keeps the day it was done; 'taskman undone' removes it. With the done.date-format setting datetime, the stamp has the minute too: @done(2026-11-28 14:05) (see 'taskman help config').",
    examples: ["taskman done 3f2a 9c01"],
    parameters: [
      .arguments(\.ids, name: "id", value: .id, help: "The items' ids, or unique prefixes of them.")
    ]
  )

  /// Sends `markDone` for the items; prints their rows.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    try await context.changeItems(ids) { .markDone(ids: $0.map(\.id)) }
  }
}
