import Foundation

/// One run of `taskman`, or one whole `taskman shell`: the standard streams, the environment,
/// and whether a shell is running. Every command of a shell gets the same session.
///
/// The session is where the one `Store` of `AppFeature` lives (``appStore``, created by the
/// first command that reads tasks), so a shell keeps it across lines.
final class Session {
  let output: TextOutput
  let errors: TextOutput
  let input: LineReader
  let inputIsTerminal: Bool
  let outputIsTerminal: Bool
  let environment: [String: String]
  let currentDirectory: String
  /// The home directory when `HOME` is unset or relative.
  let home: String
  /// Set while `taskman shell` runs: prompts may read answers from piped input then, and
  /// `shell` and `--data-dir` are refused.
  var shellGlobals: GlobalOptions?
  /// The store the commands drive; see ``CommandContext/appStore()``.
  var appStore: AppStore?

  init(
    output: TextOutput,
    errors: TextOutput,
    input: LineReader,
    inputIsTerminal: Bool,
    outputIsTerminal: Bool,
    environment: [String: String],
    currentDirectory: String,
    home: String
  ) {
    self.output = output
    self.errors = errors
    self.input = input
    self.inputIsTerminal = inputIsTerminal
    self.outputIsTerminal = outputIsTerminal
    self.environment = environment
    self.currentDirectory = currentDirectory
    self.home = home
  }

  /// The process's own streams and environment.
  static func standard() -> Session {
    Session(
      output: TextOutput(fileDescriptor: 1),
      errors: TextOutput(fileDescriptor: 2),
      input: LineReader(fileDescriptor: 0),
      inputIsTerminal: Terminal.isTerminal(0),
      outputIsTerminal: Terminal.isTerminal(1),
      environment: ProcessInfo.processInfo.environment,
      currentDirectory: FileManager.default.currentDirectoryPath,
      home: FileManager.default.homeDirectoryForCurrentUser.path
    )
  }

  /// Writes `error` on standard error, after anything already written on standard output.
  func report(_ error: TaskmanError) {
    output.flush()
    errors.write(error.rendered)
    errors.flush()
  }
}
