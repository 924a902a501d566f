/// What `taskman --version` runs; not a command of its own (`taskman version` is unknown).
struct VersionCommand: ParsableCommand, Equatable {
  static let configuration = CommandConfiguration<Self>(
    name: "--version",
    abstract: "Show the version.",
    parameters: []
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    context.output.write("taskman \(Taskman.version)\n")
    return .success
  }
}
