import Testing

@testable import TaskmanCLI

@Suite("taskman shell")
@MainActor
struct ShellSessionTests {
  private func shell(_ input: String, terminal: Bool = false) async -> (ExitCode, Session) {
    let session = makeSession(input: input, inputIsTerminal: terminal)
    let status = await Taskman.execute(["shell"], session: session)
    return (status, session)
  }

  @Test func pipedLinesRunInOrderWithoutPrompts() async {
    let (status, session) = await shell("--version\n\nhelp show\n")
    #expect(status == .success)
    #expect(session.output.text == "taskman \(Taskman.version)\n" + HelpFormatter.helpPage(for: ShowCommand.self))
    #expect(session.errors.text.isEmpty)
  }

  @Test func aTerminalGetsThePromptOnStandardError() async {
    let (_, session) = await shell("--version\n", terminal: true)
    #expect(session.errors.text == "taskman> taskman> \n")
    #expect(session.output.text == "taskman \(Taskman.version)\n")
  }

  @Test func aBadLineIsReportedAndTheSessionGoesOn() async {
    let (status, session) = await shell("add 'Buy milk\nlsit\n--version\n")
    #expect(status == .usage, "piped, a line that failed fails the session")
    #expect(
      session.errors.text == """
        taskman: line 1: the line has an unterminated ' quote
        Close the quote. For an apostrophe, write \\' outside quotes or use double quotes: "it's".
        taskman: line 2: unknown command 'lsit'. Did you mean 'list'?
        Run 'taskman help' to see every command.

        """
    )
    #expect(session.output.text == "taskman \(Taskman.version)\n")
  }

  @Test func exitAndQuitEndTheSessionWithTheLastStatus() async {
    let (status, session) = await shell("lsit\nexit\n--version\n")
    #expect(status == .usage)
    #expect(session.output.text.isEmpty)
    let (quitStatus, quitSession) = await shell("--version\nquit\nlsit\n")
    #expect(quitStatus == .success)
    #expect(quitSession.errors.text.isEmpty)
  }

  @Test func aPipedShellFailsWhenAnyOfItsCommandsFailed() async {
    let (status, session) = await shell("lsit\n--version\n")
    #expect(status == .usage)
    #expect(session.output.text == "taskman \(Taskman.version)\n")
    let (exited, _) = await shell("lsit\n--version\nexit\n")
    #expect(exited == .usage)
    let (clean, _) = await shell("--version\n--version\n")
    #expect(clean == .success)
    // At a terminal, as in sh, the last command's status.
    let (typed, _) = await shell("lsit\n--version\n", terminal: true)
    #expect(typed == .success)
  }

  @Test func exitWithAStatusEndsWithItAndAnythingElseIsAUsageErrorThatEndsTheSession() async {
    let (status, session) = await shell("--version\nexit 4\n--version\n")
    #expect(status == .lockTimeout)
    #expect(session.output.text == "taskman \(Taskman.version)\n")
    let (zero, _) = await shell("lsit\nquit 0\n")
    #expect(zero == .success)
    for line in ["quit now", "exit 256", "exit -1", "exit 1 2"] {
      let (wrong, wrongSession) = await shell("\(line)\n--version\n")
      #expect(wrong == .usage, "\(line)")
      #expect(wrongSession.output.text.isEmpty, "the session ended at '\(line)'")
      #expect(wrongSession.errors.text.hasPrefix("taskman: '\(line.split(separator: " ")[0])' takes at most the status to end with (0 to 255)"), "\(wrongSession.errors.text)")
    }
  }

  @Test func aLeadingTaskmanIsForgiven() async {
    let (status, session) = await shell("taskman --version\n")
    #expect(status == .success)
    #expect(session.output.text == "taskman \(Taskman.version)\n")
  }

  @Test func commentsAndBlankLinesAreSkipped() async {
    let (status, session) = await shell("# a comment\n   \n  # another\n")
    #expect(status == .success)
    #expect(session.output.text.isEmpty && session.errors.text.isEmpty)
  }

  @Test func badTextInALineIsRefusedByPosition() async {
    let (status, session) = await shell("add 'a\u{1B}b'\n")
    #expect(status == .usage)
    #expect(session.errors.text.hasPrefix(#"taskman: word 2 of line 1 contains a control character (U+001B, an escape): "a\u{1B}b""#))

    let invalid = makeSession()
    invalid.shellGlobals = GlobalOptions()
    #expect(throws: TaskmanError.self) { try ShellSession.words(of: .text([0x61, 0xFF]), number: 3) }
    do {
      _ = try ShellSession.words(of: .tooLong(2_000_000), number: 4)
    } catch {
      #expect(error.message == "line 4 is longer than 1048576 bytes, the most a shell line may be; the shell stopped there")
    }
  }

  @Test func theShellKeepsItsDataDirectoryAndRefusesANestedShell() async {
    let (_, session) = await shell("--data-dir /elsewhere list\nshell\n")
    #expect(
      session.errors.text == """
        taskman: line 1: --data-dir cannot change inside a shell
        Leave the shell and start another: taskman --data-dir <dir> shell
        taskman: line 2: this is already a taskman shell
        Type 'exit' to leave it.

        """
    )
    #expect(session.shellGlobals == nil)
  }
}
