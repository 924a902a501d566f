import Foundation
import Testing

@testable import TaskmanCLI

/// `taskman shell` reading its lines through the line editor (a fake terminal), in-process.
@Suite("taskman shell with line editing")
@MainActor
struct ShellLineEditingTests {
  private func shell(_ keys: [String], data: TaskmanDataDirectory, answers: String = "") async -> (ExitCode, Session, FakeConsole) {
    let console = FakeConsole(keys, columns: 60)
    let session = makeSession(input: answers, inputIsTerminal: true, environment: ["TASKMAN_DATA_DIR": data.path])
    session.lineEditorConsole = { console.console }
    let status = await Taskman.execute(["shell"], session: session)
    return (status, session, console)
  }

  @Test func editedLinesRunAndAreKeptInTheHistoryForTheNextSession() async throws {
    let data = try TaskmanDataDirectory()
    let (status, session, console) = await shell(
      ["add Buy mlk", Keys.left, Keys.left, "i", Keys.enter, "lsit", Keys.enter, Keys.ctrl("d")], data: data)
    #expect(status == .usage, "at a terminal, the status of the last command")
    #expect(data.dataFileText == "- Buy milk\n")
    #expect(session.errors.text.contains("unknown command 'lsit'"))
    #expect(session.errors.text.hasSuffix("\n"), "Ctrl-D ends the session on a line of its own")
    #expect(!session.errors.text.contains("taskman> "), "the editor draws the prompt")
    #expect(console.screen.lines.first == "taskman> add Buy milk")
    #expect(console.begins == 3 && console.ends == 3 && !console.unbalanced)
    let history = data.path + "/" + ShellSession.historyFileName
    #expect(FileManager.default.contents(atPath: history) == Data("add Buy milk\nlsit\n".utf8))

    let (_, _, again) = await shell([Keys.up, Keys.up, Keys.enter, "exit", Keys.enter], data: data)
    #expect(again.screen.lines.first == "taskman> add Buy milk")
    #expect(data.dataFileText == "- Buy milk\n- Buy milk\n")
  }

  @Test func ctrlCLeavesTheSessionsStatusAsItWas() async throws {
    let data = try TaskmanDataDirectory()
    let (status, _, console) = await shell(["lsit", Keys.enter, "list", Keys.ctrl("c"), Keys.ctrl("d")], data: data)
    #expect(status == .usage)
    #expect(console.screen.lines.contains("taskman> list^C"))
  }

  @Test func aConfirmationReadsItsAnswerOutsideTheEditor() async throws {
    let data = try TaskmanDataDirectory()
    try Data("- Call the plumber\n".utf8).write(to: URL(fileURLWithPath: data.dataFile))
    let id = try data.run(["list"]).output.prefix(4)
    let (status, session, console) = await shell(["delete \(id)", Keys.enter, Keys.ctrl("d")], data: data, answers: "d\n")
    #expect(status == .success)
    #expect(data.dataFileText == "")
    #expect(session.errors.text.contains("Delete or Cancel?"))
    #expect(console.begins == 2 && console.ends == 2, "the answer is read while the terminal is in its usual mode")
  }

  @Test func tabCompletesIdsWithTheirTitlesAndTagsOfTheShellsFile() async throws {
    let data = try TaskmanDataDirectory()
    try Data("- Call the plumber @phone\n- Buy milk @shop\n".utf8).write(to: URL(fileURLWithPath: data.dataFile))
    let ids = try data.run(["list"]).output.split(separator: "\n").map { String($0.prefix(4)) }
    let (_, _, console) = await shell(
      [
        "list --tag ph", Keys.tab, Keys.enter, "done ", Keys.tab, Keys.tab, Keys.ctrl("u"),
        "done " + ids[0].prefix(3), Keys.tab, Keys.enter, Keys.ctrl("d"),
      ],
      data: data)
    let screen = console.screen.lines
    #expect(screen.contains("taskman> list --tag phone"))
    #expect(screen.contains("\(ids[0])  Call the plumber"), "a second Tab lists the ids with their titles")
    #expect(screen.contains("\(ids[1])  Buy milk"))
    #expect(screen.contains("taskman> done \(ids[0])"))
    #expect(data.dataFileText?.hasPrefix("- Call the plumber @phone @done(") == true)
  }

  @Test func aGarbageHistoryFileIsSaidOnceAndLeftAlone() async throws {
    let data = try TaskmanDataDirectory()
    let history = data.path + "/" + ShellSession.historyFileName
    try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: history))
    let (_, session, _) = await shell(["--version", Keys.enter, Keys.ctrl("d")], data: data)
    #expect(session.errors.text.hasPrefix("taskman: the shell history \(history) is not text;"))
    #expect(FileManager.default.contents(atPath: history) == Data([0xFF, 0xFE, 0x00]))
    #expect(session.output.text == "taskman \(Taskman.version)\n")
  }
}
