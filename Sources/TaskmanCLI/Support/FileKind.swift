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
  /// A file, or anything else that is not a directory.
  case file

  /// What is at `path`.
  static func at(_ path: String) -> FileKind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
  }
}
