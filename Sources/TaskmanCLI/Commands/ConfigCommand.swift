import Composable
import TaskManager
import TerminalUI

/// `taskman config`, `taskman config get <key>`, `taskman config set <key> <value>`
struct ConfigCommand: ParsableCommand, Equatable {
  var action: String?
  var key: String?
  var value: [String] = []

  static let configuration = CommandConfiguration<Self>(
    name: "config",
    abstract: "Show or change the settings: every key with its value and where it came from, one key's value, or a new value.",
    discussion: """
      Settings live in $XDG_CONFIG_HOME/taskman/config (else ~/.config/taskman/config): a key = value line each, with # comment lines (see Documentation/Configuration.md). 'set' changes only its key's line (or adds one), leaving comments, other keys and spacing as they were, and refuses a file with a line taskman cannot read, naming it. Each key may also be set for one run by an environment variable, TASKMAN_ and the key in capitals with _ for . and - (TASKMAN_LIST_SORT=due), and color by --color: a flag overrides the variable, which overrides the file, which overrides the default. A value starting with '-' goes after '--'.

      Aliases are lines alias.<name> = <command line> in the file (alias.ls = list --flat): 'taskman ls -p Home' runs 'taskman list --flat -p Home'. A command's own name wins over an alias of that name. With no command, taskman runs the default setting's command line (list when it is empty).

      """ + SettingsKey.all.map { "\($0.name): \($0.summary)" }.joined(separator: "\n"),
    examples: [
      "taskman config",
      "taskman config get list.sort",
      "taskman config set list.sort due",
      "taskman config set list.filter -- --not-tag someday",
    ],
    parameters: [
      .argument(\.action, name: "action", value: .choices(["get", "set"]), help: "get or set; without it, every key is listed."),
      .argument(\.key, name: "key", value: .settingKey, help: "The setting, like list.sort."),
      .arguments(\.value, name: "value", isOptional: true, value: .settingValue, help: "For set: the new value (several words are joined with spaces)."),
    ]
  )

  /// The actions after `config`.
  static let actions = ["get", "set"]

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    guard let action else { return try await list(in: context) }
    switch action {
    case "get":
      let key = try requireKey()
      guard value.isEmpty else {
        throw usageError("'config get' takes one key, not a value", hint: "To change it: taskman config set \(key.name) <value>")
      }
      let state = try await context.settingsStore().state
      context.output.write(TextStyle.printable(key.value(in: state.settings)) + "\n")
      return .success
    case "set":
      let key = try requireKey()
      guard !value.isEmpty else {
        throw usageError("'config set \(key.name)' needs a value", hint: Self.valuesHint(for: key))
      }
      return try await set(key, to: Self.joined(value), in: context)
    default:
      if SettingsKey.named(action) != nil {
        throw usageError("'config \(action)' needs get or set before the key", hint: "To see it: taskman config get \(action)")
      }
      var message = "unknown config action '\(action)'"
      if let suggestion = Suggestion.nearest(to: action, in: Self.actions) { message += ". Did you mean '\(suggestion)'?" }
      throw usageError(message, hint: "Use 'taskman config' to list the settings, 'config get <key>' or 'config set <key> <value>'.")
    }
  }

  /// Every key, `key = value  # origin`, aligned; the file's path first, as a comment.
  @MainActor
  private func list(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let state = try await context.settingsStore().state
    let exists = FileKind.at(context.configFile) != .missing
    context.output.write(context.style.dim("# \(TextStyle.printable(context.configFile))\(exists ? "" : " (not created yet)")") + "\n")
    let names = SettingsKey.all.map(\.name)
    let values = SettingsKey.all.map { TextStyle.printable($0.value(in: state.settings)) }
    let nameWidth = names.map(DisplayWidth.of).max() ?? 0
    let valueWidth = values.map(DisplayWidth.of).max() ?? 0
    for (index, key) in SettingsKey.all.enumerated() {
      let name = names[index] + String(repeating: " ", count: nameWidth - DisplayWidth.of(names[index]))
      let value = values[index] + String(repeating: " ", count: valueWidth - DisplayWidth.of(values[index]))
      context.output.write("\(name) = \(value)  " + context.style.dim("# \(state.origin(of: key))") + "\n")
    }
    for alias in state.file.aliases {
      let name = CommandAlias.keyPrefix + alias.name
      context.output.write("\(TextStyle.printable(name)) = \(TextStyle.printable(alias.text))  " + context.style.dim("# file, line \(alias.line)") + "\n")
      if CommandTable.command(named: alias.name) != nil {
        context.errors.write(
          "taskman: note: \(context.configFile), line \(alias.line): '\(alias.name)' is a command's name, and the command runs, not the alias; rename the alias.\n"
        )
      }
    }
    if let warning = context.settingsWarning(state) { context.errors.write(TextStyle.printable(warning, keepingLayout: true)) }
    for entry in state.file.unknownEntries {
      var note = "taskman: note: \(context.configFile), line \(entry.line): '\(entry.name)' is not a setting this taskman knows; it is kept as it is"
      if let suggestion = Suggestion.nearest(to: entry.name, in: names) { note += ". Did you mean '\(suggestion)'?" }
      context.errors.write(TextStyle.printable(note) + "\n")
    }
    return .success
  }

  /// Types the value into the key's field of the settings form (the key's binding) and reports
  /// what came of it.
  @MainActor
  private func set(_ key: SettingsKey, to text: String, in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    if key == .listFilter, let filter = try? ListFilterSetting(settingText: text) {
      // Whether list can use it, with its dates, before it is saved.
      _ = try ListCommand().applyingSettings(Settings(listFilter: filter), origin: nil)
    }
    let store = try await context.settingsStore()
    store.send(.binding(key.binding(text)))
    await store.finishEffects()
    if let failure = store.state.failure { throw Self.error(for: failure, key: key, file: context.configFile) }
    let state = store.state
    context.output.write("\(key.name) = \(TextStyle.printable(key.value(in: state.file.settings)))\n")
    switch state.origin(of: key) {
    case let .environment(name):
      context.errors.write("taskman: note: \(name) is set, and overrides this setting while it is.\n")
    case let .flag(name):
      context.errors.write("taskman: note: \(name) overrides this setting on this command line.\n")
    case .default, .file:
      break
    }
    return .success
  }

  private func requireKey() throws(TaskmanError) -> SettingsKey {
    guard let name = key else {
      throw usageError("'config \(action ?? "")' needs a key", hint: "The keys: \(Self.keyNames).")
    }
    guard let key = SettingsKey.named(name) else {
      var message = "unknown setting '\(TextStyle.printable(name))'"
      if let suggestion = Suggestion.nearest(to: name, in: SettingsKey.all.map(\.name)) {
        message += ". Did you mean '\(suggestion)'?"
      }
      throw usageError(message, hint: "The keys: \(Self.keyNames). Run 'taskman help config' for what each does.")
    }
    return key
  }

  private func usageError(_ message: String, hint: String) -> TaskmanError {
    .usage(message, usage: Self.usage, hint: hint)
  }

  static var keyNames: String { SettingsKey.all.map(\.name).joined(separator: ", ") }

  static func valuesHint(for key: SettingsKey) -> String {
    key.allowedValues.isEmpty
      ? "\(key.summary)"
      : "Give one of \(key.allowedValues.joinedAsAlternatives()): taskman config set \(key.name) \(key.allowedValues[0])"
  }

  /// The words of the value as one text: a single word as it is, several joined with spaces,
  /// those with spaces in them quoted so that `list.filter` reads them back as one word.
  static func joined(_ words: [String]) -> String {
    guard words.count > 1 else { return words.first ?? "" }
    return words.map { word in
      guard word.contains(" ") || word.contains("\t") || word.isEmpty else { return word }
      return word.contains("'") ? "\"\(word)\"" : "'\(word)'"
    }.joined(separator: " ")
  }

  /// The message and exit status of a refused change.
  static func error(for failure: SettingsFailure, key: SettingsKey, file: String) -> TaskmanError {
    switch failure {
    case .invalidValue:
      return .usage("\(failure)", usage: usage, hint: valuesHint(for: key))
    case let .fileHasProblems(problems):
      let first = problems[0]
      return TaskmanError(
        .dataFileUnreadable,
        "cannot change the config file \(file): line \(first.line): \(first.message)",
        hint: "\(first.fix) The file was left untouched; fix it in any text editor, then run this again."
      )
    case let .storage(error):
      if case .lockTimeout = error {
        return TaskmanError(.lockTimeout, "the config file \(file) is locked by another taskman", hint: "Try again when it has finished.")
      }
      return TaskmanError(.dataFileUnreadable, "cannot change the config file \(file): \(error)", hint: "The file was left untouched.")
    }
  }
}
