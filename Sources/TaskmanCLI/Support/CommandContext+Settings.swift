import Composable
import Dependencies
import Foundation
import Storage
import TaskManager

extension CommandContext {
  /// The config file's directory (see ``ConfigDirectory``).
  var configDirectory: String {
    ConfigDirectory.resolve(environment: session.environment, home: session.home)
  }

  /// The config file's path.
  var configFile: String { configDirectory + "/" + SettingsFeature.documentName }

  /// The config file's directory as the settings' storage.
  var configStorage: StorageClient {
    StorageClient.fileSystem(directory: URL(fileURLWithPath: configDirectory, isDirectory: true))
  }

  /// A store of the settings over the config file, loaded, with this command's environment and
  /// flags over it: what `config` drives, and where every command's settings come from.
  @MainActor
  func settingsStore() async throws(TaskmanError) -> StoreOf<SettingsFeature> {
    let overrides = try SettingsEnvironment.overrides(environment: session.environment, globals: globals)
    let store = Store(initialState: SettingsFeature.State()) { SettingsFeature() } withDependencies: {
      $0.configStorage = configStorage
      // A file that cannot be read is said once, in taskman's words, from the state.
      $0.issueReporter = IssueReporter { _, _ in }
    }
    store.send(.load)
    store.send(.overridesChanged(overrides))
    await store.finishEffects()
    return store
  }

  /// Loads the settings this command runs with into the session (``Session/settings``), which
  /// ``style``, `list` and `done` then follow. A config file that cannot be read, or has lines
  /// that cannot, is said on standard error (once a session) and the rest applies; a bad
  /// `TASKMAN_…` variable is a usage error. `config`, which says it in its own words, turns the
  /// warning off (`warns`).
  ///
  /// The state is made from the file as ``SettingsFeature``'s `loadResponse` makes it, without
  /// a store: every command reads it, and a store's effect would cost each a hop to another
  /// thread and back for one small read.
  @MainActor
  func prepareSettings(warns: Bool = true) throws(TaskmanError) {
    let overrides = try SettingsEnvironment.overrides(environment: session.environment, globals: globals)
    let configStorage = configStorage
    var state = withDependencies {
      $0.configStorage = configStorage
      $0.issueReporter = IssueReporter { _, _ in }
    } operation: {
      SettingsFeature.State(overrides: overrides)
    }
    do throws(StorageError) {
      state.file = SettingsFile(data: try configStorage.load(SettingsFeature.documentName) ?? Data())
      state.loadStatus = .loaded
    } catch {
      state.loadStatus = .failed(.storage(error))
    }
    session.settings = state
    if warns, let warning = settingsWarning(state), session.settingsWarnings.insert(warning).inserted {
      errors.write(TextStyle.printable(warning, keepingLayout: true))
    }
  }

  /// What to say on standard error about the config file in `state`: that it cannot be read, or
  /// which lines cannot; nil when all is well.
  func settingsWarning(_ state: SettingsFeature.State) -> String? {
    if case let .failed(failure) = state.loadStatus {
      return "taskman: cannot read the config file \(configFile): \(failure); the defaults apply.\n"
    }
    guard !state.file.problems.isEmpty else { return nil }
    let lines = state.file.problems.map { "  \($0)\n" }.joined()
    return "taskman: the config file \(configFile) has lines taskman cannot read; the other settings apply:\n\(lines)"
  }

  /// The settings this command runs with: the session's, else the defaults with the flags.
  var settings: Settings {
    session.settings?.settings ?? Settings(color: globals.color.map(\.setting) ?? .auto)
  }
}

extension ColorChoice {
  /// The setting with the same meaning.
  var setting: ColorSetting {
    switch self {
    case .auto: .auto
    case .always: .always
    case .never: .never
    }
  }

  /// The choice with the meaning of `setting`.
  init(_ setting: ColorSetting) {
    switch setting {
    case .auto: self = .auto
    case .always: self = .always
    case .never: self = .never
    }
  }
}
