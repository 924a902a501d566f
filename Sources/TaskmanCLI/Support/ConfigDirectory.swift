import Foundation

/// Where the config file lives: `$XDG_CONFIG_HOME/taskman/config` when `XDG_CONFIG_HOME` is an
/// absolute path (the XDG spec says to ignore a relative one), else `~/.config/taskman/config`,
/// `~` being `$HOME` when absolute, else the account's home. The same on every platform, as
/// ``DataDirectory`` is.
enum ConfigDirectory {
  /// The directory: `…/taskman`.
  static func resolve(environment: [String: String], home: String) -> String {
    if let configHome = environment["XDG_CONFIG_HOME"], configHome.hasPrefix("/") {
      return DataDirectory.standardized(configHome + "/taskman", from: "/")
    }
    let homePath = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home
    return DataDirectory.standardized(homePath + "/.config/taskman", from: "/")
  }
}
