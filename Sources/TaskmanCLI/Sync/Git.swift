import Foundation

/// The `git` that `taskman sync` drives: found on the `PATH`, run with its output captured,
/// never through a shell, and never asked to open an editor or to prompt on a terminal the
/// command does not own.
///
/// ```swift
/// let git = try Git.find(environment: session.environment)
/// let top = try git.run(["rev-parse", "--show-toplevel"], in: "/home/me/notes").output
/// ```
struct Git {
  /// The executable's path.
  let executable: String
  /// The environment every run gets.
  let environment: [String: String]

  /// What one run of git produced.
  struct Result {
    var status: Int32
    var output: String
    var errors: String
    /// The output without its final line break, as one value (a path, a branch).
    var trimmedOutput: String { output.trimmingCharacters(in: .newlines) }
    /// Standard error's lines (the last eight), joined: git's reasons as it gave them, the
    /// hint and the `fatal:` line alike.
    var reason: String {
      let lines = errors.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      return lines.isEmpty ? "git exited with status \(status)" : lines.suffix(8).joined(separator: " ")
    }
  }

  /// The first `git` on the `PATH` of `environment`; exit 2 saying how to install it when there
  /// is none.
  static func find(environment: [String: String]) throws(TaskmanError) -> Git {
    let path = environment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":", omittingEmptySubsequences: true) {
      let candidate = String(directory) + "/git"
      if access(candidate, X_OK) == 0, FileKind.at(candidate) == .file {
        var environment = environment
        // No editor for merge messages, no credential prompt in a run that cannot answer it,
        // and git's own words in English for the messages taskman quotes.
        environment["GIT_MERGE_AUTOEDIT"] = "no"
        environment["GIT_EDITOR"] = "true"
        environment["LC_ALL"] = "C"
        if environment["GIT_TERMINAL_PROMPT"] == nil, !Terminal.isTerminal(0) { environment["GIT_TERMINAL_PROMPT"] = "0" }
        return Git(executable: candidate, environment: environment)
      }
    }
    throw .usage(
      "taskman sync needs git, and there is no git on the PATH",
      hint: "Install git (Debian and Ubuntu: sudo apt-get install git; Fedora: sudo dnf install git; macOS: xcode-select --install or brew install git), then run this again."
    )
  }

  /// Runs `git <arguments>` in `directory` and waits for it; standard input is empty.
  func run(_ arguments: [String], in directory: String) -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory, isDirectory: true)
    process.environment = environment
    // Files rather than pipes: git may write more to one stream than a pipe holds while this
    // side waits on the other.
    guard let output = Self.temporaryFile(), let errors = Self.temporaryFile() else {
      return Result(status: -1, output: "", errors: "cannot make a temporary file: \(String(cString: strerror(errno)))")
    }
    defer {
      try? output.close()
      try? errors.close()
    }
    process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      return Result(status: -1, output: "", errors: "cannot run \(executable): \(error.localizedDescription)")
    }
    process.waitUntilExit()
    return Result(status: process.terminationStatus, output: Self.contents(of: output), errors: Self.contents(of: errors))
  }

  /// An unnamed file open for reading and writing (removed as soon as it is made).
  private static func temporaryFile() -> FileHandle? {
    var template = Array((NSTemporaryDirectory() + "/taskman-git-XXXXXX").utf8CString)
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else { return nil }
    unlink(template)
    return FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
  }

  private static func contents(of file: FileHandle) -> String {
    _ = try? file.seek(toOffset: 0)
    let data = (try? file.readToEnd()) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}
