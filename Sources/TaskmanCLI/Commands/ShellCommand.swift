/// `taskman shell`
struct ShellCommand: ParsableCommand, Equatable {
  static let configuration = CommandConfiguration<Self>(
    name: "shell",
    abstract: "Run commands at a 'taskman> ' prompt, in one session; also reads commands piped to it.",
    discussion: "Type commands without 'taskman', quoting words as in a shell ('single', \"double\", backslash). A line starting with '#' is a comment; later in a line, '#' is text, as in a title ('add Fix bug #42'). A question (delete's 'Are you sure?') reads its answer from the next line; piped, the answer is read once, and one that is not a choice cancels. 'exit', 'quit' or the end of input ends the session: piped, with 0 only when every line succeeded, else with the status of the last line that failed; at a terminal, with the status of the last command ('exit 3': with status 3). At a terminal, lines are edited as in readline (arrows, Home/End, Ctrl-A/E/K/U/W, Alt-B/F, Tab completes, Ctrl-C drops the line, Ctrl-D on an empty line ends the session), and Up and Down recall the lines of this session and those before, kept in shell_history in the data directory.",
    examples: ["taskman shell", "printf 'add Buy milk\\nlist\\n' | taskman shell"],
    parameters: []
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    await ShellSession(context: context).run()
  }
}
