import Foundation
import Testing
import TmuxTesting

/// `taskman ui` in a real terminal: tmux runs it in a shell, `send-keys` types, `capture-pane`
/// reads the screen, and tmux's own flags say whether the main screen and the cursor are back.
/// Skipped with a message when tmux is missing, unless `TERMINALUI_REQUIRE_TMUX` is set.
@Suite(
  "taskman ui in tmux", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: the end-to-end tests of taskman ui are skipped (set TERMINALUI_REQUIRE_TMUX=1 to fail instead)"
  )
)
struct UIEndToEndTests {
  /// A real file's odd corners: CRLF, tab indentation, no final newline, unicode.
  static let original = "Errands:\r\n\t- Buy milk @shop\r\n\t- Café ☕ 日本\r\n- Loose end"

  /// Opens `taskman ui` on a fresh file in a 60x12 pane, the shell saving the tty's modes
  /// before and after and printing the exit status.
  private func open(_ data: TaskmanDataDirectory, environment: String = "") throws -> TmuxSession {
    try Data(Self.original.utf8).write(to: URL(fileURLWithPath: data.dataFile))
    let binary = try TaskmanProcess.executable()
    let session = try TmuxSession(width: 60, height: 12)
    try session.type(line: "echo before-the-app")
    try session.waitForScreen("the echo's output") { $0.contains("before-the-app") }
    try session.type(
      line: "stty -g > '\(data.path)/before'; XDG_CONFIG_HOME='\(data.path)/config' TASKMAN_DATA_DIR='\(data.path)' "
        + "SWIFT_BACKTRACE=enable=no \(environment)'\(binary)' ui; echo \"EXIT:$?\"; stty -g > '\(data.path)/after'"
    )
    try session.waitForScreen("the list") { $0.contains { $0.hasSuffix("- Loose end") } }
    #expect(try session.screenModes() == "1 0")
    return session
  }

  /// The terminal is the shell's again, with the tty's modes as they were; returns the exit
  /// status the shell printed.
  private func expectRestored(_ session: TmuxSession, _ data: TaskmanDataDirectory, sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
    // A whole line `EXIT:<digits>`: the typed command wraps at the pane's width, and a piece of
    // it may start with `EXIT:` too.
    func isStatus(_ line: String) -> Bool {
      line.hasPrefix("EXIT:") && line.count > 5 && line.dropFirst(5).allSatisfy(\.isNumber)
    }
    try session.waitForScreen("the exit status") { $0.contains(where: isStatus) }
    let status = try session.screen().first(where: isStatus)
    #expect(try session.screenModes() == "0 1", sourceLocation: sourceLocation)
    try session.waitForScreen("the prompt after the modes were saved") { $0.last == "$" }
    let before = try String(contentsOfFile: data.path + "/before", encoding: .utf8)
    let after = try String(contentsOfFile: data.path + "/after", encoding: .utf8)
    #expect(before == after, "the tty's modes after taskman ui differ from before it", sourceLocation: sourceLocation)
    return status
  }

  @Test func spaceMarksATaskDoneQQuitsAndUndoRestoresTheFileByteForByte() throws {
    let data = try TaskmanDataDirectory()
    let session = try open(data)
    try session.send("j", "Space")
    // Done, the task leaves the list (done items are hidden by default).
    try session.waitForScreen("the list without the done task") { screen in
      screen.contains { $0.hasSuffix("- Loose end") } && !screen.contains { $0.contains("Buy milk") }
    }
    try session.send("q")
    #expect(try expectRestored(session, data) == "EXIT:0")
    let lines = (data.dataFileText ?? "").components(separatedBy: "\r\n")
    #expect(lines.count == 4)
    #expect(lines[1].hasPrefix("\t- Buy milk @shop @done("))
    #expect([lines[0], lines[2], lines[3]] == ["Errands:", "\t- Café ☕ 日本", "- Loose end"])
    #expect(try data.run(["undo"]).status == 0)
    #expect(data.dataFileBytes == Data(Self.original.utf8))
  }

  @Test func ctrlCQuitsWith130AndGivesTheTerminalBack() throws {
    let data = try TaskmanDataDirectory()
    let session = try open(data)
    try session.send("C-c")
    #expect(try expectRestored(session, data) == "EXIT:130")
    #expect(data.dataFileBytes == Data(Self.original.utf8))
  }

  @Test func aTermSignalGivesTheTerminalBackAndChangesNothing() throws {
    let data = try TaskmanDataDirectory()
    let session = try open(data)
    kill(try session.foregroundProcess(), SIGTERM)
    #expect(try expectRestored(session, data) == "EXIT:143")
    #expect(data.dataFileBytes == Data(Self.original.utf8))
  }

  @Test func aHangupGivesTheTerminalBackAndChangesNothing() throws {
    let data = try TaskmanDataDirectory()
    let session = try open(data)
    kill(try session.foregroundProcess(), SIGHUP)
    #expect(try expectRestored(session, data) == "EXIT:129")
    #expect(data.dataFileBytes == Data(Self.original.utf8))
  }

  @Test func aCrashInAKeyHandlerGivesTheTerminalBackSaysSoAndChangesNothing() throws {
    let data = try TaskmanDataDirectory()
    // Debug builds only: the key handler of `!` crashes.
    let session = try open(data, environment: "TASKMAN_UI_DEBUG_CRASH_KEY='!' ")
    try session.send("j", "!")
    let status = try expectRestored(session, data)
    // SIGTRAP or SIGILL, as the platform's fatalError raises it: 128 + the signal's number.
    #expect(status == "EXIT:133" || status == "EXIT:132", "\(status ?? "no status")")
    let output = try session.scrollback()
    #expect(output.contains { $0.hasPrefix("The program crashed (signal ") && $0.hasSuffix("); the terminal was restored.") })
    // What the runtime said, written while the alternate screen was up, is on the main screen.
    #expect(output.contains { $0.contains("Fatal error: the key handler crashed") })
    #expect(data.dataFileBytes == Data(Self.original.utf8))
  }
}
