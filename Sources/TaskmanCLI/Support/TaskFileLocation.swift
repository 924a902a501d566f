#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import Storage

/// Which TaskPaper file `taskman` works on, and where its bookkeeping lives.
///
/// The file: `--file <path>`, else `TASKMAN_FILE`, else `tasks.taskpaper` in the data
/// directory (see ``DataDirectory``). A relative path is taken from the current directory.
/// Several files (`--file` given more than once, the `files` setting) are a ``TaskFileSet``
/// of locations, each with its own state directory.
///
/// The bookkeeping (the ids of the file's items, the undo journal, the lock and the backup)
/// never goes in the file, nor beside it: it lives in the data directory, under
/// `state/<file name>-<16 hex digits>/`, the digits a hash of the file's real path (symbolic
/// links resolved), so every way of naming one file shares one state, and two files of the
/// same name do not.
struct TaskFileLocation: Equatable {
  /// The file's path as given (absolute; it may be a symbolic link).
  var path: String
  /// Whether it is the default file of the data directory (no `--file`, no `TASKMAN_FILE`).
  var isDefault: Bool
  /// The data directory.
  var dataDirectory: String
  /// Where the file's ids, journal, lock and backup live.
  var stateDirectory: String
  /// The file a write through ``path`` replaces: `path` with symbolic links resolved
  /// (`POSIX.realPath(of:)`, the storage's own rule), whether or not it exists yet (a link to
  /// a file not created yet resolves to that file), so the state does not move when the first
  /// save creates it.
  var realPath: String

  /// The file's name inside the data directory when no other is chosen.
  static let defaultName = "tasks.taskpaper"

  /// `dataDirectory` is an absolute path without `.`, `..` or repeated slashes, as
  /// ``DataDirectory/resolve(option:environment:currentDirectory:home:)`` gives it.
  init(option: String?, environment: [String: String], dataDirectory: String, currentDirectory: String) {
    let chosen = option.flatMap { $0.isEmpty ? nil : $0 } ?? environment["TASKMAN_FILE"].flatMap { $0.isEmpty ? nil : $0 }
    if let chosen {
      path = POSIX.standardized(chosen, from: currentDirectory)
      isDefault = false
    } else {
      path = POSIX.joined(dataDirectory, Self.defaultName)
      isDefault = true
    }
    self.dataDirectory = dataDirectory
    let real = POSIX.realPath(of: path)
    realPath = real
    let name = POSIX.lastComponent(of: real)
    let hash = real.utf8.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x0100_0000_01B3 }
    let digits = String(hash, radix: 16)
    stateDirectory = POSIX.joined(POSIX.joined(dataDirectory, "state"), "\(name)-\(String(repeating: "0", count: 16 - digits.count) + digits)")
  }

  /// The directory that holds the file (a link's own directory, not its target's).
  var directory: String { POSIX.parent(of: path) }

  /// The directory a save writes in: the link's target's, when ``path`` is a symbolic link.
  var realDirectory: String { POSIX.parent(of: realPath) }

  /// Whether ``path`` itself is a symbolic link (to anything, or to nothing).
  var isSymbolicLink: Bool { POSIX.isSymbolicLink(path) }
}

extension TaskFileLocation {
  /// The first of the data directory and the state directories under it (`state`, then the
  /// file's own) that exists and belongs to another user than `user` (the one running taskman),
  /// with its owner's name (or number): what a taskman run with `sudo` leaves behind, which
  /// every later command of the user then cannot open. Nil when there is none, or for the
  /// superuser (it may open anything).
  func stateDirectoryOwned(notBy user: uid_t = geteuid()) -> (path: String, owner: String)? {
    guard user != 0 else { return nil }
    for directory in [dataDirectory, POSIX.parent(of: stateDirectory), stateDirectory] {
      var info = stat()
      guard stat(directory, &info) == 0 else { return nil }
      if info.st_uid != user { return (directory, Self.userName(of: info.st_uid)) }
    }
    return nil
  }

  /// Refuses the state directories (`state` in the data directory, then the file's own under
  /// it) when one that exists is a symbolic link, or belongs to another user than `user` (the
  /// superuser too: nobody else's directory is used): in a data directory others may write in,
  /// another user could otherwise point `state` at a directory of theirs and read and replace
  /// the undo journal (whose text undo writes back into the file), the ids and the backup.
  /// Exit status 3, naming the directory and how to put it right.
  func checkStateDirectories(user: uid_t = geteuid()) throws(TaskmanError) {
    let knownAs = "taskman keeps the undo journal, the ids and the backup of the task file there"
    for directory in [POSIX.parent(of: stateDirectory), stateDirectory] {
      var info = stat()
      // Missing: made by the first change, as the user's. Anything else that cannot be looked
      // at is reported by what uses it.
      guard lstat(directory, &info) == 0 else { return }
      let quoted = AppStore.shellQuoted(directory)
      if info.st_mode & S_IFMT == S_IFLNK {
        let target = POSIX.linkTarget(of: directory).flatMap { $0.isEmpty ? nil : $0 } ?? "?"
        throw TaskmanError(
          .dataFileUnreadable,
          "the state directory \(directory) is a symbolic link (to \(target)); \(knownAs), and does not use them through a link, which another user could have planted",
          hint: "Remove the link (rm \(quoted)): taskman makes the directory anew, and only the undo history is lost. Or choose another data directory with --data-dir or TASKMAN_DATA_DIR."
        )
      }
      if info.st_uid != user {
        throw TaskmanError(
          .dataFileUnreadable,
          "the state directory \(directory) belongs to \(Self.userName(of: info.st_uid)), not to \(Self.userName(of: user)); \(knownAs), and does not use them where another user could read and replace them",
          hint: "If it is yours, left by a taskman run as another user (with sudo, say), give it back with: sudo chown -R \"$(id -un)\" \(quoted). Otherwise move it out of the way, or choose another data directory with --data-dir or TASKMAN_DATA_DIR."
        )
      }
    }
  }

  /// The account name of `uid`, or `user <uid>` when the system has none for it.
  private static func userName(of uid: uid_t) -> String {
    var entry = passwd()
    var result: UnsafeMutablePointer<passwd>?
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getpwuid_r(uid, &entry, &buffer, buffer.count, &result) == 0, result != nil, let name = entry.pw_name else {
      return "user \(uid)"
    }
    return String(cString: name)
  }
}
