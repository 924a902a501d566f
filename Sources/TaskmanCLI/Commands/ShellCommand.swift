/// `taskman shell`
struct ShellCommand: ParsableCommand, Equatable {
  static let configuration = CommandConfiguration<Self>(
    name: "shell",
    abstract: "Run commands at a 'taskman> ' prompt, in one session; also reads commands piped to it.",
    discussion: "Type commands without 'taskman', quoting words as in a shell ('single', \"double\", backslash). A line starting with '#' is a comment; later in a line, '#' is text, as in a title ('add Fix bug #42'). 'exit', 'quit' or the end of input ends the session, with the status of the last command ('exit 3': with status 3).",
    examples: ["taskman shell", "printf 'add Buy milk\\nlist\\n' | taskman shell"],
    parameters: []
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    await ShellSession(context: context).run()
  }
}
