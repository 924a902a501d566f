/// `taskman completion bash|zsh|fish`
struct CompletionCommand: ParsableCommand, Equatable {
  var shell = CompletionShell.bash

  static let configuration = CommandConfiguration<Self>(
    name: "completion",
    abstract: "Print the script that makes a shell complete taskman's commands, options, ids, tags and projects.",
    discussion: """
      The script asks taskman for the words to offer as you type ('taskman __complete', which is not meant to be run by hand), so ids (with their titles, in zsh and fish), tags and projects come from the task file as it is then (reading it changes nothing). scripts/install puts the scripts where each shell looks for them; the examples show how to try one in the shell you are in (zsh: after compinit).
      """,
    examples: [
      "source <(taskman completion bash)",
      "source <(taskman completion zsh)",
      "taskman completion fish | source",
    ],
    parameters: [
      .argument(\.shell, name: "shell", value: .shell, help: "The shell to write the script for.")
    ]
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    context.output.write(shell.script)
    return .success
  }
}
