/// `taskman export [--json]`
struct ExportCommand: ParsableCommand, Equatable {
  var json = false

  static let configuration = CommandConfiguration<Self>(
    name: "export",
    abstract: "Print every item as TaskPaper text; importing it into an empty store gives it all back.",
    examples: ["taskman export > backup.taskpaper"],
    parameters: [
      .flag(\.json, name: "json", help: "Print JSON (see Documentation/taskman-json.md) instead of TaskPaper.")
    ]
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    throw .notAvailableYet(Self.name)
  }
}
