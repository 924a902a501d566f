import TaskManager
/// A whole command line, parsed: the command to run, with the global options.
///
/// `taskman [global options] <command> [arguments and options]`; global options may also come
/// after the command's name. `--help`/`-h` anywhere becomes ``HelpCommand`` for that command,
/// `--version` becomes ``VersionCommand``. No command at all runs the default report (the
/// `default` setting, else `list`), and a name that is no command's runs the alias of that
/// name from the config file (see ``ConfiguredCommandLines``).
struct Invocation: Sendable {
  var command: any ParsableCommand
  var globals: GlobalOptions

  /// Parses the arguments after the program name, with the aliases and default report of
  /// `configured` (asked for only when the command line needs them).
  static func parse(
    _ arguments: [String],
    configured: () -> ConfiguredCommandLines = { ConfiguredCommandLines() }
  ) throws(TaskmanError) -> Invocation {
    var words = arguments
    var known: ConfiguredCommandLines?
    var expandedAliases: [String] = []
    var usedDefault = false
    while true {
      switch try parseOnce(words) {
      case let .parsed(invocation):
        return invocation
      case let .noCommand(leadingCount):
        let lines = known ?? configured()
        known = lines
        guard !usedDefault, !(lines.defaultCommand.words.first?.hasPrefix("-") ?? false) else {
          throw .usage(
            "the default command line '\(lines.defaultCommand.settingText)' names no command",
            hint: "Set default to a command line starting with a command's name, like: taskman config set default list --flat"
          )
        }
        usedDefault = true
        words = Self.globals(words[..<leadingCount]) + (lines.defaultCommand.isEmpty ? [ListCommand.name] : lines.defaultCommand.words)
      case let .unknownCommand(name, index):
        let lines = known ?? configured()
        known = lines
        guard let alias = lines.aliases[name] else { throw unknownCommand(name, aliases: Array(lines.aliases.keys)) }
        if expandedAliases.contains(name) {
          throw .usage(
            "the alias '\(name)' stands for itself, through \((expandedAliases + [name]).joined(separator: " → "))",
            hint: "Change alias.\(name) in \(lines.configFile) (line \(alias.line)) so that it ends in a command's name."
          )
        }
        expandedAliases.append(name)
        let replacement: [String]
        do throws(SettingValueError) {
          replacement = try alias.commandLine.words
        } catch {
          throw .usage(
            "the alias '\(name)' in \(lines.configFile), line \(alias.line), cannot be read: \(error.reason)",
            hint: "Write it as a command line, as typed after 'taskman': alias.\(name) = list --flat"
          )
        }
        guard !replacement.isEmpty else {
          throw .usage(
            "the alias '\(name)' in \(lines.configFile), line \(alias.line), is empty",
            hint: "Give it a command line, as typed after 'taskman': alias.\(name) = list --flat"
          )
        }
        words = Self.globals(words[..<index]) + replacement + Array(words[(index + 1)...])
      }
    }
  }

  /// The global options before a command's name, without a `--` among them: it ended the
  /// options before the name, and must not end those of the command line put in its place.
  private static func globals(_ words: ArraySlice<String>) -> [String] {
    words.filter { $0 != "--" }
  }

  /// What one pass of the parser found: a whole invocation, or the place where the config
  /// file's command lines come in.
  private enum Step {
    case parsed(Invocation)
    /// Only global options (the first `leadingCount` words), no command.
    case noCommand(leadingCount: Int)
    /// `name`, at `index`, is no command's name.
    case unknownCommand(String, index: Int)
  }

  private static func parseOnce(_ arguments: [String]) throws(TaskmanError) -> Step {
    var globals = GlobalOptions()
    let words = arguments[...]
    let (leading, commandIndex, optionsEnded) = try ArgumentScanner.scan(
      words, definitions: GlobalOptions.definitions, optionsEnded: false, stopAtFirstPositional: true,
      commandName: nil, usage: HelpFormatter.overviewUsage
    )
    try GlobalOptions.apply(leading, to: &globals)

    guard commandIndex < words.endIndex else {
      if globals.version { return .parsed(Invocation(command: VersionCommand(), globals: globals)) }
      if globals.help { return .parsed(Invocation(command: HelpCommand(), globals: globals)) }
      return .noCommand(leadingCount: commandIndex)
    }
    let name = words[commandIndex]
    guard let type = CommandTable.command(named: name) else {
      if globals.help { return .parsed(Invocation(command: HelpCommand(), globals: globals)) }
      return .unknownCommand(name, index: commandIndex)
    }
    let command = try type.parse(words[(commandIndex + 1)...], optionsEnded: optionsEnded, globals: &globals)
    if globals.help { return .parsed(Invocation(command: HelpCommand(topic: type.name), globals: globals)) }
    if globals.version { return .parsed(Invocation(command: VersionCommand(), globals: globals)) }
    return .parsed(Invocation(command: command, globals: globals))
  }

  static func unknownCommand(_ name: String, aliases: [String] = []) -> TaskmanError {
    var message = "unknown command '\(name)'"
    if let suggestion = Suggestion.nearest(to: name, in: CommandTable.names + aliases.sorted()) {
      message += ". Did you mean '\(suggestion)'?"
    }
    return .usage(message, hint: "Run 'taskman help' to see every command.")
  }
}

/// Every command, in the order `taskman help` lists them.
enum CommandTable {
  static let all: [any ParsableCommand.Type] = [
    AddCommand.self,
    ListCommand.self,
    QueryCommand.self,
    SearchesCommand.self,
    ShowCommand.self,
    EditCommand.self,
    DoneCommand.self,
    UndoneCommand.self,
    SkipCommand.self,
    TagCommand.self,
    UntagCommand.self,
    DeleteCommand.self,
    ProjectCommand.self,
    ProjectsCommand.self,
    NoteCommand.self,
    MoveCommand.self,
    AgendaCommand.self,
    ArchiveCommand.self,
    TagsCommand.self,
    DoctorCommand.self,
    ImportCommand.self,
    ExportCommand.self,
    UndoCommand.self,
    RedoCommand.self,
    LogCommand.self,
    SyncCommand.self,
    ShellCommand.self,
    ConfigCommand.self,
    UICommand.self,
    CompletionCommand.self,
    ManCommand.self,
    HelpCommand.self,
  ]

  static let names: [String] = all.map { $0.name }

  static func command(named name: String) -> (any ParsableCommand.Type)? {
    all.first { $0.name == name }
  }
}
