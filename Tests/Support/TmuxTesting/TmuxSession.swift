#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// A real terminal for end-to-end tests (ExamplesTests' and taskmanTests'): a detached tmux
/// session (80x24 unless told) running a plain
/// shell, on a tmux server of its own (so tests never see each other's panes), ended with the
/// session.
///
/// Waits poll the pane until what is expected shows, with a generous deadline, rather than
/// sleeping a fixed time: on a loaded machine a step takes as long as it takes.
public final class TmuxSession {
  /// Whether tmux is installed.
  public static let isAvailable: Bool = (try? run(["tmux", "-V"]).status) == 0
  /// Whether the tests must run (CI sets `TERMINALUI_REQUIRE_TMUX=1` and installs tmux):
  /// then a missing tmux fails them instead of skipping them.
  public static let isRequired = !(ProcessInfo.processInfo.environment["TERMINALUI_REQUIRE_TMUX"] ?? "").isEmpty

  let socket = "terminalui-\(UUID().uuidString.prefix(8))"
  let deadline: Duration = .seconds(90)

  public init(width: Int = 80, height: Int = 24) throws {
    // A shell with a known prompt and no startup files, in a terminal with a scrollback.
    try tmux([
      "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", "main",
      "env PS1='$ ' bash --norc --noprofile",
    ])
    serverProcess = Int32(try tmux(["display", "-p", "-t", "main", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
    try waitForScreen("the shell's prompt") { $0.last == "$" }
  }

  /// The tmux server's process, ended with the session whatever happens to the socket.
  private var serverProcess: Int32?

  deinit {
    _ = try? tmux(["kill-server"])
    if let serverProcess { kill(serverProcess, SIGKILL) }
  }

  /// Runs a tmux command on this session's server.
  @discardableResult
  public func tmux(_ arguments: [String]) throws -> String {
    let result = try Self.run(["tmux", "-L", socket] + arguments)
    guard result.status == 0 else { throw TmuxError(message: "tmux \(arguments.joined(separator: " ")): \(result.output)") }
    return result.output
  }

  /// Types `keys` (tmux key names: "Enter", "C-c", "Up", or text with `-l`).
  public func send(_ keys: String...) throws {
    try tmux(["send-keys", "-t", "main"] + keys)
  }

  /// Types `text` literally, then Enter.
  public func type(line text: String) throws {
    try tmux(["send-keys", "-t", "main", "-l", text])
    try tmux(["send-keys", "-t", "main", "Enter"])
  }

  /// The pane's visible lines, trailing blank lines removed.
  public func screen() throws -> [String] {
    var lines = try tmux(["capture-pane", "-p", "-t", "main"]).components(separatedBy: "\n").map {
      String($0.reversed().drop(while: { $0 == " " }).reversed())
    }
    while lines.last == "" { lines.removeLast() }
    return lines
  }

  /// `#{alternate_on} #{cursor_flag}`: "0 1" when the main screen shows with its cursor.
  public func screenModes() throws -> String {
    try tmux(["display", "-p", "-t", "main", "#{alternate_on} #{cursor_flag}"]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The process the pane's shell runs in the foreground (the app under test).
  public func foregroundProcess() throws -> Int32 {
    let shell = try tmux(["display", "-p", "-t", "main", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    var child: Int32?
    try poll("the app's process") {
      let output = try Self.run(["pgrep", "-P", shell]).output
      child = output.split(separator: "\n").first.flatMap { Int32($0.trimmingCharacters(in: .whitespaces)) }
      return child != nil
    }
    return child!
  }

  /// Waits until the screen satisfies `condition`.
  public func waitForScreen(_ what: String, _ condition: ([String]) -> Bool) throws {
    var last: [String] = []
    do {
      try poll(what) {
        last = try screen()
        return condition(last)
      }
    } catch {
      throw TmuxError(message: "\(error)\nThe screen:\n\(last.joined(separator: "\n"))")
    }
  }

  /// Waits until the screen shows a line containing `text`.
  public func waitFor(_ text: String) throws {
    try waitForScreen("a line with \"\(text)\"") { $0.contains { $0.contains(text) } }
  }

  /// Waits until the screen shows a line that is `line`, apart from indentation: not a line
  /// that merely contains it, such as the command typed to print it, or "Count: 12" for
  /// "Count: 1".
  public func waitFor(line: String) throws {
    try waitForScreen("the line \"\(line)\"") { $0.contains { Self.isLine($0, line) } }
  }

  /// Whether the screen's `shown` line is `line` apart from indentation.
  public static func isLine(_ shown: String, _ line: String) -> Bool {
    shown.trimmingCharacters(in: .whitespaces) == line
  }

  private func poll(_ what: String, _ condition: () throws -> Bool) throws {
    let clock = ContinuousClock()
    let start = clock.now
    while try !condition() {
      guard clock.now - start < deadline else { throw TmuxError(message: "waited \(deadline) for \(what)") }
      usleep(20_000)
    }
  }

  /// Runs a command (found on PATH) to its end, with its output in a file: not a pipe, as
  /// the tmux server that `new-session` starts keeps its descriptors, and a pipe would never
  /// reach its end. Spawned and waited for directly: Foundation's `Process` does not always
  /// see a tmux client exit, whose server it forked.
  public static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path
    defer { unlink(file) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // Through bash, which first closes every descriptor but the standard three (dash can close
    // only 0-9): a tmux server outlives the command, and must not keep open what this process
    // holds (a build lock taken around `swift test`, say).
    let closingOthers = #"for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done; exec "$@""#
    let command = ["bash", "-c", closingOthers, "bash"] + arguments
    let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    // With no signal blocked and every signal's default action: the thread running a test may
    // block signals (dispatch's threads block SIGTERM, SIGHUP, SIGINT …), and the tmux server,
    // its shell and the app under test would inherit that, so that `kill -TERM` did nothing.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, "bash", &actions, &attributes, argv, environ)
    guard spawned == 0 else { throw TmuxError(message: "could not run \(arguments[0]): error \(spawned)") }
    // Bounded: a tmux client that never ends (a loaded machine, a server gone wrong) fails the
    // test instead of holding the whole suite.
    var status: Int32 = 0
    let clock = ContinuousClock()
    let start = clock.now
    while true {
      let reaped = waitpid(pid, &status, WNOHANG)
      if reaped == pid { break }
      if reaped < 0, errno != EINTR { throw TmuxError(message: "waitpid failed: \(errno)") }
      if clock.now - start > .seconds(60) {
        kill(pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
        throw TmuxError(message: "\(arguments.joined(separator: " ")) did not end within 60 seconds")
      }
      usleep(2_000)
    }
    let output = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    // Exited normally: its status; otherwise (a signal) a status no command returns.
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 255
    return (exitStatus, output)
  }
}

/// A tmux command that failed or a screen that never showed.
public struct TmuxError: Error, CustomStringConvertible {
  /// What went wrong, with the screen when a wait failed.
  public var message: String
  /// The message.
  public var description: String { message }
}
