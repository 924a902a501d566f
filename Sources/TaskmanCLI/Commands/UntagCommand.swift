/// `taskman untag <id> <name>...`
struct UntagCommand: ParsableCommand, Equatable {
  var id = ""
  var names: [TagName] = []

  static let configuration = CommandConfiguration<Self>(
    name: "untag",
    abstract: "Remove tags from an item, whatever their values.",
    examples: ["taskman untag 3f2a today due"],
    parameters: [
      .argument(\.id, name: "id", help: "The item's id, or any unique prefix of it."),
      .arguments(\.names, name: "name", help: "Tag names, with or without the @."),
    ]
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    throw .notAvailableYet(Self.name)
  }
}
