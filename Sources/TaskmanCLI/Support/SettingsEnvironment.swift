import TaskManager

/// The environment variables and flags that override the config file for one run, each key's
/// in this order of precedence: a flag, then its variable, then the file, then the default.
///
/// Each key has a variable: `TASKMAN_` and the key in capitals with `_` for `.` and `-`
/// (`TASKMAN_COLOR`, `TASKMAN_LIST_SHOW_DONE`, `TASKMAN_DONE_DATE_FORMAT`), like
/// `TASKMAN_FILE` and `TASKMAN_DATA_DIR`; an empty one counts as unset. `NO_COLOR` is not one
/// of them: it is the general wish that `color = auto` respects (see ``ColorChoice``), and a
/// setting made for taskman overrides it. The flags: `--color` for `color`, and `list`'s own
/// options (`--sort`, `--done`, `--all`, `--open` and its filters), which that command applies
/// over the settings itself.
enum SettingsEnvironment {
  /// The variable of `key`: `TASKMAN_LIST_SHOW_DONE`.
  static func variable(for key: SettingsKey) -> String {
    "TASKMAN_" + String(key.name.uppercased().map { $0 == "." || $0 == "-" ? "_" : $0 })
  }

  /// The overrides in `environment` and `globals`, in increasing precedence; a variable whose
  /// value is not one of its key's is a usage error naming it.
  static func overrides(environment: [String: String], globals: GlobalOptions) throws(TaskmanError) -> [SettingsOverride] {
    var overrides: [SettingsOverride] = []
    for key in SettingsKey.all {
      let name = variable(for: key)
      guard let value = environment[name], !value.isEmpty else { continue }
      do throws(SettingValueError) {
        try key.validate(value)
      } catch {
        throw .usage(
          "\(name) is '\(TextStyle.printable(value))', not a value of \(key.name): \(error.reason)",
          hint: "Set it to a value of \(key.name) (see 'taskman help config'), or unset it to use the config file's."
        )
      }
      overrides.append(SettingsOverride(key, value, origin: .environment(name)))
    }
    if let color = globals.color {
      overrides.append(SettingsOverride(.color, color.rawValue, origin: .flag("--color")))
    }
    return overrides
  }
}
