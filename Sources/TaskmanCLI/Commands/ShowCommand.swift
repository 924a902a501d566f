/// `taskman show <id> [--json]`
struct ShowCommand: ParsableCommand, Equatable {
  var id = ""
  var json = false

  static let configuration = CommandConfiguration<Self>(
    name: "show",
    abstract: "Show one item with its notes and subtasks, as TaskPaper text.",
    examples: ["taskman show 3f2a"],
    parameters: [
      .argument(\.id, name: "id", help: "The item's id, or any unique prefix of it."),
      .flag(\.json, name: "json", help: "Print JSON (see Documentation/taskman-json.md) instead of text."),
    ]
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    throw .notAvailableYet(Self.name)
  }
}
