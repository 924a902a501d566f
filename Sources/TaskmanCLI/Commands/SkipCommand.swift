import TaskManager

/// `taskman skip <id>...`
struct SkipCommand: ParsableCommand, Equatable {
  var ids: [String] = []

  static let configuration = CommandConfiguration<Self>(
    name: "skip",
    abstract: "Move repeating tasks to their next date without completing them.",
    discussion: "Each task's @due moves by its @repeat rule from its @due (and its @start and @defer by as many days), as 'taskman done' would date its next instance; nothing is marked done. A task without @repeat, with a rule taskman does not read, or without a @due date is refused, naming the rule and the forms taskman reads. 'taskman undo' moves it back.",
    examples: ["taskman skip 3f2a"],
    parameters: [
      .arguments(\.ids, name: "id", value: .id, help: "The repeating tasks' ids, or unique prefixes of them.")
    ]
  )

  /// Sends `skipRepetition` for the items; prints their rows.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    try await context.changeItems(ids) { .skipRepetition(ids: $0.map(\.id)) }
  }
}
