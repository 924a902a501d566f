/// Generates usage lines and help pages from commands' declarations.
enum HelpFormatter {
  /// Help pages are wrapped to this many columns.
  static let width = 80
  /// Where the description column starts in ARGUMENTS, OPTIONS and COMMANDS.
  static let labelColumn = 26

  /// `taskman [--file <path>] … <command> [<arguments>]`: the global options that take a value
  /// (`--help` and `--version` are in the page's list), from their declarations.
  static let overviewUsage = (["taskman"] + overviewUsageElements).joined(separator: " ")

  private static let overviewUsageElements =
    GlobalOptions.definitions.filter { $0.kind == .option }.map { "[\($0.synopsis)]" } + ["<command>", "[<arguments>]"]

  /// `taskman show <id> [--json]`: the command's parameters in declaration order.
  static func usage<Command: ParsableCommand>(of command: Command.Type) -> String {
    (["taskman", command.name] + usageElements(command.configuration.parameters)).joined(separator: " ")
  }

  /// The parameters' usage elements in declaration order; an argument an option stands in for
  /// shows both, `(<id> ... | --where <search>)`, and the option is not shown again.
  private static func usageElements<Root>(_ parameters: [Parameter<Root>]) -> [String] {
    let definitions = parameters.flatMap(\.definitions)
    let replacing = Set(definitions.compactMap(\.replacedBy))
    return parameters.compactMap { parameter in
      guard parameter.definitions.count == 1 else { return usageElement(parameter) }
      let definition = parameter.definitions[0]
      if definition.kind == .option, replacing.contains(definition.name) { return nil }
      if let name = definition.replacedBy, let option = definitions.first(where: { $0.kind == .option && $0.name == name }) {
        return "(" + definition.synopsis + (definition.isRepeating ? " ..." : "") + " | " + option.synopsis + ")"
      }
      return usageElement(parameter)
    }
  }

  private static func usageElement<Root>(_ parameter: Parameter<Root>) -> String {
    let definitions = parameter.definitions
    if definitions.count > 1 {
      return "[" + definitions.map(\.synopsis).joined(separator: " | ") + "]"
    }
    let definition = definitions[0]
    let repeated = definition.isRepeating ? " ..." : ""
    switch definition.kind {
    case .flag, .option:
      return "[\(definition.synopsis)\(repeated)]"
    case .argument:
      return definition.isOptional ? "[\(definition.synopsis)\(repeated)]" : definition.synopsis + repeated
    }
  }

  /// The help page of one command, ending with a line break.
  static func helpPage<Command: ParsableCommand>(for command: Command.Type) -> String {
    let configuration = command.configuration
    var page = wrap("OVERVIEW: " + configuration.abstract, indent: 0, hangingIndent: 10) + "\n"
    if let discussion = configuration.discussion {
      page += "\n" + paragraphs(discussion) + "\n"
    }
    let usagePrefix = "USAGE: taskman \(command.name) "
    let elements = usageElements(configuration.parameters)
    page += "\n" + wrapElements(elements, prefix: usagePrefix) + "\n"

    let definitions = command.definitions
    let arguments = definitions.filter { $0.kind == .argument }
    if !arguments.isEmpty {
      page += "\nARGUMENTS:\n" + arguments.map(row).joined()
    }
    let options = definitions.filter { $0.kind != .argument } + GlobalOptions.definitions.filter { $0.name == "help" }
    page += "\nOPTIONS:\n" + options.map(row).joined()
    if !configuration.examples.isEmpty {
      page += "\nEXAMPLES:\n" + configuration.examples.map { "  \($0)\n" }.joined()
    }
    page += "\nGlobal options (--file, --data-dir, --color, --version): see 'taskman help'.\n"
    return page
  }

  /// What taskman is: the overview's first paragraph and the man page's DESCRIPTION.
  static let summary =
    "taskman keeps a TaskPaper task list: add, list, tag and finish tasks from the command line, in scripts, or in 'taskman shell'."

  /// How ids work: the overview's IDS and the man page's.
  static let idsExplanation =
    "Every item (task, project or note) has a stable id that never changes. Lists show the shortest unique prefix of it (at least 4 characters); commands accept any unique prefix, or the whole id."

  /// `taskman help`: every command and the global options.
  /// What `taskman` alone does, and where aliases come from.
  static let defaultReportNote =
    "With no command, taskman runs the default setting's command line (list when it is empty); 'taskman help' shows this page. An alias in the config file (alias.ls = list --flat) is a command of your own (see 'taskman help config')."

  static func overview() -> String {
    var page = wrap("OVERVIEW: " + summary, indent: 0, hangingIndent: 10) + "\n"
    page += "\n" + wrapElements(overviewUsageElements, prefix: "USAGE: taskman ") + "\n"
    page += "\nCOMMANDS:\n" + CommandTable.all.map { row(label: $0.name, help: $0.abstract) }.joined()
    page += "\nGLOBAL OPTIONS:\n" + GlobalOptions.definitions.map(row).joined()
    page += "\nIDS:\n" + paragraphs(idsExplanation, indent: 2) + "\n"
    page += "\nENVIRONMENT:\n" + EnvironmentVariable.overview.map { row(label: $0.name, help: $0.help) }.joined()
    page += "\nEXIT STATUS:\n"
    for (status, meaning) in ExitCode.meanings {
      page += "  \(status)  " + wrap(meaning, indent: 5, hangingIndent: 5).dropFirst(5) + "\n"
    }
    page += "\n" + wrap(defaultReportNote, indent: 0, hangingIndent: 0) + "\n"
    page += "See 'taskman help <command>' for a command's arguments and options.\n"
    return page
  }

  // MARK: - Layout

  private static func row(_ definition: ParameterDefinition) -> String {
    var help = definition.help
    if !definition.allowedValues.isEmpty {
      help += " One of: \(definition.allowedValues.joined(separator: ", "))."
    }
    return row(label: definition.helpLabel, help: help)
  }

  /// `  label                   help text wrapped at the description column`.
  private static func row(label: String, help: String) -> String {
    let start = "  " + label
    let body = wrap(help, indent: labelColumn, hangingIndent: labelColumn).dropFirst(labelColumn)
    if start.count <= labelColumn - 2 {
      return start + String(repeating: " ", count: labelColumn - start.count) + body + "\n"
    }
    return start + "\n" + String(repeating: " ", count: labelColumn) + body + "\n"
  }

  /// Wraps words to ``width``: the first line indented by `indent`, the others by `hangingIndent`.
  static func wrap(_ text: String, indent: Int, hangingIndent: Int) -> String {
    var lines: [String] = []
    var line = String(repeating: " ", count: indent)
    var lineHasWord = false
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if lineHasWord && line.count + 1 + word.count > width {
        lines.append(line)
        line = String(repeating: " ", count: hangingIndent)
        lineHasWord = false
      }
      line += (lineHasWord ? " " : "") + word
      lineHasWord = true
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }

  /// Paragraphs separated by blank lines, each wrapped; single line breaks are kept.
  private static func paragraphs(_ text: String, indent: Int = 0) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : wrap(String($0), indent: indent, hangingIndent: indent) }
      .joined(separator: "\n")
  }

  /// A usage line wrapped between elements, continuation lines aligned after `prefix`.
  private static func wrapElements(_ elements: [String], prefix: String) -> String {
    var lines: [String] = []
    var line = prefix.trimmingTrailingSpace
    for element in elements {
      if line.count > prefix.count && line.count + 1 + element.count > width {
        lines.append(line)
        line = String(repeating: " ", count: prefix.count - 1)
      }
      line += " " + element
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }
}

extension String {
  fileprivate var trimmingTrailingSpace: String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
