import Foundation

/// What a command's `run` gets besides its parsed arguments: where to write, how to style it,
/// where the data lives, and how to ask for a confirmation.
///
/// ```swift
/// func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
///   context.output.write(TaskRowRenderer.render(rows, style: context.style))
///   return .success
/// }
/// ```
struct CommandContext {
  let session: Session
  /// The global options of this command line (in a shell, of this line, with the shell's data
  /// directory).
  let globals: GlobalOptions

  /// Standard output: results only.
  var output: TextOutput { session.output }
  /// Standard error: prompts, progress and (written by the caller) errors.
  var errors: TextOutput { session.errors }

  /// Colour on or off for standard output, by `--color`, `NO_COLOR` and the terminal.
  var style: TextStyle {
    TextStyle(
      isColored: (globals.color ?? .auto).allowsColor(
        outputIsTerminal: session.outputIsTerminal, environment: session.environment
      )
    )
  }

  /// The resolved data directory (see ``DataDirectory``); not created until
  /// ``createDataDirectory()``.
  var dataDirectory: URL {
    DataDirectory.resolve(
      option: globals.dataDirectory,
      environment: session.environment,
      currentDirectory: session.currentDirectory,
      home: session.home
    )
  }

  /// Creates the data directory if needed and returns it.
  func createDataDirectory() throws(TaskmanError) -> URL {
    let directory = dataDirectory
    try DataDirectory.create(directory)
    return directory
  }

  /// Whether a question can be answered: standard input is a terminal, or a shell is reading
  /// its lines (piped answers included).
  var canAsk: Bool { session.inputIsTerminal || session.shellGlobals != nil }

  /// The answer to `prompt`: with `assumeYes` the confirming choice without asking; otherwise
  /// asked on standard error and read from standard input, nil or the cancel choice meaning no.
  /// Throws exit 5 when it cannot be asked, naming `command`.
  func confirm(_ prompt: ConfirmationPrompt, command: String, assumeYes: Bool) throws(TaskmanError) -> PromptChoice? {
    if assumeYes { return prompt.confirmingChoice }
    guard canAsk else { throw .confirmationImpossible(command: command) }
    output.flush()
    return prompt.ask(output: errors, input: session.input, style: style)
  }
}
