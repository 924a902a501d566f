import Composable
import Dependencies
import Foundation
import TaskManager
import TerminalUI
import Testing

@testable import TaskmanCLI

// `taskman ui`'s session over a real file, with no terminal: keys make changes as the commands
// do (under the lock, journalled, undone by `taskman undo`), and another program's change is
// picked up and never written over.

private let original = "Errands:\r\n\t- Buy milk @shop\r\n\t- Café ☕ 日本\r\n- Loose end"

@MainActor
private func openSession(_ data: TaskmanDataDirectory, clock: TestClock = TestClock()) async throws -> UISession {
  let session = Session(
    output: TextOutput(), errors: TextOutput(), input: LineReader(""), inputIsTerminal: true, outputIsTerminal: true,
    environment: ["TASKMAN_DATA_DIR": data.path, "NO_COLOR": "1"], currentDirectory: data.path, home: data.path
  )
  let context = CommandContext(session: session, globals: GlobalOptions())
  let ui = UISession(app: try context.appStore(), clock: clock)
  await ui.start(settings: Settings())
  return ui
}

/// Sends `key` as the running screen would: through the session's routing.
@MainActor
private func press(_ key: Key, in ui: UISession) async throws {
  let action = try #require(screen().keyMap(for: ui.store.state).action(for: key), "no action for \(key)")
  await ui.perform(action)
}

@MainActor
@Suite("taskman ui: the session over the file")
struct UISessionTests {
  @Test func aTaskMarkedDoneChangesOnlyItsLineAndTaskmanUndoRestoresTheFile() async throws {
    let data = try TaskmanDataDirectory()
    try Data(original.utf8).write(to: URL(fileURLWithPath: data.dataFile))
    let ui = try await openSession(data)
    try await press(.down, in: ui)
    try await press(Key(" "), in: ui)
    let changed = try #require(data.dataFileText)
    let lines = changed.components(separatedBy: "\r\n")
    #expect(lines.count == 4)
    #expect(lines[1].hasPrefix("\t- Buy milk @shop @done("))
    #expect([lines[0], lines[2], lines[3]] == ["Errands:", "\t- Café ☕ 日本", "- Loose end"])
    // The screen shows the list as saved: the done task is hidden.
    #expect(screen().frame(of: ui.store.state, width: 40, height: 6).lines[2].hasSuffix("- Café ☕ 日本"))
    let undo = try data.run(["undo"])
    #expect(undo.status == 0)
    #expect(data.dataFileBytes == Data(original.utf8))
  }

  @Test func anotherProgramsChangeIsShownWhenTheClockTicksAndNotWrittenOver() async throws {
    let data = try TaskmanDataDirectory()
    try Data(original.utf8).write(to: URL(fileURLWithPath: data.dataFile))
    let clock = TestClock()
    let ui = try await openSession(data, clock: clock)
    let watching = Task { await ui.watchFile() }
    defer { watching.cancel() }
    // The watch is asleep on the clock before the clock moves.
    for _ in 0..<100_000 where clock.sleeperCount == 0 { await Task.yield() }
    // Another program appends a task.
    try Data((original + "\r\n- From elsewhere").utf8).write(to: URL(fileURLWithPath: data.dataFile))
    await clock.advance(by: UISession.checkInterval)
    // The reload runs under the file's shared lock, on the session's own tasks: wait for it by
    // counting turns, with no clock.
    for _ in 0..<100_000 where ui.reloads == 0 { await Task.yield() }
    #expect(ui.reloads == 1)
    #expect(screen().frame(of: ui.store.state, width: 40, height: 8).lines[5].hasSuffix("- From elsewhere"))
    // A change made now keeps the other program's line.
    try await press(.down, in: ui)
    try await press(Key(" "), in: ui)
    let text = try #require(data.dataFileText)
    #expect(text.hasSuffix("\r\n- From elsewhere"))
    #expect(text.contains("- Buy milk @shop @done("))
  }

  @Test func aChangeIsMadeOnTheFileAsItIsNowEvenBeforeTheClockTicks() async throws {
    let data = try TaskmanDataDirectory()
    try Data(original.utf8).write(to: URL(fileURLWithPath: data.dataFile))
    let ui = try await openSession(data)
    try Data((original + "\r\n- Added by hand").utf8).write(to: URL(fileURLWithPath: data.dataFile))
    try await press(.down, in: ui)
    try await press(Key(" "), in: ui)
    let text = try #require(data.dataFileText)
    #expect(text.hasSuffix("\r\n- Added by hand"))
    #expect(text.contains("- Buy milk @shop @done("))
  }

  @Test func withoutATerminalUIIsRefusedAndChangesNothing() throws {
    let data = try TaskmanDataDirectory()
    let result = try data.run(["ui"])
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("taskman: 'ui' needs a terminal, but standard input is not one; nothing was changed"))
    #expect(!FileManager.default.fileExists(atPath: data.dataFile))
    #expect(!FileManager.default.fileExists(atPath: data.stateDirectory))
  }

  @Test func helpListsUI() async {
    let outcome = await runTaskman(["help"])
    #expect(outcome.output.contains("  ui "))
  }
}
