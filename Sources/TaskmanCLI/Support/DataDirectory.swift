#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dependencies
import Foundation
import Storage

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

  /// `path` taken from `directory` when relative, without `.`, `..` and repeated slashes (no
  /// symbolic link is followed): `POSIX.standardized(_:from:)`.
  static func standardized(_ path: String, from directory: String) -> String {
    POSIX.standardized(path, from: directory)
  }

  /// Creates `directory` and its missing parents (no prompt), each readable by its owner only
  /// (`0700`, whatever the umask), as the storage makes its own (`POSIX.makeDirectories`);
  /// fine when it exists. Fails with exit 3 naming the path that is in the way, and why.
  static func create(_ directory: String) throws(TaskmanError) {
    do throws(StorageError) {
      // Without flushing its parents, as taskman always made it (the storage flushes the state
      // directories it makes inside).
      try POSIX.makeDirectories(directory, synchronizingParents: false)
    } catch {
      guard case let .fileSystem(_, prefix, code) = error else {
        throw TaskmanError(.dataFileUnreadable, "cannot create the data directory \(directory): \(error)")
      }
      let reason: String
      // A file (or a link to nothing) in the way is named, rather than the directory below it
      // that could then not be made.
      if let obstacle = POSIX.firstNonDirectory(along: directory) {
        reason = "\(obstacle) is a file, not a directory"
      } else {
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
      }
      throw TaskmanError(
        .dataFileUnreadable,
        "cannot create the data directory \(directory): \(reason)",
        hint: "Choose another directory with --data-dir or TASKMAN_DATA_DIR."
      )
    }
  }
}
