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
    // Everything the pane is sent to show also goes down a FIFO, which waits block on: a wait
    // looks at the screen again only when the pane has had output, with no sleeping between.
    let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-pane-\(UUID().uuidString)").path
    guard mkfifo(fifo, 0o600) == 0 else { throw TmuxError(message: "mkfifo \(fifo): error \(errno)") }
    defer { unlink(fifo) }
    paneOutput = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard paneOutput >= 0 else { throw TmuxError(message: "open \(fifo): error \(errno)") }
    try tmux(["pipe-pane", "-t", "main", "-o", "exec cat > '\(fifo)'"])
    try waitForScreen("the shell's prompt") { $0.last == "$" }
  }

  /// The read end of the FIFO the pane's output is copied to.
  private var paneOutput: Int32 = -1

  /// The tmux server's process, ended with the session whatever happens to the socket.
  private var serverProcess: Int32?

  deinit {
    if paneOutput >= 0 { close(paneOutput) }
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

  /// Everything the main screen has shown, the lines scrolled off the top included, with each
  /// line the pane wrapped joined again: for output longer than the pane (a crash's stack
  /// trace). What the alternate screen showed is not in it.
  public func scrollback() throws -> [String] {
    try tmux(["capture-pane", "-p", "-J", "-S", "-", "-t", "main"]).components(separatedBy: "\n")
  }

  /// `#{alternate_on} #{cursor_flag}`: "0 1" when the main screen shows with its cursor.
  public func screenModes() throws -> String {
    try tmux(["display", "-p", "-t", "main", "#{alternate_on} #{cursor_flag}"]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The process the pane's shell runs in the foreground (the app under test).
  public func foregroundProcess() throws -> Int32 {
    let shell = try tmux(["display", "-p", "-t", "main", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    var child: Int32?
    try waitUntil("the app's process") {
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
      try waitUntil(what) {
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

  /// Checks `condition` now and again after each output of the pane, until the deadline (which
  /// only guards against a hang).
  private func waitUntil(_ what: String, _ condition: () throws -> Bool) throws {
    let clock = ContinuousClock()
    let end = clock.now + deadline
    var buffer = [UInt8](repeating: 0, count: 4096)
    while try !condition() {
      let left = end - clock.now
      guard left > .zero else { throw TmuxError(message: "waited \(deadline) for \(what)") }
      var descriptor = pollfd(fd: paneOutput, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(min(left.components.seconds * 1000 + 1, Int64(Int32.max)))
      let ready = poll(&descriptor, 1, milliseconds)
      if ready < 0, errno != EINTR { throw TmuxError(message: "poll failed: \(errno)") }
      if ready > 0 {
        // Drained, so that the next poll waits for new output. Nothing read (the pane's copy
        // not started yet, or ended): the screen cannot change any more from output.
        let count = read(paneOutput, &buffer, buffer.count)
        if count == 0, descriptor.revents & Int16(POLLHUP) != 0 {
          guard try condition() else { throw TmuxError(message: "the pane ended before \(what)") }
          return
        }
      }
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
    // A thread blocks in waitpid, and this one waits for it with a deadline.
    let exit = ProcessExit()
    let child = pid
    Thread.detachNewThread {
      var status: Int32 = 0
      while waitpid(child, &status, 0) < 0, errno == EINTR {}
      exit.status = status
      exit.ended.signal()
    }
    if exit.ended.wait(timeout: .now() + 60) == .timedOut {
      kill(pid, SIGKILL)
      exit.ended.wait()
      throw TmuxError(message: "\(arguments.joined(separator: " ")) did not end within 60 seconds")
    }
    let status = exit.status
    let output = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    // Exited normally: its status; otherwise (a signal) a status no command returns.
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 255
    return (exitStatus, output)
  }
}

/// A process's wait status, set by the thread that waited for it before it signals `ended`
/// (which orders the write before the read).
private final class ProcessExit: @unchecked Sendable {
  let ended = DispatchSemaphore(value: 0)
  var status: Int32 = 0
}

/// A tmux command that failed or a screen that never showed.
public struct TmuxError: Error, CustomStringConvertible {
  /// What went wrong, with the screen when a wait failed.
  public var message: String
  /// The message.
  public var description: String { message }
}
