import TerminalUI
import Testing

@testable import TaskmanCLI

@Suite("taskman shell's line editor")
@MainActor
struct LineEditorTests {
  private func editor(_ console: FakeConsole, history: [String] = [], completion: ShellCompletion = .commands) -> LineEditor {
    LineEditor(console: console.console, prompt: "taskman> ", history: ShellHistory(entries: history), completion: completion)
  }

  /// The line typed with `keys` (the prompt's editor, fresh), and the console after it.
  private func line(_ keys: [String], columns: Int = 40, history: [String] = []) async -> (String?, FakeConsole) {
    let console = FakeConsole(keys, columns: columns)
    let line = await editor(console, history: history).readLine()
    #expect(console.begins == 1 && console.ends == 1 && !console.unbalanced, "raw mode only while the line is read")
    #expect(!console.screen.wrapped, "the row never wraps")
    #expect(console.screen.unknown.isEmpty)
    return (line, console)
  }

  @Test func typedTextAndEnterGiveTheLineShownAfterThePrompt() async {
    let (text, console) = await line(["add Buy milk", Keys.enter])
    #expect(text == "add Buy milk")
    #expect(console.screen.lines == ["taskman> add Buy milk", ""])
  }

  @Test func keysReadTogetherAreDrawnOnceAndTheLineIsShownBeforeItRuns() async {
    let console = FakeConsole(["add 日本 x\u{7F}y" + Keys.left + "-\r"])
    #expect(await editor(console).readLine() == "add 日本 -y")
    #expect(console.screen.lines == ["taskman> add 日本 -y", ""])
    #expect(String(decoding: console.output, as: UTF8.self) == "taskman> add 日本 -y\r\n", "drawn once")
    let interrupted = FakeConsole(["add x" + Keys.ctrl("c")])
    _ = await editor(interrupted).readLine()
    #expect(interrupted.screen.lines == ["taskman> add x^C", "taskman>"])
  }

  @Test func typingPastTheLongestShellLineIsRefused() async {
    let console = FakeConsole(["abc", "日本", "d", Keys.enter])
    let editor = LineEditor(
      console: console.console, prompt: "taskman> ", history: ShellHistory(), completion: .none, maximumLineBytes: 6)
    #expect(await editor.readLine() == "abcd", "日本 is 6 bytes more")
    #expect(console.screen.bells == 1)
  }

  @Test func arrowsHomeAndEndMoveTheCursorWhereTextIsInserted() async {
    #expect(await line(["lst", Keys.left, Keys.left, "i", Keys.enter]).0 == "list")
    #expect(await line(["dd x", Keys.home, "a", Keys.end, "y", Keys.enter]).0 == "add xy")
    #expect(await line(["dd x", Keys.ctrl("a"), "a", Keys.ctrl("e"), "y", Keys.enter]).0 == "add xy")
    #expect(await line(["ab", Keys.ctrl("b"), Keys.ctrl("b"), Keys.ctrl("f"), "-", Keys.enter]).0 == "a-b")
    #expect(await line(["ab", Keys.left, Keys.left, Keys.right, "-", Keys.enter]).0 == "a-b")
  }

  @Test func theCursorIsDrawnWhereItIs() async {
    let console = FakeConsole(["list --json", Keys.left, Keys.left, Keys.left, Keys.home])
    _ = await editor(console).readLine()
    #expect(console.screen.cursorLine == "taskman> list --json")
    #expect(console.screen.column == 9)
    let moved = FakeConsole(["list --json", Keys.left, Keys.left, Keys.left])
    _ = await editor(moved).readLine()
    #expect(moved.screen.column == 9 + 8)
  }

  @Test func backspaceDeleteAndCtrlDDeleteCharacters() async {
    #expect(await line(["lisst", Keys.backspace, Keys.backspace, "t", Keys.enter]).0 == "list")
    #expect(await line(["lisst", Keys.home, Keys.right, Keys.right, Keys.delete, Keys.enter]).0 == "list")
    #expect(await line(["lisst", Keys.home, Keys.right, Keys.right, Keys.ctrl("d"), Keys.enter]).0 == "list")
    let (text, console) = await line(["lisst", Keys.left, Keys.left, Keys.left, Keys.delete, Keys.enter])
    #expect(text == "list")
    #expect(console.screen.lines[0] == "taskman> list", "the row is redrawn without the deleted character")
  }

  @Test func ctrlKUAndWDeleteToTheEndTheStartAndTheWordBefore() async {
    #expect(await line(["add Buy milk now", Keys.alt("b"), Keys.ctrl("k"), Keys.enter]).0 == "add Buy milk ")
    #expect(await line(["add Buy milk", Keys.alt("b"), Keys.ctrl("u"), Keys.enter]).0 == "milk")
    #expect(await line(["add Buy milk", Keys.ctrl("w"), Keys.enter]).0 == "add Buy ")
    #expect(await line(["add Buy milk", Keys.alt("\u{7F}"), Keys.enter]).0 == "add Buy ")
    let (text, console) = await line(["add Buy milk", Keys.ctrl("w"), Keys.ctrl("w"), Keys.enter])
    #expect(text == "add ")
    #expect(console.screen.lines[0] == "taskman> add")
  }

  @Test func altBAndFAndCtrlArrowsMoveByWords() async {
    #expect(await line(["add Buy milk", Keys.alt("b"), Keys.alt("b"), "x", Keys.enter]).0 == "add xBuy milk")
    #expect(await line(["add Buy milk", Keys.home, Keys.alt("f"), Keys.alt("f"), "x", Keys.enter]).0 == "add Buyx milk")
    #expect(await line(["add Buy milk", Keys.ctrlLeft, "x", Keys.enter]).0 == "add Buy xmilk")
    #expect(await line(["add Buy milk", Keys.home, Keys.ctrlRight, "x", Keys.enter]).0 == "addx Buy milk")
  }

  @Test func ctrlCDropsTheLineAndStartsAFreshOne() async {
    let (text, console) = await line(["add Buy milk", Keys.ctrl("c"), "list", Keys.enter])
    #expect(text == "list")
    #expect(console.screen.lines == ["taskman> add Buy milk^C", "taskman> list", ""])
  }

  @Test func ctrlDOnAnEmptyLineIsTheEndOfInput() async {
    let (text, console) = await line([Keys.ctrl("d"), "list", Keys.enter])
    #expect(text == nil)
    #expect(console.events.count == 2, "nothing after the Ctrl-D is read")
    #expect(await line(["x", Keys.backspace, Keys.ctrl("d")]).0 == nil)
    #expect(await line(["list"]).0 == nil, "the terminal gone: the end of input")
  }

  @Test func ctrlLClearsTheScreenAndDrawsTheLineAtItsTop() async {
    let console = FakeConsole(["list", Keys.ctrl("l"), " --json"])
    console.output = Array("earlier output\n".utf8)
    _ = await editor(console).readLine()
    #expect(console.screen.lines.first == "taskman> list --json")
    #expect(console.screen.lines.dropFirst().allSatisfy { $0.isEmpty })
  }

  @Test func upAndDownWalkTheHistoryKeepingEditedLines() async {
    let history = ["add Buy milk", "list"]
    #expect(await line([Keys.up, Keys.enter], history: history).0 == "list")
    #expect(await line([Keys.up, Keys.up, Keys.up, Keys.enter], history: history).0 == "add Buy milk")
    #expect(await line([Keys.ctrl("p"), Keys.ctrl("p"), Keys.ctrl("n"), Keys.enter], history: history).0 == "list")
    // The line being typed comes back with ↓, and an edited line keeps its edit.
    let (typed, console) = await line(
      ["new", Keys.up, " --json", Keys.up, Keys.down, Keys.down, Keys.enter], history: history)
    #expect(typed == "new")
    #expect(console.screen.lines[0] == "taskman> new")
    #expect(await line(["new", Keys.up, " --json", Keys.down, Keys.up, Keys.enter], history: history).0 == "list --json")
    #expect(await line([Keys.down, "x", Keys.enter], history: history).0 == "x")
  }

  @Test func submittedLinesAreRecordedAndKeysTypedAheadWaitForTheNextLine() async {
    let console = FakeConsole(["list", Keys.enter, "add x", Keys.enter, Keys.up, Keys.up, Keys.enter])
    let editor = editor(console)
    #expect(await editor.readLine() == "list")
    #expect(await editor.readLine() == "add x")
    #expect(await editor.readLine() == "list")
    #expect(editor.history.entries == ["list", "add x", "list"])
    #expect(editor.linesRead == 3)
    #expect(console.begins == 3 && console.ends == 3 && !console.unbalanced)
  }

  @Test func wideCharactersTakeTwoColumns() async {
    let (text, console) = await line(["add 日本語 ☕", Keys.left, Keys.left, Keys.left, "x", Keys.enter])
    #expect(text == "add 日本x語 ☕")
    #expect(console.screen.lines[0] == "taskman> add 日本x語 ☕")
    let moving = FakeConsole(["add 日本語 ☕", Keys.left, Keys.left, Keys.left])
    _ = await editor(moving).readLine()
    #expect(moving.screen.column == 9 + 4 + 4, "after 日本")
    let accent = await line(["cafe\u{301}", Keys.left, "x", Keys.enter])
    #expect(accent.0 == "cafxe\u{301}", "an accent moves with its letter")
  }

  @Test func aLineWiderThanTheTerminalScrollsWithinItsRow() async {
    let long = "add " + String(repeating: "abcdefghij", count: 5)
    let console = FakeConsole([long], columns: 30)
    _ = await editor(console).readLine()
    let screen = console.screen
    #expect(screen.lines.count == 1 && !screen.wrapped)
    #expect(screen.lines[0].hasPrefix("taskman> ") && screen.lines[0].hasSuffix("hij"))
    #expect(screen.column < 30)
    // Home shows the start again; editing there gives the whole line back.
    let (text, edited) = await line([long, Keys.home, Keys.delete, "A", Keys.end, "!", Keys.enter], columns: 30)
    #expect(text == "Add " + String(repeating: "abcdefghij", count: 5) + "!")
    #expect(edited.screen.lines[0].hasSuffix("ghij!"))
    let start = FakeConsole([long, Keys.home], columns: 30)
    _ = await editor(start).readLine()
    #expect(start.screen.lines[0] == "taskman> add abcdefghijabcdef", "the last column stays empty")
    #expect(start.screen.column == 9)
    // Wide characters scroll whole.
    let wide = FakeConsole([String(repeating: "日本", count: 20), Keys.home, Keys.end], columns: 21)
    _ = await editor(wide).readLine()
    #expect(!wide.screen.wrapped && wide.screen.lines.count == 1)
    #expect(DisplayWidth.of(wide.screen.lines[0]) <= 20)
  }

  @Test func aResizeDrawsTheRowAgainForTheNewWidth() async {
    let console = FakeConsole(["add " + String(repeating: "x", count: 30)], columns: 60)
    console.events += [.resized, .input(Array(Keys.home.utf8))]
    console.widthsAfterResizes = [20]
    _ = await editor(console).readLine()
    // What was drawn from the resize on, on a terminal of the new width.
    let redraw = Array("\r\u{1B}[K".utf8)
    let start = (0...(console.output.count - redraw.count)).last { console.output[$0..<($0 + redraw.count)].elementsEqual(redraw) }
    var screen = VirtualScreen(columns: 20)
    screen.apply(Array(console.output[(start ?? 0)...]))
    #expect(start != nil)
    #expect(screen.cursorLine == "taskman> add xxxxxx")
    #expect(screen.column == 9)
  }

  @Test func pressingEnterOnALongLineLeavesTheCursorBelowIt() async {
    let (_, console) = await line(["add " + String(repeating: "y", count: 50), Keys.home, Keys.enter], columns: 30)
    #expect(console.screen.row == 1 && console.screen.column == 0)
  }
}
