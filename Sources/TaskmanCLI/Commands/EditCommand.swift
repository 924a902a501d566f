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

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    throw .notAvailableYet(Self.name)
  }
}
