#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What is at a path, by `stat(2)` (symbolic links followed): every command asks about its
/// data directory and file before anything else, and `FileManager` would be made for it.
enum FileKind: Equatable {
  /// Nothing, or nothing this process may look at.
  case missing
  case directory
  /// A regular file.
  case file
  /// Anything else, which no task list can be: what it is, for a message ("a FIFO").
  case special(String)

  /// What is at `path`.
  static func at(_ path: String) -> FileKind {
    var info = stat()
    guard stat(path, &info) == 0 else {
      // Links that lead back to themselves are no file that a first change could create.
      return errno == ELOOP ? .special("a loop of symbolic links") : .missing
    }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return .directory
    case S_IFREG: return .file
    case S_IFCHR: return .special("a character device")
    case S_IFBLK: return .special("a block device")
    case S_IFIFO: return .special("a FIFO (a named pipe)")
    case S_IFSOCK: return .special("a socket")
    default: return .special("not a regular file")
    }
  }
}

extension FileKind: CustomStringConvertible {
  /// What it is, after "it is": `a directory`, `a FIFO (a named pipe)`.
  var description: String {
    switch self {
    case .missing: "missing"
    case .directory: "a directory"
    case .file: "a file"
    case .special(let what): what
    }
  }
}
