/// `taskman done <id>...`
struct DoneCommand: ParsableCommand, Equatable {
  var ids: [String] = []

  static let configuration = CommandConfiguration<Self>(
    name: "done",
    abstract: "Mark items done: adds @done(<today>).",
    examples: ["taskman done 3f2a 9c01"],
    parameters: [
      .arguments(\.ids, name: "id", help: "The items' ids, or unique prefixes of them.")
    ]
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    throw .notAvailableYet(Self.name)
  }
}
