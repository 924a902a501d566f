/// `taskman help [<command>]`, and what `--help` runs.
struct HelpCommand: ParsableCommand, Equatable {
  var topic: String?

  init() {}

  init(topic: String?) {
    self.topic = topic
  }

  static let configuration = CommandConfiguration<Self>(
    name: "help",
    abstract: "Show every command, or one command's arguments and options.",
    examples: ["taskman help list"],
    parameters: [
      .argument(\.topic, name: "command", value: .command, help: "The command to explain.")
    ]
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    guard let topic else {
      context.output.write(HelpFormatter.overview())
      return .success
    }
    guard let command = CommandTable.command(named: topic) else { throw Invocation.unknownCommand(topic) }
    context.output.write(Self.page(for: command))
    return .success
  }

  /// Opens the existential so the generic formatter sees the concrete command type.
  static func page(for command: any ParsableCommand.Type) -> String {
    func page<Command: ParsableCommand>(_ type: Command.Type) -> String { HelpFormatter.helpPage(for: type) }
    return page(command)
  }
}
