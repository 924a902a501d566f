import Foundation
import Testing
import TmuxTesting

/// `CounterUI` (and a probe with a key that crashes) in a real terminal: tmux. Keys are typed
/// into the pane, the screen is read back, and after each way of ending, the terminal must be
/// as before: the main screen with what it showed, the cursor on, the tty's modes cooked.
///
/// Skipped, with this message, when tmux is not installed, unless `TERMINALUI_REQUIRE_TMUX`
/// is set (CI installs tmux and sets it).
@Suite(
  .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: the end-to-end tests of CounterUI are skipped (set TERMINALUI_REQUIRE_TMUX=1 to fail instead)"
  )
)
struct CounterUIEndToEndTests {
  /// A session with a line on screen to find again afterwards, running `command` full screen
  /// until `screenShows` is on its screen.
  private func start(_ executable: String, redirecting redirection: String = "", until screenShows: String) throws -> TmuxSession {
    let session = try TmuxSession()
    try session.type(line: "echo before-the-app")
    // The line echo prints, not the command typed.
    try session.waitFor(line: "before-the-app")
    let path = try ExampleProcess.executable(executable).path
    // The Swift runtime's backtracer would wait for a key after a crash.
    try session.type(line: "SWIFT_BACKTRACE=enable=no \(path)\(redirection)")
    try session.waitFor(line: screenShows)
    #expect(try session.screenModes() == "1 0")
    return session
  }

  /// The terminal is the shell's again: its screen with what it showed, the cursor on, and
  /// the tty cooked (`stty -a` shows `icanon` and `echo`, not `-icanon`, `-echo`). Returns the
  /// app's exit status.
  private func expectRestored(_ session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int? {
    try session.waitForScreen("the shell's prompt after the app") { $0.last == "$" }
    #expect(try session.screenModes() == "0 1", sourceLocation: sourceLocation)
    #expect(try session.scrollback().contains("before-the-app"), sourceLocation: sourceLocation)
    try session.type(line: "echo status=$?; stty -a | tr -s ' ;\\n' '\\n\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | sort | tr '\\n' ' '; echo")
    // Whole lines: the command typed holds "status=" and "icanon" too.
    let statusLine = { (line: String) in line.hasPrefix("status=") && Int(line.dropFirst("status=".count)) != nil }
    let modeWords: Set<Substring> = ["echo", "-echo", "icanon", "-icanon"]
    let modesLine = { (line: String) in
      let words = line.split(separator: " ")
      return !words.isEmpty && words.allSatisfy(modeWords.contains)
    }
    try session.waitForScreen("the status and stty's modes, then the prompt") { screen in
      screen.contains(where: statusLine) && screen.contains(where: modesLine) && screen.last == "$"
    }
    let screen = try session.screen()
    let modes = screen.last(where: modesLine) ?? ""
    #expect(modes.trimmingCharacters(in: .whitespaces) == "echo icanon", sourceLocation: sourceLocation)
    let status = screen.last(where: statusLine)
    return status.flatMap { Int($0.dropFirst("status=".count)) }
  }

  @Test func keysChangeTheScreenAndTheQuitKeyRestoresTheTerminal() throws {
    let session = try start("CounterUI", until: "Count: 0")
    #expect(try session.screen().last?.contains("+/↑ more  -/↓ less  r reset  l later  q quit") == true)
    try session.send("+", "+", "Up")
    // Each screen in turn: "Count: 2" alone could be the screen before Up was read.
    try session.waitFor(line: "Count: 3")
    try session.send("-")
    try session.waitFor(line: "Count: 2")
    try session.send("q")
    #expect(try expectRestored(session) == 0)
    // What the program printed after giving the screen back.
    #expect(try session.screen().contains("Count: 2"))
  }

  @Test func controlCRestoresTheTerminal() throws {
    let session = try start("CounterUI", until: "Count: 0")
    try session.send("+")
    try session.waitFor(line: "Count: 1")
    try session.send("C-c")
    #expect(try expectRestored(session) == 130)
  }

  @Test(arguments: [("TERM", 143), ("HUP", 129)])
  func aSignalRestoresTheTerminal(signal: String, status: Int) throws {
    let session = try start("CounterUI", until: "Count: 0")
    let process = try session.foregroundProcess()
    _ = try TmuxSession.run(["kill", "-\(signal)", String(process)])
    #expect(try expectRestored(session) == status)
  }

  /// With standard input not a terminal there is no raw mode, but the screen is still the
  /// alternate one, so a signal must still give it back.
  @Test func aSignalRestoresTheScreenWhenInputIsNotATerminal() throws {
    // Input that never ends, from a process the shell does not wait for.
    let session = try start("CounterUI", redirecting: " < <(sleep 30)", until: "Count: 0")
    let shell = try session.tmux(["display", "-p", "-t", "main", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    let process = try TmuxSession.run(["pgrep", "-P", shell, "-x", "CounterUI"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(!process.isEmpty)
    _ = try TmuxSession.run(["kill", "-TERM", process])
    #expect(try expectRestored(session) == 143)
  }

  @Test func aCrashInAKeyHandlerRestoresTheTerminalThenSaysSo() throws {
    let session = try start("terminal-crash-probe", until: "probe count 0")
    try session.send("+")
    try session.waitFor(line: "probe count 1")
    try session.send("!")
    let status = try expectRestored(session)
    // Killed by SIGILL (x86-64) or SIGTRAP (arm64): 128 and the signal's number.
    #expect(status == 132 || status == 133)
    let output = try session.scrollback()
    #expect(output.contains { $0.hasPrefix("The program crashed (signal ") && $0.hasSuffix("); the terminal was restored.") })
    // The runtime's own lines, written while the alternate screen was up, are on the main
    // screen now, before the message.
    let fatal = output.firstIndex { $0.contains("Fatal error: Index out of range") }
    let message = output.firstIndex { $0.hasPrefix("The program crashed (signal ") }
    #expect(fatal != nil && message != nil && fatal! < message!)
  }

  @Test func aStackOverflowInAReducerRestoresTheTerminalThenSaysSo() throws {
    let session = try start("terminal-crash-probe", until: "probe count 0")
    try session.send("@")
    let status = try expectRestored(session)
    // Killed by SIGSEGV: 128 + 11. Its handler runs on a stack of its own, the thread's being
    // full. Under the thread sanitizer (CI's second run), which reports the overflow itself
    // after the handler, the process exits with the sanitizer's status, 66.
    #expect(status == 139 || status == 66)
    #expect(try session.scrollback().contains { $0.hasPrefix("The program crashed (signal 11); the terminal was restored.") })
  }
}
