import Foundation
import Dependencies
import Storage
import TaskManager

/// The command lines the config file adds to taskman's own: the aliases (`alias.ls = list
/// --flat`) and the default report (`default = agenda`), which ``Invocation/parse(_:configured:)``
/// asks for only when a command line has no command or names none of taskman's.
///
/// ```swift
/// let lines = ConfiguredCommandLines(file: SettingsFile(bytes: Array("alias.ls = list --flat\n".utf8)))
/// try Invocation.parse(["ls", "-p", "Home"], configured: { lines })  // list --flat -p Home
/// ```
///
/// A command's own name always wins over an alias of that name, so that an alias file shared
/// between versions never changes what a command does (`taskman config` points such an alias
/// out).
struct ConfiguredCommandLines: Sendable {
  /// The aliases by name.
  var aliases: [String: CommandAlias] = [:]
  /// What `taskman` alone runs; empty means `list`.
  var defaultCommand = CommandLineSetting()
  /// The config file's path, which messages about its lines name.
  var configFile = ""

  init() {}

  /// The command lines of `file`, kept at `path`; `TASKMAN_DEFAULT` in `environment` (when set
  /// and readable) overrides the file's `default`, as every setting's variable does.
  init(file: SettingsFile, path: String = "", environment: [String: String] = [:]) {
    for alias in file.aliases { aliases[alias.name] = alias }
    defaultCommand = file.settings.defaultCommand
    let variable = SettingsEnvironment.variable(for: .defaultCommand)
    if let text = environment[variable], !text.isEmpty, let line = try? CommandLineSetting(settingText: text) {
      defaultCommand = line
    }
    configFile = path
  }

  /// The command lines of the config file `session` reads (none when it cannot be read: the
  /// command's settings say why, once it runs).
  static func load(for session: Session) -> ConfiguredCommandLines {
    let directory = ConfigDirectory.resolve(environment: session.environment, home: session.home)
    let storage = StorageClient.fileSystem(directory: URL(fileURLWithPath: directory, isDirectory: true))
    let data = (try? storage.load(SettingsFeature.documentName)) ?? nil
    return ConfiguredCommandLines(
      file: SettingsFile(data: data ?? Data()),
      path: directory + "/" + SettingsFeature.documentName,
      environment: session.environment
    )
  }
}
