#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Storage

/// The lines typed at `taskman shell`'s prompt, kept across sessions in `shell_history` in the
/// data directory: one line each, oldest first, at most ``limit`` of them.
///
/// - A line is recorded when submitted, unless it is blank, starts with a space (as bash's
///   `ignorespace`: a way to keep a line out of the history), or repeats the line before it.
/// - Each line is appended with one `write` under an exclusive `flock`, so that two shells at
///   once interleave whole lines. When the file has grown to twice the limit, the shell holding
///   the lock replaces it (a new file, renamed over it) with its last ``limit`` lines; a shell
///   that then finds it appended to the replaced file appends again to the new one.
/// - The file is created `0600` (it may hold task titles), the data directory `0700`.
/// - A file that cannot be read, is not a regular file, or is not text (not UTF-8, NUL bytes)
///   is left alone: the session keeps its history in memory only, and says so once.
struct ShellHistory {
  /// The most lines kept.
  static let defaultLimit = 1000
  /// The largest history file read; a bigger one is not a history file taskman wrote.
  static let maximumFileBytes = 16 * 1024 * 1024

  /// Where the history is saved, or nil when it is not (tests, a file left alone).
  let path: String?
  let limit: Int
  /// The lines, oldest first.
  private(set) var entries: [String]
  /// Why the file is left alone, when it is: for the note the shell prints.
  private(set) var problem: String?
  /// How many lines the file has, as far as this session knows.
  private var fileLines: Int

  /// A history kept in memory only.
  init(entries: [String] = [], limit: Int = defaultLimit) {
    self.path = nil
    self.limit = limit
    self.entries = Array(entries.suffix(limit))
    self.fileLines = 0
  }

  /// The history saved at `path`; empty when there is no file yet.
  init(path: String, limit: Int = defaultLimit) {
    self.limit = limit
    self.entries = []
    self.fileLines = 0
    switch Self.read(path) {
    case .missing:
      self.path = path
    case let .lines(lines):
      self.path = path
      self.fileLines = lines.count
      self.entries = Array(lines.filter(Self.isRecordable).suffix(limit))
    case let .unusable(reason):
      self.path = nil
      self.problem = "the shell history \(path) \(reason); this session's history is not saved"
    }
  }

  /// Whether `line` would be recorded at all (after the line before it).
  static func isRecordable(_ line: String) -> Bool {
    guard let first = line.first, first != " ", !line.allSatisfy(\.isWhitespace) else { return false }
    // One line of printable text: what the line editor can give back.
    return line.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }
  }

  /// Records a submitted line (see the rules above) and appends it to the file.
  mutating func add(_ line: String) {
    guard Self.isRecordable(line), entries.last != line else { return }
    entries.append(line)
    if entries.count > limit { entries.removeFirst(entries.count - limit) }
    guard let path else { return }
    fileLines = append(line, to: path) ?? fileLines
  }

  // MARK: - The file

  private enum Contents {
    case missing
    case lines([String])
    case unusable(String)
  }

  private static func read(_ path: String) -> Contents {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      return errno == ENOENT ? .missing : .unusable("cannot be read (\(String(cString: strerror(errno))))")
    }
    defer { close(descriptor) }
    return contents(of: descriptor)
  }

  private static func contents(of descriptor: Int32) -> Contents {
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return .unusable("is not a file") }
    guard Int(status.st_size) <= maximumFileBytes else { return .unusable("is over 16 MiB, not a history taskman wrote") }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(bytes.count)) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return .unusable("cannot be read (\(String(cString: strerror(errno))))") }
      if count == 0 { break }
      bytes += chunk[..<count]
      if bytes.count > maximumFileBytes { return .unusable("is over 16 MiB, not a history taskman wrote") }
    }
    guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
      return .unusable("is not text")
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The piece after the last line break: empty, or a line cut short by a full disk.
    lines.removeLast()
    return .lines(lines)
  }

  /// Appends `line` under the lock, replacing the file when it has grown past twice the limit;
  /// returns how many lines the file has now as far as is known, or nil when it could not be
  /// written (the line is still in this session's history).
  private func append(_ line: String, to path: String) -> Int? {
    try? POSIX.makeDirectories(POSIX.parent(of: path), synchronizingParents: false)
    // Another shell may replace the file between the open and the lock: then the line would
    // go to the replaced file. Checked under the lock, and tried again on the new one.
    for _ in 0..<8 {
      let descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      while flock(descriptor, LOCK_EX) != 0 {
        guard errno == EINTR else { return nil }
      }
      var opened = stat()
      var current = stat()
      guard fstat(descriptor, &opened) == 0 else { return nil }
      guard stat(path, &current) == 0, current.st_ino == opened.st_ino, current.st_dev == opened.st_dev else { continue }
      guard opened.st_mode & S_IFMT == S_IFREG else { return nil }
      let bytes = Array((line + "\n").utf8)
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      guard written == bytes.count else { return nil }
      guard fileLines + 1 > 2 * limit else { return fileLines + 1 }
      return compact(descriptor, path: path) ?? fileLines + 1
    }
    return nil
  }

  /// Replaces the locked file with its last ``limit`` lines; nil when it is left as it is.
  private func compact(_ descriptor: Int32, path: String) -> Int? {
    // A link (a history kept with dotfiles elsewhere) is appended to, never replaced.
    guard !POSIX.isSymbolicLink(path), case let .lines(lines) = Self.contents(of: descriptor) else { return nil }
    guard lines.count > limit else { return lines.count }
    let kept = lines.suffix(limit)
    let temporary = path + ".\(getpid()).tmp"
    let output = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard output >= 0 else { return nil }
    let bytes = Array(kept.map { $0 + "\n" }.joined().utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { write(output, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { break }
      offset += written
    }
    let complete = offset == bytes.count && fsync(output) == 0
    close(output)
    guard complete, rename(temporary, path) == 0 else {
      unlink(temporary)
      return nil
    }
    return kept.count
  }
}
