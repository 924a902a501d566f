import TaskManager

/// An environment variable taskman reads, with what it does: `taskman help` lists
/// ``overview``, the man page ``all``.
struct EnvironmentVariable: Hashable, Sendable {
  /// The variable's name, or names read in turn (`VISUAL, EDITOR`).
  var name: String
  /// One or two sentences.
  var help: String

  /// The variables `taskman help` lists: taskman's own, and those that choose its files and colours.
  static let overview: [EnvironmentVariable] = [file, dataDirectory, lockTimeout, noColor, settings, configHome]

  /// Every variable taskman reads: each setting's spelled out, and the general ones it respects.
  static let all: [EnvironmentVariable] =
    [file, dataDirectory, lockTimeout]
    + SettingsKey.all.map { key in
      EnvironmentVariable(
        name: SettingsEnvironment.variable(for: key),
        help: "The \(key.name) setting for one run, over the config file and under flags; empty counts as unset. \(key.summary)"
      )
    }
    + [noColor, terminal, dataHome, configHome, home, editor, temporaryDirectory]

  static let file = EnvironmentVariable(name: "TASKMAN_FILE", help: "The TaskPaper file, when --file is not given.")
  static let dataDirectory = EnvironmentVariable(
    name: "TASKMAN_DATA_DIR", help: "The data directory, when --data-dir is not given."
  )
  static let lockTimeout = EnvironmentVariable(
    name: "TASKMAN_LOCK_TIMEOUT",
    help: "Seconds to wait for another taskman to release the data file before exiting with status 4, in decimal (10, 0.5; at most 86400). Default: 10."
  )
  static let noColor = EnvironmentVariable(
    name: "NO_COLOR",
    help: "When set and not empty, no colour, unless --color always is given (or the color setting says always)."
  )
  static let settings = EnvironmentVariable(
    name: "TASKMAN_COLOR, …",
    help: "Each setting for one run: TASKMAN_ and its key in capitals, _ for . and - (TASKMAN_LIST_SORT=due). Over the config file, under flags; see 'taskman help config'."
  )
  static let configHome = EnvironmentVariable(
    name: "XDG_CONFIG_HOME", help: "The config file is $XDG_CONFIG_HOME/taskman/config, else ~/.config/taskman/config."
  )
  static let terminal = EnvironmentVariable(
    name: "TERM", help: "When dumb, no colour unless --color always (or the color setting) asks for it."
  )
  static let dataHome = EnvironmentVariable(
    name: "XDG_DATA_HOME",
    help: "The data directory is $XDG_DATA_HOME/taskman when neither --data-dir nor TASKMAN_DATA_DIR is given, else ~/.local/share/taskman."
  )
  static let home = EnvironmentVariable(
    name: "HOME", help: "The home directory (~) of the default paths. Default: the account's."
  )
  static let editor = EnvironmentVariable(
    name: "VISUAL, EDITOR",
    help: "The editor 'taskman edit <id>' opens without text: $VISUAL, else $EDITOR, else vi, run by /bin/sh (so it may have arguments: code --wait)."
  )
  static let temporaryDirectory = EnvironmentVariable(
    name: "TMPDIR", help: "Where 'taskman edit <id>' writes the text it opens in the editor. Default: /tmp."
  )
}
