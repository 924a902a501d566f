/// `taskman delete <id>... [--yes]`
struct DeleteCommand: ParsableCommand, Equatable {
  var ids: [String] = []
  var yes = false

  static let configuration = CommandConfiguration<Self>(
    name: "delete",
    abstract: "Delete items and everything under them, after asking.",
    discussion: "On a terminal, asks 'Are you sure?' first; the end of input means Cancel. Without a terminal on standard input it deletes nothing and exits with status 5, unless --yes is given.",
    examples: ["taskman delete 3f2a", "taskman delete 3f2a 9c01 --yes"],
    parameters: [
      .arguments(\.ids, name: "id", help: "The items' ids, or unique prefixes of them."),
      .flag(\.yes, name: "yes", help: "Delete without asking."),
    ]
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    throw .notAvailableYet(Self.name)
  }
}
