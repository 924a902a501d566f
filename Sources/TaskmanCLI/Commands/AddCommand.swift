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

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    throw .notAvailableYet(Self.name)
  }
}
