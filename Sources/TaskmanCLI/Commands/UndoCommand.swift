/// `taskman undo`
struct UndoCommand: ParsableCommand, Equatable {
  static let configuration = CommandConfiguration<Self>(
    name: "undo",
    abstract: "Revert the last command that changed tasks, and say what it reverted. Repeat to go further back.",
    parameters: []
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    throw .notAvailableYet(Self.name)
  }
}
