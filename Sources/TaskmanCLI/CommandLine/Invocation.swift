/// A whole command line, parsed: the command to run, with the global options.
///
/// `taskman [global options] <command> [arguments and options]`; global options may also come
/// after the command's name. `--help`/`-h` anywhere becomes ``HelpCommand`` for that command,
/// `--version` becomes ``VersionCommand``, and no command at all shows the overview.
struct Invocation: Sendable {
  var command: any ParsableCommand
  var globals: GlobalOptions

  /// Parses the arguments after the program name.
  static func parse(_ arguments: [String]) throws(TaskmanError) -> Invocation {
    var globals = GlobalOptions()
    let words = arguments[...]
    let (leading, commandIndex, optionsEnded) = try ArgumentScanner.scan(
      words, definitions: GlobalOptions.definitions, optionsEnded: false, stopAtFirstPositional: true,
      commandName: nil, usage: HelpFormatter.overviewUsage
    )
    try GlobalOptions.apply(leading, to: &globals)

    guard commandIndex < words.endIndex else {
      if globals.version { return Invocation(command: VersionCommand(), globals: globals) }
      return Invocation(command: HelpCommand(), globals: globals)
    }
    let name = words[commandIndex]
    guard let type = CommandTable.command(named: name) else {
      if globals.help { return Invocation(command: HelpCommand(), globals: globals) }
      throw unknownCommand(name)
    }
    let command = try type.parse(words[(commandIndex + 1)...], optionsEnded: optionsEnded, globals: &globals)
    if globals.help { return Invocation(command: HelpCommand(topic: type.name), globals: globals) }
    if globals.version { return Invocation(command: VersionCommand(), globals: globals) }
    return Invocation(command: command, globals: globals)
  }

  static func unknownCommand(_ name: String) -> TaskmanError {
    var message = "unknown command '\(name)'"
    if let suggestion = Suggestion.nearest(to: name, in: CommandTable.names) {
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
