/// A `taskman` command: a value holding its parsed arguments, whose ``configuration`` declares
/// its name, help and parameters, and whose ``run(in:)`` does the work.
///
/// The parser makes the value with `init()` (the defaults), writes what the command line says
/// through the parameters' key paths, then calls ``run(in:)`` with the session's output and
/// options. Each command lives in one file under `Commands/`.
///
/// ```swift
/// struct UndoCommand: ParsableCommand, Equatable {
///   static let configuration = CommandConfiguration<Self>(
///     name: "undo", abstract: "Revert the last command that changed tasks.", parameters: []
///   )
///   func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
///     context.output.write("Reverted …\n")
///     return .success
///   }
/// }
/// ```
protocol ParsableCommand: Sendable {
  /// Every property at its default: what an empty command line means.
  init()
  /// The name, help text and parameters: the single declaration parsing and help come from.
  static var configuration: CommandConfiguration<Self> { get }
  /// Does the work; returns the exit status (``ExitCode/success`` or, say, nothing matched),
  /// or throws a ``TaskmanError`` that is printed on standard error.
  @MainActor func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode
}

/// What a command declares about itself; see ``ParsableCommand``.
struct CommandConfiguration<Command>: Sendable {
  /// The word that selects the command: `list`.
  var name: String
  /// One line for the command list and the top of its help page.
  var abstract: String
  /// Paragraphs after the abstract on the help page, or nil.
  var discussion: String?
  /// Command lines shown under EXAMPLES on the help page.
  var examples: [String]
  /// The flags, options and arguments, in the order the usage line and help list them.
  var parameters: [Parameter<Command>]

  init(
    name: String,
    abstract: String,
    discussion: String? = nil,
    examples: [String] = [],
    parameters: [Parameter<Command>]
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.examples = examples
    self.parameters = parameters
  }
}

extension ParsableCommand {
  /// The command's name; usable on `any ParsableCommand.Type`.
  static var name: String { configuration.name }
  /// The command's one-line description; usable on `any ParsableCommand.Type`.
  static var abstract: String { configuration.abstract }
  /// The untyped definitions of the command's own parameters, in declaration order.
  static var definitions: [ParameterDefinition] {
    // A loop rather than `flatMap(\.definitions)`: called through `any ParsableCommand.Type`,
    // the generic `flatMap` and key path make the runtime look up their types by name at every
    // command's start (a fifth of a millisecond).
    let parameters = configuration.parameters
    var definitions: [ParameterDefinition] = []
    for index in parameters.indices { definitions += parameters[index].definitions }
    return definitions
  }

  /// The command's usage line without `Usage: `, e.g. `taskman show <id> [--json]`.
  static var usage: String { HelpFormatter.usage(of: Self.self) }

  /// Parses the words after the command name; `globals` receives the global options found among them.
  static func parse(
    _ words: ArraySlice<String>,
    optionsEnded: Bool = false,
    globals: inout GlobalOptions
  ) throws(TaskmanError) -> Self {
    let allDefinitions = definitions + GlobalOptions.definitions
    var values = try ArgumentScanner.scan(
      words, definitions: allDefinitions, optionsEnded: optionsEnded, commandName: name, usage: usage
    )
    try GlobalOptions.apply(values, to: &globals)
    // `--help` and `--version` win over whatever else is wrong with the line.
    if globals.help || globals.version { return Self() }
    try ArgumentScanner.assignPositionals(to: definitions, in: &values)
    var command = Self()
    for parameter in configuration.parameters { try parameter.apply(&command, values) }
    return command
  }
}
