import Storage

/// What is at a path, by `stat(2)` (symbolic links followed), in the words taskman's messages
/// use: every command asks about its data directory and file before anything else
/// (`POSIX.fileType(at:)`, which `FileManager` would be slow to stand in for).
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
    switch POSIX.fileType(at: path) {
    case .missing: .missing
    // Links that lead back to themselves are no file that a first change could create.
    case .loopOfLinks: .special("a loop of symbolic links")
    case .directory: .directory
    case .regularFile: .file
    case .characterDevice: .special("a character device")
    case .blockDevice: .special("a block device")
    case .fifo: .special("a FIFO (a named pipe)")
    case .socket: .special("a socket")
    case .other: .special("not a regular file")
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
