import Foundation
import TaskManager

/// One run of `taskman`, or one whole `taskman shell`: the standard streams, the environment,
/// and whether a shell is running. Every command of a shell gets the same session.
///
/// The session is where the task file's ``AppStore`` lives (``appStore``, created by the first
/// command that reads tasks), so a shell keeps its `TaskFileSession`, and the one `Store` of
/// `AppFeature` in it, across lines, reloading the file before each.
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
  /// The number of the piped `taskman shell` line being run, which its errors name (nil on a
  /// terminal, where the line is the one just typed).
  var shellLine: Int?
  /// The store the commands drive; see ``CommandContext/appStore()``.
  var appStore: AppStore?
  /// The stores of the other files of a set (see ``TaskFileSet``), kept for the next use.
  var storesOfOtherFiles: [AppStore] = []
  /// While a command works on several files: what the other files held when read, which the
  /// store of the file being worked on takes for its short ids (see ``AppStore/otherFiles``).
  var otherFiles: [TaskFileSet.OtherFile] = []
  /// While a command works on several files: the notes about missing files said already, so
  /// that reading every file and then working on one says each once. Nil otherwise.
  var notesSaid: Set<String>?
  /// The settings of the command being run (see ``CommandContext/prepareSettings()``).
  var settings: SettingsFeature.State?
  /// The config file warnings said already, so that a shell says each once.
  var settingsWarnings: Set<String> = []
  /// The terminal `taskman shell` edits its lines on, when standard input and error are the
  /// process's terminal (nil in tests and when piped: lines are then read with ``input``).
  var lineEditorConsole: () -> LineEditor.Console? = { nil }

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
  ///
  /// Read from the C library rather than through `ProcessInfo` and `FileManager`, whose first
  /// use sets up far more than a command needs (about a millisecond of every run).
  static func standard() -> Session {
    let environment = processEnvironment()
    let session = Session(
      output: TextOutput(fileDescriptor: 1),
      errors: TextOutput(fileDescriptor: 2),
      input: LineReader(fileDescriptor: 0),
      inputIsTerminal: Terminal.isTerminal(0),
      outputIsTerminal: Terminal.isTerminal(1),
      environment: environment,
      currentDirectory: currentDirectoryPath(),
      home: environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? accountHomeDirectory()
    )
    session.lineEditorConsole = { LineEditor.Console.standard(environment: environment) }
    return session
  }

  /// The process's environment variables.
  private static func processEnvironment() -> [String: String] {
    #if canImport(Darwin)
      return ProcessInfo.processInfo.environment
    #else
      return environmentVariables()
    #endif
  }

  #if !canImport(Darwin)
  /// The variables in `environ`; of a name given twice, the first, as `getenv` finds.
  private static func environmentVariables() -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
      if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
        let name = String(text[..<equals])
        if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
      }
      entry += 1
    }
    return result
  }
  #endif

  /// The current directory, or `/` when it cannot be named (it was removed, say).
  private static func currentDirectoryPath() -> String {
    guard let path = getcwd(nil, 0) else { return "/" }
    defer { free(path) }
    return String(cString: path)
  }

  /// The home directory of the account running the process, from the password database; `/`
  /// when it has none.
  private static func accountHomeDirectory() -> String {
    var entry = passwd()
    var result: UnsafeMutablePointer<passwd>?
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result) == 0, result != nil, let directory = entry.pw_dir
    else { return "/" }
    return String(cString: directory)
  }

  /// Writes `error` on standard error, after anything already written on standard output.
  func report(_ error: TaskmanError) {
    output.flush()
    var error = error
    if let shellLine { error.message = "line \(shellLine): " + error.message }
    // Messages quote the file's text (titles, project paths): shown as every command shows it.
    errors.write(TextStyle.printable(error.rendered, keepingLayout: true))
    errors.flush()
  }
}
