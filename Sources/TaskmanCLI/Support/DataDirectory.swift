#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// Where the task file lives, in this order of precedence:
///
/// 1. `--data-dir <dir>`;
/// 2. `TASKMAN_DATA_DIR`, when set and not empty;
/// 3. `$XDG_DATA_HOME/taskman`, when `XDG_DATA_HOME` is an absolute path (the XDG spec says to
///    ignore a relative one);
/// 4. `~/.local/share/taskman`, `~` being `$HOME` when absolute, else the account's home.
///
/// A relative `--data-dir` or `TASKMAN_DATA_DIR` is taken from the current directory. The same
/// rule on every platform, as the spec asks (not macOS's Application Support).
enum DataDirectory {
  static func resolve(
    option: String?,
    environment: [String: String],
    currentDirectory: String = FileManager.default.currentDirectoryPath,
    home: @autoclosure () -> String = FileManager.default.homeDirectoryForCurrentUser.path
  ) -> String {
    let path: String
    if let option, !option.isEmpty {
      path = standardized(option, from: currentDirectory)
    } else if let variable = environment["TASKMAN_DATA_DIR"], !variable.isEmpty {
      path = standardized(variable, from: currentDirectory)
    } else if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      path = standardized(dataHome + "/taskman", from: "/")
    } else {
      let homePath = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home()
      path = standardized(homePath + "/.local/share/taskman", from: "/")
    }
    return path
  }

  /// `path` taken from `directory` when relative, without `.`, `..` and repeated slashes, as
  /// `URL.standardizedFileURL` gives it (no symbolic link is followed), at a fraction of the
  /// cost: every command resolves its directory before anything else.
  static func standardized(_ path: String, from directory: String) -> String {
    let absolute = path.hasPrefix("/") ? path : directory + "/" + path
    var components: [Substring] = []
    for component in absolute.split(separator: "/") {
      switch component {
      case ".": continue
      case "..": _ = components.popLast()
      default: components.append(component)
      }
    }
    // By a loop: `joined(separator:)` of substrings is generic, and its first use in a process
    // looks up its types at run time.
    var result = ""
    for component in components {
      result += "/"
      result += String(component)
    }
    return result.isEmpty ? "/" : result
  }

  /// Creates `directory` and its missing parents (no prompt), each readable by its owner only
  /// (`0700`, whatever the umask); fine when it exists. Fails with exit 3 naming the path that
  /// is in the way, and why.
  static func create(_ directory: String) throws(TaskmanError) {
    // Most runs find it made: one `stat` then.
    if FileKind.at(directory) == .directory { return }
    var prefix = ""
    for component in directory.split(separator: "/") {
      // String to String: appending a substring is generic, and looked up at run time.
      prefix += "/"
      prefix += String(component)
      if mkdir(prefix, 0o700) == 0 {
        chmod(prefix, 0o700)
        continue
      }
      let code = errno
      var info = stat()
      if code == EEXIST, stat(prefix, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { continue }
      let reason: String
      switch code {
      case EEXIST, ENOTDIR:
        reason = "\(prefix) is a file, not a directory"
      case EACCES, EPERM:
        reason = "permission denied creating \(prefix)"
      case EROFS:
        reason = "\(prefix) is on a read-only file system"
      default:
        reason = "\(prefix): \(String(cString: strerror(code)))"
      }
      throw TaskmanError(
        .dataFileUnreadable,
        "cannot create the data directory \(directory): \(reason)",
        hint: "Choose another directory with --data-dir or TASKMAN_DATA_DIR."
      )
    }
  }
}
