/// Where a setting's value came from, in order of precedence (each overrides those below it):
/// a flag, an environment variable, the config file, the default.
public enum SettingsOrigin: Hashable, Sendable, CustomStringConvertible {
  /// No one set it.
  case `default`
  /// The config file, on this line.
  case file(line: Int)
  /// This environment variable: `TASKMAN_COLOR`.
  case environment(String)
  /// This command-line flag: `--color`.
  case flag(String)

  /// `default`, `file, line 3`, `environment TASKMAN_COLOR`, `flag --color`.
  public var description: String {
    switch self {
    case .default: "default"
    case let .file(line): "file, line \(line)"
    case let .environment(name): "environment \(name)"
    case let .flag(name): "flag \(name)"
    }
  }
}

/// A value given for one run of a program, over the config file's: from an environment
/// variable or a flag.
///
/// ```swift
/// SettingsOverride(.color, "never", origin: .flag("--color"))
/// ```
public struct SettingsOverride: Hashable, Sendable {
  /// The setting.
  public var key: SettingsKey
  /// Its value, as the file would write it.
  public var value: String
  /// Where it was given.
  public var origin: SettingsOrigin

  /// `key` set to `value` by `origin`.
  public init(_ key: SettingsKey, _ value: String, origin: SettingsOrigin) {
    self.key = key
    self.value = value
    self.origin = origin
  }
}
