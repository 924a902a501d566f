import Foundation
import Testing
import TmuxTesting

/// `taskman shell`'s line editing in a real terminal: tmux types the keys, `capture-pane` reads
/// the screen, and the tty's modes saved before and after the shell must match. Skipped with a
/// message when tmux is missing, unless `TERMINALUI_REQUIRE_TMUX` is set.
@Suite(
  "taskman shell in tmux", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: the end-to-end tests of taskman shell are skipped (set TERMINALUI_REQUIRE_TMUX=1 to fail instead)"
  )
)
struct ShellEndToEndTests {
  /// Starts `taskman shell` on `data` in `session`, the shell saving the tty's modes before and
  /// after and printing the exit status; waits for the prompt.
  private func start(_ session: TmuxSession, _ data: TaskmanDataDirectory) throws {
    let binary = try TaskmanProcess.executable()
    try session.type(
      line: "clear; stty -g > '\(data.path)/before'; XDG_CONFIG_HOME='\(data.path)/config' TASKMAN_DATA_DIR='\(data.path)' "
        + "SWIFT_BACKTRACE=enable=no '\(binary)' shell; echo \"EXIT:$?\"; stty -g > '\(data.path)/after'"
    )
    try waitForPrompt(session, "")
  }

  /// Waits until the last line is the prompt with `line` typed at it.
  private func waitForPrompt(_ session: TmuxSession, _ line: String) throws {
    try session.waitForScreen("the prompt with \"\(line)\"") { $0.last == ("taskman> " + line).trimmingTrailingSpaces }
  }

  /// The shell has ended, the terminal is the shell's again with the tty's modes as they were;
  /// returns the exit status printed.
  private func expectEnded(_ session: TmuxSession, _ data: TaskmanDataDirectory, sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
    func isStatus(_ line: String) -> Bool {
      line.hasPrefix("EXIT:") && line.count > 5 && line.dropFirst(5).allSatisfy(\.isNumber)
    }
    try session.waitForScreen("the exit status") { $0.contains(where: isStatus) }
    try session.waitForScreen("the prompt after the modes were saved") { $0.last == "$" }
    let before = try String(contentsOfFile: data.path + "/before", encoding: .utf8)
    let after = try String(contentsOfFile: data.path + "/after", encoding: .utf8)
    #expect(before == after, "the tty's modes after taskman shell differ from before it", sourceLocation: sourceLocation)
    return try session.screen().first(where: isStatus)
  }

  @Test func aLineIsEditedCompletedAndRecalledInTheNextSession() throws {
    let data = try TaskmanDataDirectory()
    let session = try TmuxSession(width: 60, height: 20)
    try start(session, data)

    // Typed, moved into and corrected.
    try session.send("-l", "add Buy mlk 日本")
    try session.send("Left", "Left", "Left", "Left", "Left")
    try session.send("-l", "i")
    try waitForPrompt(session, "add Buy milk 日本")
    try session.send("Enter")
    try session.waitForScreen("the new id, then the prompt") { screen in
      screen.count >= 3 && screen[screen.count - 2].count == 4 && screen.last == "taskman>"
    }
    #expect(data.dataFileText == "- Buy milk 日本\n")

    // Tab completes a command name; two Tabs list the choices.
    try session.send("-l", "lis")
    try session.send("Tab")
    try waitForPrompt(session, "list")
    try session.send("Enter")
    try session.waitForScreen("the list") { $0.contains { $0.hasSuffix("- Buy milk 日本") } && $0.last == "taskman>" }
    try session.send("-l", "ta")
    try session.send("Tab", "Tab")
    try session.waitForScreen("the choices") { screen in
      screen.contains { $0.hasPrefix("tag ") } && screen.contains { $0.hasPrefix("tags ") } && screen.last == "taskman> tag"
    }

    // Ctrl-C drops the line; Ctrl-D on an empty line ends the session.
    try session.send("C-c")
    try session.waitForScreen("^C and a fresh prompt") { $0.suffix(2) == ["taskman> tag^C", "taskman>"] }
    try session.send("C-d")
    #expect(try expectEnded(session, data) == "EXIT:0")
    #expect(try session.screenModes() == "0 1")

    let history = data.path + "/shell_history"
    let mode = try FileManager.default.attributesOfItem(atPath: history)[.posixPermissions] as? Int
    #expect(mode == 0o600)

    // The next session recalls the lines of this one.
    try start(session, data)
    try session.send("Up")
    try waitForPrompt(session, "list")
    try session.send("Up")
    try waitForPrompt(session, "add Buy milk 日本")
    try session.send("BSpace", "BSpace", "Enter")
    try session.waitForScreen("the second id") { $0.last == "taskman>" && $0.count >= 3 }
    try session.type(line: "exit")
    #expect(try expectEnded(session, data) == "EXIT:0")
    #expect(data.dataFileText == "- Buy milk 日本\n- Buy milk\n")
  }

  @Test func aConfirmationIsAnsweredInTheUsualModeAndALongLineScrollsInItsRow() throws {
    let data = try TaskmanDataDirectory()
    try Data("- Call the plumber\n".utf8).write(to: URL(fileURLWithPath: data.dataFile))
    let id = String(try data.run(["list"]).output.prefix(4))
    let session = try TmuxSession(width: 40, height: 20)
    try start(session, data)
    // 70 characters at a 40-column prompt: one row, scrolled, its start back with Home.
    let title = String(repeating: "word ", count: 13) + "end"
    try session.send("-l", "add " + title)
    try session.waitForScreen("the end of the long line") { $0.last?.hasPrefix("taskman> ") == true && $0.last?.hasSuffix("end") == true }
    #expect(try session.screen().last.map { $0.count < 40 } == true)
    try session.send("Home")
    try waitForPrompt(session, "add word word word word word w")
    try session.send("Enter")
    try session.waitForScreen("the new id") { $0.last == "taskman>" && $0.count >= 3 }
    #expect(data.dataFileText == "- Call the plumber\n- \(title)\n")

    // Tab completes an id from its first characters.
    try session.send("-l", "delete " + id.prefix(3))
    try session.send("Tab")
    try waitForPrompt(session, "delete \(id)")
    try session.send("Enter")
    try session.waitFor("Delete or Cancel? [d/C]")
    try session.type(line: "d")
    try session.waitForScreen("the prompt after the delete") { $0.last == "taskman>" }
    #expect(data.dataFileText == "- \(title)\n")
    try session.send("C-d")
    #expect(try expectEnded(session, data) == "EXIT:0")
  }

  @Test func aTermSignalAtThePromptGivesTheTerminalBack() throws {
    let data = try TaskmanDataDirectory()
    let session = try TmuxSession(width: 60, height: 20)
    try start(session, data)
    try session.send("-l", "list")
    try waitForPrompt(session, "list")
    // Raw mode while the line is read: no echo, no line editing by the terminal, no signals
    // from keys.
    let tty = try session.tmux(["display", "-p", "-t", "main", "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    let modes = try TmuxSession.run(["stty", "-F", tty, "-a"]).output.split(whereSeparator: { $0 == " " || $0 == "\n" })
    #expect(modes.contains("-icanon") && modes.contains("-echo") && modes.contains("-isig"))
    kill(try session.foregroundProcess(), SIGTERM)
    #expect(try expectEnded(session, data) == "EXIT:143")
  }

  @Test func aHangUpAtThePromptGivesTheTerminalBack() throws {
    let data = try TaskmanDataDirectory()
    let session = try TmuxSession(width: 60, height: 20)
    try start(session, data)
    kill(try session.foregroundProcess(), SIGHUP)
    #expect(try expectEnded(session, data) == "EXIT:129")
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    String(reversed().drop(while: { $0 == " " }).reversed())
  }
}
