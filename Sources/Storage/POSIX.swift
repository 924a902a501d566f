#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dependencies

/// Thin wrappers over the POSIX calls the file storage needs, retrying on `EINTR` and turning
/// failures into ``StorageError``s.
///
/// The paths, links and probes here are the package's one implementation of them: taskman's
/// own checks of its data directory and task file use them too, so that the file a command
/// says it will write through a symbolic link is the file the storage writes. The calls only
/// the storage makes (opening, flushing, exchanging) are in `Internal/POSIX+Calls.swift`.
package enum POSIX {
  // MARK: Paths

  /// The directory that contains `path`: `/` for a name directly under it, for `/` itself, and
  /// for a path without a slash.
  package static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
  }

  /// The last component of `path`; `path` itself when nothing follows its last slash (`/`
  /// for `/`).
  package static func lastComponent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), path.index(after: slash) < path.endIndex else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// `name` in `directory`, without a doubled slash when `directory` is `/`.
  package static func joined(_ directory: String, _ name: String) -> String {
    directory == "/" ? "/" + name : directory + "/" + name
  }

  /// `path` taken from `directory` when relative, without `.`, `..` and repeated slashes, as
  /// `URL.standardizedFileURL` gives it (no symbolic link is followed), at a fraction of the
  /// cost: every taskman command resolves its directory before anything else.
  package static func standardized(_ path: String, from directory: String) -> String {
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

  // MARK: Links

  /// Whether `path` itself is a symbolic link (to anything, or to nothing).
  package static func isSymbolicLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
  }

  /// What the symbolic link at `path` holds, as written; nil when `path` is no link or cannot
  /// be read.
  package static func linkTarget(of path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `path` with every symbolic link at its end replaced by what it points to, as far as the
  /// links go: the file a write through `path` must replace. Unlike `realpath(3)`, a last link
  /// that leads to a file not created yet resolves to that file's path. The directories on the
  /// way are left as they are (the kernel follows their links when the path is used).
  ///
  /// - Throws: ``StorageError/fileSystem(operation:path:code:)`` (``StorageError/Operation/read``)
  ///   when a link cannot be looked at, or with `ELOOP` when the links go round.
  package static func resolveLinks(_ path: String) throws(StorageError) -> String {
    let followed = followLinks(path)
    if let failure = followed.failure {
      throw .fileSystem(operation: .read, path: failure.path, code: failure.code)
    }
    return followed.path
  }

  /// ``resolveLinks(_:)``'s file, canonical: its directory's own links and `.` and `..`
  /// resolved by `realpath(3)`, so that every way of naming one file gives one path, whether
  /// or not the file exists yet. Never fails: where the links cannot be followed further, or
  /// go round, it is the path as far as they went; where the file's directory is missing too,
  /// only `.` and `..` are taken out (`a/../b/t`, from a relative link, is `b/t`).
  package static func realPath(of path: String) -> String {
    let current = followLinks(path).path
    if let resolved = realpath(current, nil) {
      defer { free(resolved) }
      return String(cString: resolved)
    }
    if let resolved = realpath(parent(of: current), nil) {
      defer { free(resolved) }
      return joined(String(cString: resolved), lastComponent(of: current))
    }
    return standardized(current, from: "/")
  }

  /// The links at the end of `path` followed, as far as they go: the one walk behind
  /// ``resolveLinks(_:)`` and ``realPath(of:)``. `failure` says why it stopped before a file
  /// that is no link, or a name with nothing there.
  private static func followLinks(_ path: String) -> (path: String, failure: (path: String, code: Int32)?) {
    var current = path
    // The same bound as the kernel's, against a loop of links.
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0 else {
        return errno == ENOENT ? (current, nil) : (current, (current, errno))
      }
      guard (info.st_mode & S_IFMT) == S_IFLNK else { return (current, nil) }
      guard let target = linkTarget(of: current) else { return (current, (current, errno)) }
      current = target.hasPrefix("/") ? target : joined(parent(of: current), target)
    }
    return isSymbolicLink(current) ? (current, (path, ELOOP)) : (current, nil)
  }

  // MARK: Probes

  /// What is at a path, by `stat(2)`: symbolic links followed.
  package enum FileType: Equatable, Sendable {
    /// Nothing, or nothing this process may look at.
    case missing
    /// Links that lead back to themselves.
    case loopOfLinks
    /// A directory.
    case directory
    /// A regular file.
    case regularFile
    /// A character device.
    case characterDevice
    /// A block device.
    case blockDevice
    /// A FIFO (a named pipe).
    case fifo
    /// A socket.
    case socket
    /// Anything else.
    case other
  }

  /// What is at `path` (links followed).
  package static func fileType(at path: String) -> FileType {
    var info = stat()
    guard stat(path, &info) == 0 else { return errno == ELOOP ? .loopOfLinks : .missing }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return .directory
    case S_IFREG: return .regularFile
    case S_IFCHR: return .characterDevice
    case S_IFBLK: return .blockDevice
    case S_IFIFO: return .fifo
    case S_IFSOCK: return .socket
    default: return .other
    }
  }

  /// Whether `path` is an existing directory (links followed).
  package static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  // MARK: Directories

  /// The first of the absolute `path` and the directories above it, from the top, that is
  /// there but is no directory (a file, or a link to nothing): what stands in the way of
  /// ``makeDirectories(_:synchronizingParents:)``. Nil when there is none.
  package static func firstNonDirectory(along path: String) -> String? {
    var prefix = ""
    for component in path.split(separator: "/") {
      prefix += "/"
      prefix += String(component)
      if isDirectory(prefix) { continue }
      var info = stat()
      return lstat(prefix, &info) == 0 ? prefix : nil
    }
    return nil
  }

  /// Creates the directory at the absolute `path` and any missing parents, like `mkdir -p`,
  /// each readable by its owner only (`0700`, whatever the umask). Existing directories (or
  /// links to directories) are left as they are.
  ///
  /// With `synchronizingParents`, the new directories are made durable: each one's entry is
  /// flushed in its parent, so that documents saved in them next survive a crash.
  ///
  /// - Throws: ``StorageError/fileSystem(operation:path:code:)`` with
  ///   ``StorageError/Operation/createDirectory``, the path that could not be made and why:
  ///   below a file, the first directory under it, with `ENOTDIR` (or `path`, when it is the
  ///   file). ``firstNonDirectory(along:)`` names the file in the way.
  package static func makeDirectories(_ path: String, synchronizingParents: Bool = true) throws(StorageError) {
    // Most calls find it made: one `stat` then.
    if isDirectory(path) { return }
    var prefix = ""
    var created: [String] = []
    for component in path.split(separator: "/") {
      // String to String: appending a substring is generic, and looked up at run time.
      prefix += "/"
      prefix += String(component)
      if mkdir(prefix, 0o700) == 0 {
        // The umask may have taken the owner's bits too.
        chmod(prefix, 0o700)
        created.append(prefix)
        continue
      }
      // Something there already: a directory, or a file that the next mkdir, or the check
      // below, fails on.
      if errno != EEXIST { throw .fileSystem(operation: .createDirectory, path: prefix, code: errno) }
    }
    guard isDirectory(path) else {
      throw .fileSystem(operation: .createDirectory, path: path, code: ENOTDIR)
    }
    guard synchronizingParents else { return }
    // A new directory's entry lives in its parent.
    for directory in created {
      try synchronizeDirectory(parent(of: directory))
    }
  }
}
