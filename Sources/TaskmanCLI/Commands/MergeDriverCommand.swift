#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import TaskManager

/// `taskman merge-driver <base> <ours> <theirs>`: the merge driver git runs for task files
/// (`.gitattributes`: `*.taskpaper merge=taskman`; the repository's config:
/// `merge.taskman.driver = taskman merge-driver %O %A %B`). Merges the three versions
/// (``OutlineMerge``) and writes the result over `<ours>`, as git expects of a driver.
///
/// Exit 0 with the merged file in `<ours>`, also when items were kept twice for a conflict
/// (their number is said on standard error); 3 when a file cannot be read or written, or a
/// version is not text taskman reads (not UTF-8, lone carriage returns): `<ours>` is then left
/// as it was and git reports a conflict, so nothing is lost. Takes no lock and reads no
/// settings nor state: git runs it on its own temporary files. Hidden: listed in no help,
/// since people meet it only through `taskman sync init`, which registers it.
enum MergeDriverCommand {
  /// The command's name on the command line.
  static let entryPoint = "merge-driver"

  @MainActor
  static func run(_ arguments: [[UInt8]], session: Session) -> ExitCode {
    guard arguments.count == 3 else {
      session.errors.write(
        "taskman merge-driver: expected 3 files (the ancestor's, ours, theirs), got \(arguments.count)\n"
          + "  git runs it as: taskman merge-driver %O %A %B\n"
      )
      return .usage
    }
    let paths = arguments.map { String(decoding: $0, as: UTF8.self) }
    var versions: [[UInt8]] = []
    for (path, name) in zip(paths, ["ancestor's", "ours", "theirs"]) {
      switch FileReader(path: path).read(maximumBytes: Int.max) {
      case .success(let bytes): versions.append(bytes)
      case .failure(let failure):
        let reason =
          switch failure {
          case .isDirectory: "it is a directory"
          case .tooLarge: "it is too large"
          case .system(let code): TaskmanError.reason(errno: code)
          }
        session.errors.write("taskman merge-driver: could not read \(name) version '\(path)': \(reason)\n")
        return .dataFileUnreadable
      }
    }
    let result: OutlineMerge.Result
    do {
      result = try OutlineMerge.merge(base: versions[0], ours: versions[1], theirs: versions[2])
    } catch {
      session.errors.write(
        "taskman merge-driver: could not merge: the \(error)\n  '\(paths[1])' is left as it was, for git to report a conflict\n"
      )
      return .dataFileUnreadable
    }
    if result.bytes != versions[1] {
      if let code = replace(paths[1], with: result.bytes) {
        session.errors.write("taskman merge-driver: could not write '\(paths[1])': \(TaskmanError.reason(errno: code))\n")
        return .dataFileUnreadable
      }
    }
    if !result.conflicts.isEmpty {
      let count = result.conflicts.count
      let lines = result.conflicts.map { "\($0.conflictLine)" }.joined(separator: ", ")
      session.errors.write(
        "taskman merge-driver: \(count) \(count == 1 ? "item was" : "items were") changed differently on both sides: "
          + "both versions kept, the other marked @conflict (line\(count == 1 ? "" : "s") \(lines))\n"
      )
    }
    return .success
  }

  /// Writes `bytes` to a new file beside `path` and renames it over `path`, with `path`'s
  /// permissions: `path` is either left as it was or replaced whole. The error number when
  /// that failed.
  private static func replace(_ path: String, with bytes: [UInt8]) -> Int32? {
    var info = stat()
    let mode = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
    let temporary = path + ".taskman-merge.\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode_t(mode))
    guard descriptor >= 0 else { return errno }
    var offset = 0
    var failure: Int32?
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else {
        failure = written < 0 ? errno : EIO
        break
      }
      offset += written
    }
    if failure == nil, fchmod(descriptor, mode_t(mode)) != 0 || fsync(descriptor) != 0 { failure = errno }
    close(descriptor)
    if failure == nil, rename(temporary, path) != 0 { failure = errno }
    if failure != nil { unlink(temporary) }
    return failure
  }
}
