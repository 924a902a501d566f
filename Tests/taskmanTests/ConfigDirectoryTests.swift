import Dependencies
import TaskManager
import Testing

@testable import TaskmanCLI

@Suite("Where the config file lives, and the variables over it")
struct ConfigDirectoryTests {
  @Test func xdgConfigHomeWhenAbsoluteElseDotConfigInHome() {
    #expect(ConfigDirectory.resolve(environment: ["XDG_CONFIG_HOME": "/x/cfg/"], home: "/h") == "/x/cfg/taskman")
    // The XDG spec says to ignore a relative one.
    #expect(ConfigDirectory.resolve(environment: ["XDG_CONFIG_HOME": "cfg", "HOME": "/home/me"], home: "/h") == "/home/me/.config/taskman")
    #expect(ConfigDirectory.resolve(environment: ["HOME": "relative"], home: "/h") == "/h/.config/taskman")
  }

  @Test func eachKeyHasAVariableNamedAfterIt() {
    #expect(SettingsKey.all.map(SettingsEnvironment.variable(for:)) == [
      "TASKMAN_COLOR", "TASKMAN_LIST_SHOW_DONE", "TASKMAN_LIST_SORT", "TASKMAN_LIST_FILTER", "TASKMAN_DONE_DATE_FORMAT",
      "TASKMAN_ADD_PROJECT", "TASKMAN_FILES", "TASKMAN_DEFAULT",
    ])
  }

  @Test func theFlagComesAfterTheVariableSoItWins() throws {
    let overrides = try SettingsEnvironment.overrides(
      environment: ["TASKMAN_COLOR": "always", "TASKMAN_LIST_SORT": ""], globals: GlobalOptions(color: .never)
    )
    #expect(overrides == [
      SettingsOverride(.color, "always", origin: .environment("TASKMAN_COLOR")),
      SettingsOverride(.color, "never", origin: .flag("--color")),
    ])
    let state = withDependencies { $0.configStorage = .inMemory } operation: { SettingsFeature.State(overrides: overrides) }
    #expect(state.settings.color == .never)
  }
}
