/// `taskman tag <id> <@tag>...`
struct TagCommand: ParsableCommand, Equatable {
  var id = ""
  /// As typed; the feature parses each and words the error for a bad one.
  var tags: [String] = []

  static let configuration = CommandConfiguration<Self>(
    name: "tag",
    abstract: "Add tags to an item, or change the value of a tag it has.",
    examples: ["taskman tag 3f2a @today @due(2026-12-01)"],
    parameters: [
      .argument(\.id, name: "id", help: "The item's id, or any unique prefix of it."),
      .arguments(\.tags, name: "tag", help: "Tags in TaskPaper form: @name or @name(value)."),
    ]
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    throw .notAvailableYet(Self.name)
  }
}
