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

  /// The session's store over the data directory, created (with the directory) on first use.
  @MainActor
  func appStore() throws(TaskmanError) -> AppStore {
    let directory = try createDataDirectory()
    if let existing = session.appStore, existing.dataDirectory == directory { return existing }
    let store = AppStore(dataDirectory: directory, lockTimeout: try lockTimeout())
    session.appStore = store
    return store
  }

  /// How long a command waits for another `taskman` to release the data file:
  /// `TASKMAN_LOCK_TIMEOUT` seconds (`0.5`, `30`; `0` tries once), else 10 seconds.
  func lockTimeout() throws(TaskmanError) -> Duration {
    guard let text = session.environment["TASKMAN_LOCK_TIMEOUT"], !text.isEmpty else { return .seconds(10) }
    guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
      throw .usage(
        "TASKMAN_LOCK_TIMEOUT is '\(TextStyle.printable(text))', not a number of seconds",
        hint: "Set it to how many seconds to wait for another taskman, like 10 or 0.5, or unset it for the default of 10."
      )
    }
    return .milliseconds(Int64((seconds * 1000).rounded()))
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
