/// `taskman import <file>`
struct ImportCommand: ParsableCommand, Equatable {
  var file = ""

  static let configuration = CommandConfiguration<Self>(
    name: "import",
    abstract: "Add every item of a TaskPaper file, with its tags, notes and subtasks.",
    examples: ["taskman import ~/Documents/todo.taskpaper"],
    parameters: [
      .argument(\.file, name: "file", help: "A TaskPaper file (UTF-8 text); '-' reads standard input.")
    ]
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    throw .notAvailableYet(Self.name)
  }
}
