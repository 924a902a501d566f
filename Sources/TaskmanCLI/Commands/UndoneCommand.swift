import TaskManager

/// `taskman undone (<id>... | --where <search>) [--yes]`
struct UndoneCommand: ParsableCommand, Equatable {
  var ids: [String] = []
  var whereSearch: String?
  var yes = false

  static let configuration = CommandConfiguration<Self>(
    name: "undone",
    abstract: "Mark items not done: removes @done.",
    discussion: ItemSelection.whereDiscussion,
    examples: ["taskman undone 3f2a", "taskman undone --where '@done(2026-11-28)'"],
    parameters: [
      .arguments(\.ids, name: "id", value: .id, replacedBy: "where", help: "The items' ids, or unique prefixes of them."),
      .option(\.whereSearch, name: "where", short: "w", valueName: "search", value: .search, help: ItemSelection.whereHelp),
      .flag(\.yes, name: "yes", short: "y", help: ItemSelection.yesHelp),
    ]
  )

  /// Sends `markNotDone` for the items; prints their rows.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    try await context.changeItems(
      try ItemSelection(ids: ids, where: whereSearch), command: Self.name, yes: yes,
      question: { .manyItems("Mark the \($0.count) items not done?", confirm: "Undone") }
    ) { .markNotDone(ids: $0.map(\.id)) }
  }
}
