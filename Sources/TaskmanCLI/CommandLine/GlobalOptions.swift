/// The options every command accepts, before or after the command's name.
struct GlobalOptions: Hashable, Sendable {
  /// `--file <path>`, each given: the TaskPaper files to work on, overriding the config's
  /// `files`, `TASKMAN_FILE` and the default. Several make a set (see ``TaskFileSet``), the
  /// first the primary.
  var files: [String] = []
  /// `--data-dir <dir>`: where the default task file and every file's bookkeeping live,
  /// overriding `TASKMAN_DATA_DIR` and the default.
  var dataDirectory: String?
  /// `--color <when>`; nil when not given, which means ``ColorChoice/auto``.
  var color: ColorChoice?
  /// `-h`, `--help`: show help instead of running the command.
  var help = false
  /// `--version`: print the version instead of running the command.
  var version = false

  /// Options as given: `file`, one file (or none).
  init(file: String? = nil, dataDirectory: String? = nil, color: ColorChoice? = nil, help: Bool = false, version: Bool = false) {
    self.files = file.map { [$0] } ?? []
    self.dataDirectory = dataDirectory
    self.color = color
    self.help = help
    self.version = version
  }

  static let parameters: [Parameter<GlobalOptions>] = [
    fileOption,
    .option(
      \.dataDirectory, name: "data-dir", valueName: "dir", value: .directory,
      help: "The directory holding the default task file and taskman's bookkeeping for every file (ids, undo). Default: $TASKMAN_DATA_DIR, else $XDG_DATA_HOME/taskman, else ~/.local/share/taskman. Created on first use."
    ),
    .option(
      \.color, name: "color", valueName: "when", value: .allowedValues,
      help: "Colour the output: auto (only on a terminal, and not when NO_COLOR is set), always (even with NO_COLOR set) or never. Default: the color setting (TASKMAN_COLOR, the config file), else auto."
    ),
    .flag(\.help, name: "help", short: "h", help: "Show help and exit."),
    .flag(\.version, name: "version", help: "Show the version and exit."),
  ]

  static let definitions: [ParameterDefinition] = parameters.flatMap(\.definitions)

  /// `--file`, repeatable: the occurrences before the command's name and after it add up
  /// (`taskman --file a list --file b` reads both).
  private static let fileOption: Parameter<GlobalOptions> = {
    let definition = ParameterDefinition(
      kind: .option, name: "file", shortName: "f", valueName: "path",
      help: "The TaskPaper file to work on. Default: $TASKMAN_FILE, else the files setting of the config file, else tasks.taskpaper in the data directory. Created on first change. Give it more than once to work on several files: list, query, agenda, tags, projects, show, searches, log and doctor read them all, showing each item's file; a change goes to the file its item is in, under that file's lock (items of two files: each file under its own lock, one after the other); add, project and import go to the first file unless --to names another; undo and redo take the file of the newest change and say which. See 'Several files' in the README.",
      isRepeating: true, valueKind: .path
    )
    return Parameter(definitions: [definition]) { root, values in root.files += values[definition] }
  }()

  /// The one file given, or the primary (first) of several; nil when `--file` was not given.
  /// Setting it gives that one file alone.
  var file: String? {
    get { files.first }
    set { files = newValue.map { [$0] } ?? [] }
  }

  /// Writes the global options found in `values`; what was not given stays as it was, so
  /// options after the command name override those before it.
  static func apply(_ values: ParsedValues, to globals: inout GlobalOptions) throws(TaskmanError) {
    for parameter in parameters { try parameter.apply(&globals, values) }
    // `--file "$LIST"` with `LIST` unset would otherwise work on the default list, unnoticed.
    if globals.files.contains("") {
      throw .usage(
        "--file was given an empty path",
        hint: "Give the path of a TaskPaper file, or leave --file out for the default ($TASKMAN_FILE, else tasks.taskpaper in the data directory)."
      )
    }
    if globals.dataDirectory == "" {
      throw .usage(
        "--data-dir was given an empty path",
        hint: "Give a directory, or leave --data-dir out for the default ($TASKMAN_DATA_DIR, else $XDG_DATA_HOME/taskman, else ~/.local/share/taskman)."
      )
    }
  }
}
