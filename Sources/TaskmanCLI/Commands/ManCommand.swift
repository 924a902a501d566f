/// `taskman man`: prints the manual page.
struct ManCommand: ParsableCommand, Equatable {
  static let configuration = CommandConfiguration<Self>(
    name: "man",
    abstract: "Print the manual page (taskman.1, in roff).",
    discussion: "The page is made from the same declarations as parsing and help: every command with its arguments and options, the global options, the exit statuses, the environment variables and the files. scripts/install installs it in share/man/man1, where 'man taskman' finds it; to read it without installing, pipe it to 'man -l -'.",
    examples: ["taskman man | man -l -", "taskman man > taskman.1"],
    parameters: []
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    context.output.write(ManPage.render())
    return .success
  }
}
