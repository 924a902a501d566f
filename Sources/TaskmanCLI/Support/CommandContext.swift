import Foundation
import TaskManager

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

  /// Colour on or off for standard output, by the `color` setting (`--color`, `TASKMAN_COLOR`,
  /// the config file), `NO_COLOR` and the terminal.
  var style: TextStyle {
    TextStyle(
      isColored: ColorChoice(settings.color).allowsColor(
        outputIsTerminal: session.outputIsTerminal, environment: session.environment
      )
    )
  }

  /// The resolved data directory (see ``DataDirectory``); not created until a command changes
  /// something.
  var dataDirectory: String {
    DataDirectory.resolve(
      option: globals.dataDirectory,
      environment: session.environment,
      currentDirectory: session.currentDirectory,
      home: session.home
    )
  }

  /// The task file this command works on (see ``TaskFileLocation``): of several (see
  /// ``taskFiles``), the primary.
  var taskFile: TaskFileLocation {
    if globals.file == nil, session.environment["TASKMAN_FILE"]?.isEmpty != false, !settings.files.paths.isEmpty {
      return taskFiles[0]
    }
    return TaskFileLocation(
      option: globals.file,
      environment: session.environment,
      dataDirectory: dataDirectory,
      currentDirectory: session.currentDirectory
    )
  }

  /// The session's store over the task file, created on first use. A command that changes
  /// tasks first makes sure the file can be created (its directory exists; the data directory
  /// is created); a command that only reads creates nothing.
  ///
  /// The first use of the default file moves a task list kept by taskman 0.1 over to it.
  /// `undo` and `redo` (`stepsThroughHistory`) never create the file: one that is missing is
  /// only said to be.
  @MainActor
  func appStore(forReading: Bool = false, stepsThroughHistory: Bool = false) throws(TaskmanError) -> AppStore {
    let file = taskFile
    if case let kind = FileKind.at(file.dataDirectory), kind != .directory, kind != .missing {
      throw TaskmanError(
        .dataFileUnreadable,
        "cannot use the data directory \(file.dataDirectory): it is \(kind.description), not a directory",
        hint: "Remove or rename the file, or choose another directory with --data-dir or TASKMAN_DATA_DIR."
      )
    }
    // Only a regular file can be a task list: a device would be replaced by one on the first
    // change, and a FIFO would block the read.
    let kind = FileKind.at(file.path)
    if kind != .file, kind != .missing {
      // A path given on the command line is a usage error; the default one is the data's.
      guard file.isDefault else {
        throw .usage(
          "the task file \(file.path) is \(kind.description)",
          hint: "Give --file (or TASKMAN_FILE) the path of a TaskPaper file, like ~/Documents/tasks.taskpaper."
        )
      }
      throw TaskmanError(
        .dataFileUnreadable, "the task file \(file.path) is \(kind.description)",
        hint: "Move it out of the way, or choose a TaskPaper file with --file (or TASKMAN_FILE)."
      )
    }
    if stepsThroughHistory {
      try DataDirectory.create(file.dataDirectory)
    } else if !forReading {
      try prepareDirectories(for: file)
    }
    // A file named on the command line that is not there may be a typo, and a link to a file
    // that is not there may point into a folder not mounted or synced yet: say so, on standard
    // error, rather than list nothing or put a task in a new file without a word.
    let isLink = file.isSymbolicLink
    if kind == .missing, !file.isDefault || isLink {
      let path = TextStyle.printable(file.path)
      let missing = isLink ? "\(path) is a symbolic link to \(TextStyle.printable(file.realPath)), which" : path
      if stepsThroughHistory {
        note("taskman: \(missing) does not exist.\n")
      } else if !forReading {
        note("taskman: \(missing) does not exist yet; this change creates it.\n")
      } else if FileKind.at(file.realDirectory) == .directory {
        note("taskman: \(missing) does not exist yet, so there is nothing in it; the first change creates it.\n")
      } else {
        note("taskman: \(missing) does not exist, nor does its directory \(TextStyle.printable(file.realDirectory)).\n")
      }
    }
    try file.checkStateDirectories()
    if let existing = session.appStore, existing.file == file {
      existing.otherFiles = session.otherFiles
      return existing
    }
    // Of several files, each keeps its store (and what it last read) for the next command.
    if let kept = session.storesOfOtherFiles.firstIndex(where: { $0.file == file }) {
      let store = session.storesOfOtherFiles.remove(at: kept)
      if let current = session.appStore { session.storesOfOtherFiles.append(current) }
      session.appStore = store
      store.otherFiles = session.otherFiles
      return store
    }
    let store = AppStore(file: file, lockTimeout: try lockTimeout(), output: output, errors: errors, configStorage: configStorage)
    try LegacyMigration.migrateIfNeeded(store, errors: errors)
    if let current = session.appStore { session.storesOfOtherFiles.append(current) }
    session.appStore = store
    store.otherFiles = session.otherFiles
    return store
  }

  /// Writes a note about the task file on standard error; while a command works on several
  /// files, each note once (see ``Session/notesSaid``).
  private func note(_ text: String) {
    if session.notesSaid != nil, session.notesSaid?.insert(text).inserted == false { return }
    errors.write(text)
  }

  private func prepareDirectories(for file: TaskFileLocation) throws(TaskmanError) {
    try DataDirectory.create(file.dataDirectory)
    guard file.isDefault || FileKind.at(file.directory) == .directory else {
      throw .usage(
        "the task file \(file.path) cannot be created: its directory \(file.directory) does not exist",
        hint: "Create the directory first, or choose another file with --file (or TASKMAN_FILE)."
      )
    }
    // A link whose target is not there yet (the default file's too): the save writes beside
    // the target.
    guard FileKind.at(file.realDirectory) == .directory else {
      throw .usage(
        "the task file \(file.path) cannot be created: it is a symbolic link to \(file.realPath), whose directory \(file.realDirectory) does not exist",
        hint: "Create that directory first, point the link elsewhere, or choose another file with --file (or TASKMAN_FILE)."
      )
    }
  }

  /// How long a command waits for another `taskman` to release the task file:
  /// `TASKMAN_LOCK_TIMEOUT` seconds (`0.5`, `30`; `0` tries once), else 10 seconds.
  ///
  /// Decimal seconds only, at most a day: digits, then a point and digits if any. `Double`
  /// alone would take `0x10` (a hexadecimal float: 16 seconds), `1e1` and `inf`.
  func lockTimeout() throws(TaskmanError) -> Duration {
    guard let text = session.environment["TASKMAN_LOCK_TIMEOUT"], !text.isEmpty else { return .seconds(10) }
    let parts = text.utf8.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
    let isDecimal =
      !parts[0].isEmpty && parts.allSatisfy { part in !part.isEmpty && part.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
    guard isDecimal, let seconds = Double(text) else {
      throw .usage(
        "TASKMAN_LOCK_TIMEOUT is '\(TextStyle.printable(text))', not a number of seconds in decimal, like 10 or 0.5",
        hint: "Set it to how many seconds to wait for another taskman, in decimal digits (10, 0.5; not 0x10, 1e1 or 2s), or unset it for the default of 10."
      )
    }
    guard seconds <= 86_400 else {
      throw .usage(
        "TASKMAN_LOCK_TIMEOUT is '\(text)' seconds, longer than a day (86400 seconds), the most taskman waits",
        hint: "Set it to how many seconds to wait for another taskman, like 10 or 0.5, or unset it for the default of 10."
      )
    }
    return .milliseconds(Int64((seconds * 1000).rounded()))
  }

  /// Warns on standard error about each date tag of `tags` that `agenda` and the date filters
  /// cannot read (see ``TaskDate/problem(with:)``): the change is made all the same, with the
  /// tag as typed (`@due(someday)` may be meant), but a typo (`@due(tomorow)`) is seen at once.
  func warnAboutDates(in tags: [Tag]) {
    for tag in tags {
      if let problem = TaskDate.problem(with: tag) {
        errors.write("taskman: \(problem).\nThe change is saved; agenda and the date filters skip that tag.\n")
      }
    }
  }

  /// Whether a question can be answered: standard input is a terminal, or a shell is reading
  /// its lines (piped answers included).
  var canAsk: Bool { session.inputIsTerminal || session.shellGlobals != nil }

  /// The answer to `prompt`: with `assumeYes` the confirming choice without asking; otherwise
  /// asked on standard error and read from standard input (once when it is piped), nil or the
  /// cancel choice meaning no.
  /// Throws exit 5 when it cannot be asked, naming `command`.
  func confirm(_ prompt: ConfirmationPrompt, command: String, assumeYes: Bool) throws(TaskmanError) -> PromptChoice? {
    if assumeYes { return prompt.confirmingChoice }
    guard canAsk else { throw .confirmationImpossible(command: command) }
    output.flush()
    return prompt.ask(output: errors, input: session.input, style: style, asksAgain: session.inputIsTerminal)
  }
}
