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

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    throw .notAvailableYet(Self.name)
  }
}
