#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import TaskManager
import Testing

@testable import TaskmanCLI

/// A TaskPaper file as people write them: projects, notes, nesting by spaces and by tabs,
/// blank lines (one of whitespace), trailing blanks, unicode, CRLF, and no final newline.
private let handWritten =
  "Errands:\r\n  - Buy milk @shop\r\n    Semi-skimmed.  \r\n\t- Call mom @due(2030-01-01)\r\n\r\n"
  + "Home: @weekend\r\n \t- Crème brûlée 🍮 @où(là-bas)\r\n   \r\n\t- Pay 25% @25% to a@b.com\r\n- Loose end"

/// The lines of `text` split at `\n` byte by byte, so that `\r` stays part of its line.
private func lines(_ text: String) -> [String] {
  text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
}

/// The numbers (from 1) of the lines that differ between two texts.
func changedLineNumbers(_ a: String, _ b: String) -> [Int] {
  let (x, y) = (lines(a), lines(b))
  return (0..<max(x.count, y.count)).filter { ($0 < x.count ? x[$0] : nil) != ($0 < y.count ? y[$0] : nil) }.map { $0 + 1 }
}

/// A user's own TaskPaper file in a temporary directory, and taskman's data directory beside it.
final class UserFile {
  let data: TaskmanDataDirectory
  let path: String

  init(_ text: String, name: String = "todo.taskpaper") throws {
    data = try TaskmanDataDirectory()
    path = data.path + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  var text: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<missing>" }

  /// The file's bytes (empty when it is missing).
  var bytes: Data { (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data() }

  /// Writes `text` over the file, as an editor would.
  func replaceText(with text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  func run(_ arguments: [String], input: String = "") throws -> TaskmanProcess.Result {
    try data.run(["--file", path] + arguments, input: input)
  }

  /// Every item's short id by its title, from `list --json --all`.
  func ids(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: String] {
    let document = try data.json(["--file", path, "list", "--json", "--all"], sourceLocation: sourceLocation)
    let items = try #require(document["items"] as? [[String: Any]], sourceLocation: sourceLocation)
    return Dictionary(items.map { ($0["title"] as? String ?? "?", $0["shortId"] as? String ?? "?") }) { first, _ in first }
  }

  /// Every item's short id by its title, projects and notes too, from `list --json --search ''`.
  func allIDs(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: String] {
    let document = try data.json(["--file", path, "list", "--json", "--search", ""], sourceLocation: sourceLocation)
    let items = try #require(document["items"] as? [[String: Any]], sourceLocation: sourceLocation)
    return Dictionary(items.map { ($0["title"] as? String ?? "?", $0["shortId"] as? String ?? "?") }) { first, _ in first }
  }

  /// Runs a command that must succeed, and returns the numbers of the lines it changed.
  func change(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [Int] {
    let before = text
    let result = try run(arguments)
    try #require(result.status == 0, "taskman \(arguments): \(result.errors)", sourceLocation: sourceLocation)
    return changedLineNumbers(before, text)
  }
}

/// Undo and redo after the file was edited by hand around the lines a change touched.
@Suite("undo and redo after hand edits")
struct UndoAfterHandEditsTests {
  @Test func aDeletedLineComesBackBetweenItsNeighboursAfterLinesWereAddedAbove() throws {
    let file = try UserFile("- A\n- B\n- C\n")
    _ = try file.change(["delete", "--yes", try #require(try file.ids()["B"])])
    try file.replaceText(with: "- h1\n- h2\n- A\n- C\n")
    _ = try file.change(["undo"])
    #expect(file.text == "- h1\n- h2\n- A\n- B\n- C\n")
    _ = try file.change(["redo"])
    #expect(file.text == "- h1\n- h2\n- A\n- C\n")
  }

  @Test func anUndoneMoveMovesOnlyTheItemMovedAndBackBetweenItsNeighbours() throws {
    let file = try UserFile("- A\n- B\n- Call C\n")
    _ = try file.change(["move", try #require(try file.ids()["B"]), "--top-level"])
    #expect(file.text == "- A\n- Call C\n- B\n")
    // `Call C`, which the move did not touch, edited by hand (words added: the same line, see
    // TitleSketch), and a line added above.
    try file.replaceText(with: "- h1\n- A\n- Call C fixed\n- B\n")
    _ = try file.change(["undo"])
    #expect(file.text == "- h1\n- A\n- B\n- Call C fixed\n")
    _ = try file.change(["redo"])
    #expect(file.text == "- h1\n- A\n- Call C fixed\n- B\n")
  }

  @Test func aLineThatWasTheOnlyOneComesBackAfterLinesAddedAboveIt() throws {
    // With no line before or after it to go by, it used to go back to its old position: above
    // the line added at the top, or between that line and the blank line it came after.
    let added = try UserFile("")
    _ = try added.change(["add", "x"])
    _ = try added.change(["undo"])
    try added.replaceText(with: "- h\n")
    _ = try added.change(["redo"])
    #expect(added.text == "- h\n- x\n")

    let deleted = try UserFile("\n- a\n")
    _ = try deleted.change(["delete", "--yes", try #require(try deleted.ids()["a"])])
    try deleted.replaceText(with: "- h\n\n")
    _ = try deleted.change(["undo"])
    #expect(deleted.text == "- h\n\n- a\n")
  }

  @Test func undoAfterTheFileWasDeletedByHandSaysSoAndCreatesNothing() throws {
    // Undoing the add used to find its task gone, take that as reverted by hand, say “Undid”
    // and create an empty file.
    let file = try UserFile("Inbox:\n\t- a\n")
    #expect(try file.run(["add", "b"]).status == 0)
    try FileManager.default.removeItem(atPath: file.path)
    for step in ["undo", "redo"] {
      let refused = try file.run([step])
      #expect(refused.status == 1)
      // Without the line about the file being created by the first change, which undo is not.
      #expect(
        refused.errors.hasPrefix("taskman: \(file.path) does not exist.\ntaskman: There is nothing to \(step): the task file is not there: it was deleted, moved or renamed"),
        "\(refused.errors)")
      #expect(!FileManager.default.fileExists(atPath: file.path))
    }
    // A new file starts a history of its own.
    #expect(try file.run(["add", "c"]).status == 0)
    #expect(file.text == "- c\n")
    #expect(try file.run(["undo"]).status == 0)
    #expect(file.text == "")
    #expect(try file.run(["undo"]).status == 1)
  }
}

/// What a black-box review of the plain file found: each a change that used to write something
/// other than what it reported, or an undo or redo that did not give back the exact bytes.
@Suite("taskman's changes read back as they say, and undo and redo give back the bytes")
struct ChangesReadBackTests {
  @Test func doneOnATitleWithAnUnclosedTagValueTakesTheTagAsTheAppDoes() throws {
    // A value holds no unescaped `(`, so the `@done(…)` appended after `@due(2020` is a tag.
    let file = try UserFile("- Buy @due(2020\n- Pay @note(a\n")
    let ids = try file.ids()
    #expect(try file.change(["done", try #require(ids["Buy @due(2020"])]) == [1])
    #expect(file.text.hasPrefix("- Buy @due(2020 @done("))
    #expect(try file.ids()["Buy @due(2020"] != nil)
    // A tag without a value has no `)` to be taken in.
    #expect(try file.change(["tag", try #require(ids["Pay @note(a"]), "@soon"]) == [2])
    #expect(try file.ids()["Pay @note(a"] != nil)
  }

  /// A carriage return at the end of a line that is not its line break (the last line of a
  /// file that ends with a lone CR, or a CR before a CRLF) stays at the end of the line after
  /// a change to it, and undo gives back the bytes.
  @Test(arguments: [
    ("- a\n- b\r", ["done"], "- a\n- b @done(", ")\r"),
    ("- a\r\n- b\r", ["done"], "- a\r\n- b @done(", ")\r"),
    ("- a\n- b\r", ["tag", "@soon"], "- a\n- b @soon\r", ""),
    ("- a\n- b @x\r", ["untag", "x"], "- a\n- b\r", ""),
    ("- a\n- b\r", ["edit", "c"], "- a\n- c\r", ""),
    ("- a\n- b\r\r\n- c\n", ["done"], "- a\n- b @done(", ")\r\r\n- c\n"),
    // A stray CR before a line feed in a file of LF lines: that line's line break is CRLF.
    ("- a\n- b\r\n- c\n", ["done"], "- a\n- b @done(", ")\r\n- c\n"),
  ])
  func aCarriageReturnAtTheEndOfALineStaysThere(original: String, command: [String], prefix: String, suffix: String) throws {
    let file = try UserFile(original)
    let id = try #require(try file.ids()["b"])
    let result = try file.run([command[0], id] + command.dropFirst())
    #expect(result.status == 0, "\(result.errors)")
    let changed = file.text
    #expect(changed.hasPrefix(prefix) && changed.hasSuffix(suffix), "\(command): \(changed.debugDescription)")
    #expect(changed.utf8.count == (suffix.isEmpty ? prefix.utf8.count : prefix.utf8.count + "2026-11-28".utf8.count + suffix.utf8.count))
    let undo = try file.run(["undo"])
    #expect(undo.status == 0, "\(undo.errors)")
    #expect(file.bytes == Data(original.utf8), "undo gives back the bytes: \(file.text.debugDescription)")
    let redo = try file.run(["redo"])
    #expect(redo.status == 0, "\(redo.errors)")
    #expect(file.text == changed, "redo writes what the change wrote")
  }

  @Test func theOutlineOfATagFilterShowsOnlyTasksThatPassIt() throws {
    let file = try UserFile("Home:\n\t- Paint @due(2026-12-01)\n\t\tjust a note\n\t- Mow @due(2026-12-01)\n\t- Rake\n")
    let outline = try file.run(["list", "--not-tag", "due"]).output
    #expect(outline.split(separator: "\n").map { $0.drop { $0 != " " }.drop { $0 == " " } } == ["Home:", "- Rake"])
    #expect(try file.run(["list", "--project", "home"]).output.contains("just a note"))
  }

  @Test func redoingAMoveWritesWhatTheMoveWrote() throws {
    let file = try UserFile("P:\n\t- a\n\t\tnote\nQ:\n\t- b\n")
    let ids = try file.allIDs()
    _ = try file.change(["move", try #require(ids["note"]), "--before", try #require(ids["b"])])
    let moved = file.text
    #expect(moved == "P:\n\t- a\nQ:\n\tnote\n\t- b\n")
    _ = try file.change(["undo"])
    #expect(file.text == "P:\n\t- a\n\t\tnote\nQ:\n\t- b\n")
    _ = try file.change(["redo"])
    #expect(file.text == moved)
  }

  @Test func redoingAnAddWritesTheLineWithTheIndentationTheAddGaveIt() throws {
    // Top-level lines indented by hand: a new one takes the indentation of the one before it.
    let file = try UserFile("  - a\n  - b\n")
    _ = try file.change(["add", "c"])
    let added = file.text
    #expect(added == "  - a\n  - b\n  - c\n")
    _ = try file.change(["undo"])
    #expect(file.text == "  - a\n  - b\n")
    _ = try file.change(["redo"])
    #expect(file.text == added)
  }

  @Test(arguments: ["Home:\n\t- paint", "Home:\r\n\t- paint", "Home:\r\n\t- paint\r\n"])
  func undoingADeleteOfEveryLineGivesBackItsLineBreaks(original: String) throws {
    let file = try UserFile(original)
    _ = try file.change(["delete", "--yes", try #require(try file.allIDs()["Home"])])
    #expect(file.text == "")
    // An add and its undo in between leave the empty file as it was.
    _ = try file.change(["add", "x"])
    _ = try file.change(["undo"])
    _ = try file.change(["undo"])
    #expect(file.text == original)
    _ = try file.change(["redo"])
    #expect(file.text == "")
  }

  @Test(arguments: ["- (y)\r\n\t@due(2026-12-01)\r\nEnd", "- a\r\nEnd", "End\r\n- a"])
  func undoingADeleteThatLeftOneLineWithoutALineBreakGivesBackItsLineBreaks(original: String) throws {
    let file = try UserFile(original)
    let ids = try file.allIDs()
    _ = try file.change(["delete", "--yes", try #require(ids["(y)"] ?? ids["a"])])
    #expect(file.text == "End", "one line is left, with no line break to tell")
    // A line added meanwhile has nothing to go by; its undo leaves the line as it was.
    _ = try file.change(["project", "Later"])
    #expect(file.text == "End\nLater:")
    _ = try file.change(["undo"])
    _ = try file.change(["undo"])
    #expect(file.text == original)
    _ = try file.change(["redo"])
    #expect(file.text == "End")
  }

  @Test func undoingAnUntagGivesBackTheLineAsTyped() throws {
    // `untag` takes out the tag alone; undo puts back the text, not the tag on that line.
    let original = "\t-Pay  rent @t\n"
    let file = try UserFile(original)
    _ = try file.change(["untag", try #require(try file.ids()["Pay  rent"]), "t"])
    #expect(file.text == "\t-Pay  rent\n")
    _ = try file.change(["undo"])
    #expect(file.text == original)
  }

  @Test func aMoveToWhereTheItemAlreadyIsChangesNothing() throws {
    // Top-level lines indented by hand: `--top-level` of the last one, `--top` of the first,
    // `--after` the one before it.
    let original = " \t- a\n  - b\n"
    let file = try UserFile(original)
    let ids = try file.ids()
    #expect(try file.change(["move", try #require(ids["b"]), "--top-level"]) == [])
    #expect(try file.change(["move", try #require(ids["a"]), "--top"]) == [])
    #expect(try file.change(["move", try #require(ids["b"]), "--after", try #require(ids["a"])]) == [])
    #expect(file.text == original)
    #expect(try file.run(["move", try #require(ids["b"]), "--top-level"]).output.hasPrefix("Already there: "))
    #expect(try file.run(["move", try #require(ids["a"]), "--top"]).output.hasPrefix("Already there: "))
    #expect(try file.run(["move", try #require(ids["a"]), "--top-level"]).output.hasPrefix("Moved "))
  }

  @Test func topPutsTheItemFirstAndTopLevelAtTheEndOfTheTopLevel() throws {
    let file = try UserFile("Home:\n\t- Paint\n\t- Fix the tap\n- Loose end\n")
    let ids = try file.ids()
    let moved = try file.run(["move", try #require(ids["Fix the tap"]), "--top"])
    #expect(moved.status == 0, "\(moved.errors)")
    #expect(file.text == "- Fix the tap\nHome:\n\t- Paint\n- Loose end\n")
    _ = try file.change(["move", try #require(ids["Paint"]), "--top-level"])
    #expect(file.text == "- Fix the tap\nHome:\n- Loose end\n- Paint\n")
    _ = try file.change(["undo"])
    _ = try file.change(["undo"])
    #expect(file.text == "Home:\n\t- Paint\n\t- Fix the tap\n- Loose end\n")

    // A first line indented by hand stays a top-level line, not a child of the moved one; blank
    // lines at the start stay at the start.
    let indented = try UserFile("\n  - a\n- b\n")
    _ = try indented.change(["move", try #require(try indented.ids()["b"]), "--top"])
    #expect(indented.text == "\n  - b\n  - a\n")
    #expect(try indented.ids().keys.sorted() == ["a", "b"])
    #expect(try indented.run(["list", "--flat"]).output.split(separator: "\n").count == 2)
    _ = try indented.change(["undo"])
    #expect(indented.text == "\n  - a\n- b\n")
  }

  @Test func undoingAMoveThatReindentedALineGivesBackItsIndentation() throws {
    let original = "Q:\n - a\n  - b\n"
    let file = try UserFile(original)
    let ids = try file.allIDs()
    _ = try file.change(["move", try #require(ids["b"]), "--under", try #require(ids["Q"])])
    let moved = file.text
    #expect(moved != original)
    _ = try file.change(["undo"])
    #expect(file.text == original)
    _ = try file.change(["redo"])
    #expect(file.text == moved)
  }

  @Test func aBlankLineUnderAMovedItemStaysUnderItAndUndoPutsItBack() throws {
    // The whitespace-only line belongs to `x`; under `z`, its two tabs would put it after `x`.
    let original = "A:\n\t- x\n\t\t\n\t- y\n\t\t- z\n"
    let file = try UserFile(original)
    let ids = try file.ids()
    _ = try file.change(["move", try #require(ids["x"]), "--under", try #require(ids["z"])])
    let moved = file.text
    #expect(moved == "A:\n\t- y\n\t\t- z\n\t\t\t- x\n\t\t\t\t\n")
    _ = try file.change(["undo"])
    #expect(file.text == original)
    _ = try file.change(["redo"])
    #expect(file.text == moved)
  }

  @Test func undoingAMoveGivesBackALineUnderTheItemThatTheMoveLeftAsItWas() throws {
    // `a` moved under `x` takes the two spaces of `c`, and `b`, two more, is left as it was;
    // undo, putting `a` back at a tab and a space, keeps `b` so.
    let original = "\t - a\n    - b\n- x\n  - c\n"
    let file = try UserFile(original)
    let ids = try file.ids()
    _ = try file.change(["move", try #require(ids["a"]), "--after", try #require(ids["c"])])
    let moved = file.text
    #expect(moved == "- x\n  - c\n  - a\n    - b\n")
    _ = try file.change(["undo"])
    #expect(file.text == original)
    _ = try file.change(["redo"])
    #expect(file.text == moved)
  }

  @Test func aMoveAtTheSameIndentationLeavesTheLinesUnderTheItemAsTheyWere() throws {
    let original = "Home:\n  - buy milk\n     semi\n \t \tskimmed\n  - paint\nWork:\n  - report\n"
    let file = try UserFile(original)
    let ids = try file.ids()
    _ = try file.change(["move", try #require(ids["buy milk"]), "--before", try #require(ids["report"])])
    #expect(file.text == "Home:\n  - paint\nWork:\n  - buy milk\n     semi\n \t \tskimmed\n  - report\n")
    _ = try file.change(["undo"])
    #expect(file.text == original)
  }

  @Test func undoAndRedoOfAMoveGiveBackTheLinesUnderTheItemAsTheyWere() throws {
    let original = "Home:\n\t- hand\n  - kid\nWork:\n  - report\n"
    let file = try UserFile(original)
    _ = try file.change(["move", try #require(try file.ids()["hand"]), "--project", "Work"])
    let moved = file.text
    #expect(moved == "Home:\nWork:\n  - report\n  - hand\n    - kid\n")
    _ = try file.change(["undo"])
    #expect(file.text == original)
    _ = try file.change(["redo"])
    #expect(file.text == moved)
  }

  @Test func redoingAMoveToTheTopWritesWhatTheMoveWrote() throws {
    let file = try UserFile("\t- a\n\t\t- c\n- W\n")
    let ids = try file.ids()
    _ = try file.change(["move", try #require(ids["c"]), "--before", try #require(ids["W"])])
    let moved = file.text
    #expect(moved == "\t- a\n\t- c\n- W\n")
    _ = try file.change(["undo"])
    _ = try file.change(["redo"])
    #expect(file.text == moved)
  }

  @Test func undoingAMoveOfALineAfterABlankLineDeeperDownPutsItBackAfterIt() throws {
    let original = "A:\n\t- B\n\n\t\t- t\n- C\n"
    let file = try UserFile(original)
    _ = try file.change(["move", try #require(try file.ids()["t"]), "--top-level"])
    #expect(file.text == "A:\n\t- B\n\n- C\n- t\n")
    _ = try file.change(["undo"])
    #expect(file.text == original)
  }

  @Test(arguments: ["- a\n\t- c\n\n\t- b\n", "- a\n\t- c\n\n\t- b\n- d\n"])
  func undoingADeleteOfALastChildAfterABlankLinePutsItBackAfterIt(original: String) throws {
    // The blank line, last under `a` once `b` is gone, reads as a line of the top level; undo
    // put `b` back right after `c`, before it.
    let file = try UserFile(original)
    _ = try file.change(["delete", "--yes", try #require(try file.ids()["b"])])
    _ = try file.change(["undo"])
    #expect(file.text == original)
  }

  @Test func undoingADeleteOfTwoChildrenWithABlankLineBetweenPutsItBackBetween() throws {
    // The blank line, left last under `plan`, reads as a line of the top level; undo put both
    // children back before it.
    let original = "- plan\r\n\t- write\r\n\r\n\tpaint:\n  \n\t\twalk: @home\r\n\t\t- w7"
    let file = try UserFile(original)
    let ids = try file.allIDs()
    _ = try file.change(["delete", "--yes", try #require(ids["write"]), try #require(ids["paint"])])
    #expect(file.text == "- plan\r\n\r\n")
    _ = try file.change(["undo"])
    #expect(file.bytes == Data(original.utf8))
  }

  @Test func undoingADeleteAfterABlankLinePutsTheLineBackAfterIt() throws {
    let original = "- A\n\n\t- B\n- C\n"
    let file = try UserFile(original)
    _ = try file.change(["delete", "--yes", try #require(try file.ids()["B"])])
    #expect(file.text == "- A\n\n- C\n")
    _ = try file.change(["undo"])
    #expect(file.text == original)
  }

  @Test func undoingADeleteOfTheLastLineAfterABlankLineGivesBackAFileWithoutAFinalLineBreak() throws {
    // The blank line, last after the delete, needs a line break; undo takes it away again.
    let original = "- A\r\n\r\n- B"
    let file = try UserFile(original)
    _ = try file.change(["delete", "--yes", try #require(try file.ids()["B"])])
    #expect(file.text == "- A\r\n\r\n")
    _ = try file.change(["undo"])
    #expect(file.text == original)
    _ = try file.change(["redo"])
    #expect(file.text == "- A\r\n\r\n")
    _ = try file.change(["undo"])
    #expect(file.text == original)
    // A line added after it by hand meanwhile keeps its line break.
    _ = try file.change(["redo"])
    try file.replaceText(with: "- A\r\n\r\n- C\r\n")
    _ = try file.change(["undo"])
    #expect(file.text == "- A\r\n\r\n- B\r\n- C\r\n")
  }

  @Test(arguments: [
    // A line whose line break is not the file's first one.
    ("- A\n- B\r\n- C\n", "delete #B"), ("- A\r\n- B\n- C\r\n", "delete #B"), ("Home:\n\t- B\r\n\t\t- under B\r\n- C\n", "delete #B"),
    // The last line of a file without a final line break: the line before it loses its own.
    ("- A\r\n- B\n- C", "delete #C"), ("- A\n- B\r\n- C", "delete #C"),
    // The first line taken out or moved, so that the file's first line break is another.
    ("- A\r\n- B\n- C\n", "delete #A"), ("- A\n- B\r\n", "delete #A"), ("- P\r\n\tx\n\ty\r\n- Q\n- R\n", "delete #P"),
    ("- A\r\n- B\n- C", "move #A --top-level"), ("- A\r\n- B\n- C", "move #C --top"), ("- T\r\n\tp\r\n- B\n\t- W\n\t- X", "move #T --under #B"),
  ])
  func undoAndRedoGiveBackTheLineBreaksOfAFileThatMixesThem(original: String, command: String) throws {
    // Undo used to end the lines it put back, and the line it gave a line break back to, with
    // the file's first line break as it was then.
    let file = try UserFile(original)
    let ids = try file.allIDs()
    _ = try file.change(try command.split(separator: " ").map { $0.hasPrefix("#") ? try #require(ids[String($0.dropFirst())]) : String($0) } + (command.hasPrefix("delete") ? ["--yes"] : []))
    let after = file.bytes
    for _ in 0..<2 {
      _ = try file.change(["undo"])
      #expect(file.bytes == Data(original.utf8))
      _ = try file.change(["redo"])
      #expect(file.bytes == after)
    }
  }

  @Test func undoAndRedoGiveTheLineBreaksOfWhenTheChangeWasMadeAfterTheFirstLineChangedByHand() throws {
    // A line added at the top by hand, with another line break, made undo and redo end the
    // lines they put back, or gave a line break back to, with that one.
    let deleted = try UserFile("- a\r\n- b\r\n- c")
    _ = try deleted.change(["delete", "--yes", try #require(try deleted.ids()["c"])])
    try deleted.replaceText(with: "- h\n- a\r\n- b")
    _ = try deleted.change(["undo"])
    #expect(deleted.bytes == Data("- h\n- a\r\n- b\r\n- c".utf8))

    let added = try UserFile("- a\n- b")
    _ = try added.change(["add", "c"])
    try added.replaceText(with: "- h\r\n- a\n- b\n- c")
    _ = try added.change(["undo"])
    #expect(added.bytes == Data("- h\r\n- a\n- b".utf8))
    _ = try added.change(["redo"])
    #expect(added.bytes == Data("- h\r\n- a\n- b\n- c".utf8))
  }

  @Test func aFileWhoseLineBreaksWereAllConvertedSinceKeepsItsOwn() throws {
    // After dos2unix (or a conversion to CRLF), undo and redo used to write the line breaks the
    // file had when the change was made, mixing them.
    let deleted = try UserFile("A\r\nB\r\nC\r\n")
    _ = try deleted.change(["delete", "--yes", try #require(try deleted.allIDs()["B"])])
    try deleted.replaceText(with: "A\nC\n")
    _ = try deleted.change(["undo"])
    #expect(deleted.bytes == Data("A\nB\nC\n".utf8))

    let added = try UserFile("")
    _ = try added.change(["add", "a"])
    _ = try added.change(["add", "b"])
    _ = try added.change(["undo"])
    try added.replaceText(with: "- a\r\n")
    _ = try added.change(["redo"])
    #expect(added.bytes == Data("- a\r\n- b\r\n".utf8))
  }

  @Test func undoTakesAwayTheFinalLineBreakItsChangeAddedWhateverLineEndsTheFile() throws {
    // The change's last line needed a line break (it was a blank line); undo used to take it
    // away only when the file then ended with a line undo put back.
    let imported = try UserFile("- a")
    let other = imported.data.path + "/more.taskpaper"
    try Data("- b\n\n".utf8).write(to: URL(fileURLWithPath: other))
    _ = try imported.change(["import", other])
    #expect(imported.text == "- a\n- b\n\n")
    _ = try imported.change(["undo"])
    #expect(imported.text == "- a")

    let moved = try UserFile("- a\n\nP:\n\t- c")
    let ids = try moved.allIDs()
    _ = try moved.change(["move", try #require(ids["P"]), "--before", try #require(ids["a"])])
    #expect(moved.text == "P:\n\t- c\n- a\n\n")
    _ = try moved.change(["undo"])
    #expect(moved.text == "- a\n\nP:\n\t- c")
    // A line added at the end by hand since keeps its line break.
    _ = try moved.change(["redo"])
    try moved.replaceText(with: "P:\n\t- c\n- a\n\n- z\n")
    _ = try moved.change(["undo"])
    #expect(moved.text == "- a\n\nP:\n\t- c\n- z\n")
  }

  @Test func doneOnAnItemAlreadyDoneKeepsTheDayItWasDone() throws {
    let file = try UserFile("- Paid @done(2026-11-01)\n")
    let result = try file.run(["done", try #require(try file.ids()["Paid"])])
    #expect(result.status == 0, "\(result.errors)")
    #expect(file.text == "- Paid @done(2026-11-01)\n")
  }

  @Test func aNoteEditedIntoATaskOrProjectLineIsRefused() throws {
    let file = try UserFile("- A\n\tA note\n")
    let listed = try file.data.json(["--file", file.path, "list", "--json", "--search", "note"])["items"] as? [[String: Any]]
    let note = try #require(listed?.first?["shortId"] as? String)
    for typed in ["- now a task", "Now a project:"] {
      let refused = try file.run(["edit", note, typed])
      #expect(refused.status == 2, "\(typed)")
      #expect(refused.errors.hasPrefix("taskman: Unable to change this note to “\(typed)”"), "\(refused.errors)")
    }
    #expect(file.text == "- A\n\tA note\n")
  }

  @Test func aLineEndingInWhitespaceAfterItsColonIsANoteAndStaysOne() throws {
    // As the TaskPaper app reads it: whitespace after the colon, or after the last tag, makes a note.
    let original = "Garden:   \n\t- Dig\nWork: @w \nHome:\n"
    let file = try UserFile(original)
    let projects = try file.data.json(["--file", file.path, "projects", "--json"])["projects"] as? [[String: Any]]
    #expect(projects?.compactMap { $0["title"] as? String } == ["Home"])
    let ids = try file.allIDs()
    // Tagged, each line keeps a space at its end, which keeps it a note.
    #expect(try file.change(["tag", try #require(ids["Garden:"]), "@later"]) == [1])
    #expect(try file.change(["tag", try #require(ids["Work:"]), "@x"]) == [3])
    #expect(file.text == "Garden: @later \n\t- Dig\nWork: @w @x \nHome:\n")
    let after = try file.data.json(["--file", file.path, "projects", "--json"])["projects"] as? [[String: Any]]
    #expect(after?.compactMap { $0["title"] as? String } == ["Home"])
    _ = try file.change(["undo"])
    _ = try file.change(["undo"])
    #expect(file.text == original)
  }

  @Test func undoGivesBackTheWhitespaceOfBlankLines() throws {
    let original = "Home:\n\t- buy milk\n\t\n\t- paint\n  \nWork:\n"
    let file = try UserFile(original)
    _ = try file.change(["delete", "--yes", try #require(try file.allIDs()["Home"])])
    #expect(file.text == "Work:\n")
    _ = try file.change(["undo"])
    #expect(file.text == original)
  }

  @Test func undoingAnImportSaysHowManyItemsCameIn() throws {
    let file = try UserFile("- a\n- b\n")
    let more = try file.data.write("- a\n- b\n\n- c\n", to: "more.taskpaper")
    #expect(try file.run(["import", more]).output == "Imported 1 item; 2 were already in the list.\n")
    #expect(try file.run(["undo"]).output == "Undid: import 1 item\n")
  }

  @Test func aBlankLineIsNeverListedNorMakesAnItemsIdAmbiguous() throws {
    // `list --json --search ''` listed blank lines, with ids every command refuses, and a
    // prefix shared by a task's id and a blank line's was ambiguous.
    var found: (file: UserFile, blank: String, task: String)?
    for number in 0..<400 where found == nil {
      let file = try UserFile("\n- task \(number)\n")
      let export = try file.data.json(["--file", file.path, "export", "--json"])
      let items = try #require(export["items"] as? [[String: Any]])
      let blank = try #require(items.first { $0["title"] as? String == "" }?["id"] as? String)
      let task = try #require(items.first { $0["title"] as? String == "task \(number)" }?["id"] as? String)
      if blank.first == task.first { found = (file, blank, task) }
    }
    let (file, _, task) = try #require(found)
    let listed = try file.data.json(["--file", file.path, "list", "--json", "--search", "", "--all"])
    let titles = (listed["items"] as? [[String: Any]])?.map { $0["title"] as? String ?? "?" }
    #expect(titles?.count == 1 && titles?.first?.hasPrefix("task ") == true, "\(titles ?? [])")
    let done = try file.run(["done", String(task.prefix(1))])
    #expect(done.status == 0, "\(done.errors)")
    #expect(file.text.hasPrefix("\n- task ") && file.text.contains(" @done("), "\(file.text)")
  }

  @Test func aBlankLineIsNeverAParentOrAPlace() throws {
    let original = "- A\n\n\tSub:\n\t\t- deep\n- Z\n"
    let file = try UserFile(original)
    let export = try file.data.json(["--file", file.path, "export", "--json"])
    let children = try #require(((export["items"] as? [[String: Any]])?.first?["children"]) as? [[String: Any]])
    let blank = try #require(children.first { $0["title"] as? String == "" }?["id"] as? String)
    let z = try #require(try file.ids()["Z"])
    for command in [
      ["add", "--under", blank, "child"], ["move", z, "--after", blank], ["move", z, "--under", blank], ["note", blank, "Hello"],
      ["done", blank], ["tag", blank, "@x"], ["edit", blank, "text"], ["move", blank, "--top"], ["delete", "--yes", blank],
    ] {
      let refused = try file.run(command)
      #expect(refused.status == 2, "\(command)")
      #expect(refused.errors.hasPrefix("taskman: That id is a blank line's"), "\(command): \(refused.errors)")
    }
    #expect(file.text == original)
  }
}

@Suite("taskman on the user's own TaskPaper file")
struct PlainFileTests {
  @Test func readingChangesNothingAndEachChangeRewritesOnlyItsLines() throws {
    let file = try UserFile(handWritten)
    for command in [["list"], ["list", "--all", "--json"], ["tags"], ["export"], ["show", "0000"]] {
      _ = try file.run(command)
      #expect(file.text == handWritten, "\(command)")
    }
    let ids = try file.ids()
    let milk = try #require(ids["Buy milk"])
    let crème = try #require(ids["Crème brûlée 🍮"])
    let loose = try #require(ids["Loose end"])
    let call = try #require(ids["Call mom"])

    #expect(try file.change(["done", milk]) == [2])
    #expect(lines(file.text)[1].wholeMatch(of: #/  - Buy milk @shop @done\(\d{4}-\d\d-\d\d\)\r/#) != nil)
    #expect(try file.change(["tag", crème, "@soon"]) == [7])
    #expect(lines(file.text)[6] == " \t- Crème brûlée 🍮 @où(là-bas) @soon\r")
    #expect(try file.change(["edit", loose, "Loose", "ends"]) == [10])
    #expect(lines(file.text)[9] == "- Loose ends", "still no final newline")
    let beforeDelete = file.text
    _ = try file.change(["delete", call, "--yes"])
    #expect(file.text == beforeDelete.replacingOccurrences(of: "\t- Call mom @due(2030-01-01)\r\n", with: ""))

    // Undo, step by step, back to the bytes the user wrote; redo forward again.
    let afterAll = file.text
    for _ in 0..<4 { #expect(try file.run(["undo"]).status == 0) }
    #expect(file.text == handWritten)
    for _ in 0..<4 { #expect(try file.run(["redo"]).status == 0) }
    #expect(file.text == afterAll)
    #expect(try file.ids()["Buy milk"] == milk, "ids stay through it all")
  }

  @Test func linesAddedRemovedOrReorderedByHandKeepEveryOtherId() throws {
    let file = try UserFile("Home:\n\t- Water plants\n\t- Fix the tap\nWork:\n\t- Call Bob @today\n\t- Write report\n")
    let before = try file.ids()
    try Data("Inbox:\n\t- Added by hand\nWork:\n\t- Write report\n\t- Call Bob @today\nHome:\n    - Fix the tap\n".utf8)
      .write(to: URL(fileURLWithPath: file.path))
    let after = try file.ids()
    for title in ["Home", "Fix the tap", "Work", "Call Bob", "Write report"] {
      #expect(after[title] == before[title], "\(title)")
    }
    // A tag added by hand (in the TaskPaper app, say) keeps the id too.
    try Data(file.text.replacingOccurrences(of: "Call Bob @today", with: "Call Bob @today @done(2026-01-01)").utf8)
      .write(to: URL(fileURLWithPath: file.path))
    #expect(try file.ids()["Call Bob"] == before["Call Bob"])
    // The ids given to new lines stay the same from one command to the next.
    #expect(try file.ids()["Added by hand"] == after["Added by hand"])
    let added = try #require(after["Added by hand"])
    #expect(try file.change(["done", added]) == [2])
  }

  @Test func aTypoFixedByHandKeepsTheIdAndUndoOfTheAddRefusesToTakeTheLineAway() throws {
    let file = try UserFile("Home:\n\t- Water plants\n")
    #expect(try file.run(["add", "Call Bbo", "@phone"]).status == 0)
    let id = try #require(try file.ids()["Call Bbo"])
    try Data(file.text.replacingOccurrences(of: "Call Bbo", with: "Call Bob").utf8).write(to: URL(fileURLWithPath: file.path))
    #expect(try file.ids()["Call Bob"] == id, "a line edited where it stands keeps its id")
    let fixed = file.text
    // Undo used to take the add as already reverted (the line had a new id), say “Undid”
    // and leave the line; redo then added the task a second time.
    let undo = try file.run(["undo"])
    #expect(undo.status == 1)
    #expect(undo.errors.contains("Cannot undo “add “Call Bbo””: “- Call Bbo @phone” was changed since"), "\(undo.errors)")
    #expect(file.text == fixed)
    #expect(try file.change(["done", id]) == [3])
  }

  @Test func aProjectRenamedWhileAnotherBlockMovedAboveItKeepsItsIdAndUndoOfAnEarlierChangeToItWorks() throws {
    let file = try UserFile("Home:\n\t- Paint\n\t- Fix the tap\n\t- Mow\nWork:\n\t- Call Bob\n\t- Write report\n")
    let home = try #require(try file.allIDs()["Home"])
    _ = try file.change(["delete", "--yes", try #require(try file.ids()["Mow"])])
    // One save elsewhere: the Work block moved to the top, Home renamed.
    try file.replaceText(with: "Work:\n\t- Call Bob\n\t- Write report\nHouse:\n\t- Paint\n\t- Fix the tap\n")
    #expect(try file.allIDs()["House"] == home)
    // Undo used to refuse: the project the task goes back under had a new id ("was deleted since").
    let undo = try file.run(["undo"])
    #expect(undo.status == 0, "\(undo.errors)")
    #expect(file.text == "Work:\n\t- Call Bob\n\t- Write report\nHouse:\n\t- Paint\n\t- Fix the tap\n\t- Mow\n")
  }

  @Test func aTaskWhoseTextWasReplacedWhereItStandsIsANewTaskAndItsOldIdIsGone() throws {
    let file = try UserFile("- Buy milk\n- Learn Go\n- Pst letter\n- Water plants\n")
    _ = try file.change(["add", "Pay rent"])
    let before = try file.ids()
    let learn = try #require(before["Learn Go"])
    try file.replaceText(with: "- Buy milk\n- Call the dentist\n- Post letter\n- Water plants\n- Pay rent\n")
    let after = try file.ids()
    #expect(after["Call the dentist"] != learn)
    #expect(after["Post letter"] == before["Pst letter"], "a typo fixed where it stands keeps the id")
    // A script's `done <old id>` used to mark “Call the dentist” done.
    let done = try file.run(["done", learn])
    #expect(done.status != 0)
    #expect(file.text == "- Buy milk\n- Call the dentist\n- Post letter\n- Water plants\n- Pay rent\n")
    #expect(try file.change(["done", try #require(before["Pst letter"])]) == [3])
  }

  @Test func aSymlinkedFileIsWrittenThroughAndStaysALink() throws {
    let file = try UserFile("- Buy milk\n", name: "real.taskpaper")
    let link = file.data.path + "/link.taskpaper"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.taskpaper")
    let result = try file.data.run(["--file", link, "add", "Call Bob"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.taskpaper")
    #expect(file.text == "- Buy milk\n- Call Bob\n")
    // Named through the link or directly, it is one file with one set of ids.
    #expect(try file.data.json(["--file", link, "list", "--json"])["items"] as? NSArray == file.data.json(["--file", file.path, "list", "--json"])["items"] as? NSArray)
  }

  @Test func aLinkToAFileNotCreatedYetKeepsOneStateOnceItIs() throws {
    let data = try TaskmanDataDirectory()
    try FileManager.default.createDirectory(atPath: data.path + "/synced", withIntermediateDirectories: true)
    let link = data.path + "/todo.taskpaper"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "synced/todo.taskpaper")
    #expect(try data.run(["--file", link, "add", "First"]).status == 0)
    #expect(try String(contentsOfFile: data.path + "/synced/todo.taskpaper", encoding: .utf8) == "- First\n")
    let undo = try data.run(["--file", link, "undo"])
    #expect(undo.status == 0, "\(undo.errors)")
    #expect(undo.output == "Undid: add “First”\n")
  }

  @Test func theFileCanBeChosenByEnvironmentAndKeepsItsPermissions() throws {
    let file = try UserFile("- Buy milk\n")
    chmod(file.path, 0o644)
    let result = try file.data.run(["add", "Call Bob"], environment: ["TASKMAN_FILE": file.path])
    #expect(result.status == 0)
    #expect(file.text == "- Buy milk\n- Call Bob\n")
    #expect(try permissions(of: file.path) == 0o644)
    #expect(!FileManager.default.fileExists(atPath: file.data.dataFile), "the default file is not touched")
    // Nothing but the file itself in its folder: the bookkeeping lives in the data directory.
    #expect(try FileManager.default.contentsOfDirectory(atPath: file.data.path).sorted() == ["state", "todo.taskpaper"])
  }

  @Test func aFileMadeReadOnlyIsReadButNeverChanged() throws {
    let file = try UserFile("Home:\r\n\t- Buy milk")
    chmod(file.path, 0o444)
    #expect(try file.run(["list"]).output.hasSuffix("  - Buy milk\n"))
    for command in [["add", "Call Bob"], ["done", try #require(file.ids()["Buy milk"])]] {
      let refused = try file.run(command)
      #expect(refused.status == 3, "\(command)")
      #expect(refused.errors.contains("A read-only file is never replaced: make it writable (chmod u+w)"), "\(refused.errors)")
    }
    #expect(file.text == "Home:\r\n\t- Buy milk")
    #expect(try permissions(of: file.path) == 0o444)
    #expect(try file.run(["undo"]).status == 1, "nothing was done, so nothing is to undo")
    chmod(file.path, 0o644)
    #expect(try file.run(["add", "Call Bob"]).status == 0)
    #expect(file.text == "Home:\r\n\t- Buy milk\r\n- Call Bob")
  }

  @Test func aFIFOOrADeviceIsRefusedAsTheTaskFileAndLeftAsItIs() throws {
    let data = try TaskmanDataDirectory()
    let fifo = data.path + "/pipe.taskpaper"
    try #require(mkfifo(fifo, 0o600) == 0)
    // Reading it would wait for a writer forever; changing it would put a file in its place.
    for command in [["list"], ["add", "x"]] {
      let result = try data.run(["--file", fifo] + command)
      #expect(result.status == 2, "\(command)")
      #expect(result.errors.hasPrefix("taskman: the task file \(fifo) is a FIFO (a named pipe)\n"), "\(result.errors)")
    }
    var info = stat()
    #expect(stat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    guard geteuid() == 0 else { return }
    let device = data.path + "/null.taskpaper"
    var null = stat()
    try #require(stat("/dev/null", &null) == 0 && mknod(device, S_IFCHR | 0o666, null.st_rdev) == 0)
    #expect(try data.run(["--file", device, "add", "x"]).errors.hasPrefix("taskman: the task file \(device) is a character device\n"))
    #expect(stat(device, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
  }

  @Test func aReadingCommandCreatesNothing() throws {
    let file = try UserFile("- Buy milk\n")
    let elsewhere = file.data.path + "/no/data/dir/yet"
    let result = try TaskmanProcess.run(["--file", file.path, "list"], environment: ["TASKMAN_DATA_DIR": elsewhere])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasSuffix("  - Buy milk\n"))
    #expect(!FileManager.default.fileExists(atPath: file.data.path + "/no"))
  }

  @Test func aFileNamedOnTheCommandLineThatIsNotThereIsNamedOnStandardError() throws {
    let data = try TaskmanDataDirectory()
    let typo = data.path + "/taks.taskpaper"
    let listed = try data.run(["--file", typo, "list"])
    #expect(listed.status == 0 && listed.output.isEmpty)
    #expect(listed.errors == "taskman: \(typo) does not exist yet, so there is nothing in it; the first change creates it.\n")
    let added = try data.run(["--file", typo, "add", "Buy milk"])
    #expect(added.status == 0)
    #expect(added.errors == "taskman: \(typo) does not exist yet; this change creates it.\n")
    #expect(try data.run(["--file", typo, "add", "Call Bob"]).errors == "")
    // The default file is created on first use without a word, as the README says.
    #expect(try data.run(["add", "x"]).errors == "")
  }

  @Test func aMissingDirectoryForTheFileIsAClearError() throws {
    let data = try TaskmanDataDirectory()
    let result = try data.run(["--file", data.path + "/nowhere/todo.taskpaper", "add", "x"])
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("taskman: the task file \(data.path)/nowhere/todo.taskpaper cannot be created: its directory \(data.path)/nowhere does not exist\n"))
  }

  @Test func aLinkToAFileInAMissingDirectoryIsAClearErrorToo() throws {
    // The save writes beside the link's target: it used to fail there, with status 3 and the
    // system's error for its temporary file.
    let data = try TaskmanDataDirectory()
    let link = data.path + "/todo.taskpaper"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: data.path + "/synced/todo.taskpaper")
    // Undo creates nothing: it says only that the file is not there.
    let undo = try data.run(["--file", link, "undo"])
    #expect(undo.status == 1)
    #expect(
      undo.errors.hasPrefix(
        "taskman: \(link) is a symbolic link to \(data.path)/synced/todo.taskpaper, which does not exist.\ntaskman: There is nothing to undo.\n"
      ), "\(undo.errors)")
    let added = try data.run(["--file", link, "add", "x"])
    #expect(added.status == 2)
    #expect(
      added.errors.hasPrefix(
        "taskman: the task file \(link) cannot be created: it is a symbolic link to \(data.path)/synced/todo.taskpaper, whose directory \(data.path)/synced does not exist\n"
      ), "\(added.errors)")
    let listed = try data.run(["--file", link, "list"])
    #expect(listed.status == 0)
    #expect(
      listed.errors
        == "taskman: \(link) is a symbolic link to \(data.path)/synced/todo.taskpaper, which does not exist, nor does its directory \(data.path)/synced.\n"
    )
    // With the directory made, the first change creates the target, and the link stays.
    try FileManager.default.createDirectory(atPath: data.path + "/synced", withIntermediateDirectories: false)
    let created = try data.run(["--file", link, "add", "x"])
    #expect(created.status == 0)
    #expect(
      created.errors
        == "taskman: \(link) is a symbolic link to \(data.path)/synced/todo.taskpaper, which does not exist yet; this change creates it.\n"
    )
    #expect(try String(contentsOfFile: data.path + "/synced/todo.taskpaper", encoding: .utf8) == "- x\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == data.path + "/synced/todo.taskpaper")
  }

  @Test func anEmptyPathOrALoopOfLinksIsAUsageErrorNotTheDefaultList() throws {
    // `--file "$LIST"` with `LIST` unset used to add to the default list without a word, and a
    // loop of links was said to be a file the first change would create.
    let data = try TaskmanDataDirectory()
    for (option, name) in [("--file", "--file"), ("--data-dir", "--data-dir")] {
      let result = try data.run([option, "", "add", "x"])
      #expect(result.status == 2)
      #expect(result.errors.hasPrefix("taskman: \(name) was given an empty path\n"), "\(result.errors)")
    }
    #expect(!FileManager.default.fileExists(atPath: data.dataFile))
    let (a, b) = (data.path + "/loopA.taskpaper", data.path + "/loopB.taskpaper")
    try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
    try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
    for command in [["list"], ["add", "x"]] {
      let result = try data.run(["--file", a] + command)
      #expect(result.status == 2)
      #expect(result.errors.hasPrefix("taskman: the task file \(a) is a loop of symbolic links\n"), "\(result.errors)")
    }
  }

  @Test func theDefaultFileLinkedIntoAFolderThatIsNotThereSaysSo() throws {
    // A default file linked into a synced folder not mounted yet: `list` used to show an empty
    // list without a word, and a change failed with status 3 and the system's error.
    let data = try TaskmanDataDirectory()
    try FileManager.default.createSymbolicLink(atPath: data.dataFile, withDestinationPath: data.path + "/Dropbox/tasks.taskpaper")
    let listed = try data.run(["list"])
    #expect(listed.status == 0)
    #expect(
      listed.errors
        == "taskman: \(data.dataFile) is a symbolic link to \(data.path)/Dropbox/tasks.taskpaper, which does not exist, nor does its directory \(data.path)/Dropbox.\n"
    )
    let added = try data.run(["add", "x"])
    #expect(added.status == 2)
    #expect(added.errors.hasPrefix("taskman: the task file \(data.dataFile) cannot be created: it is a symbolic link to \(data.path)/Dropbox/tasks.taskpaper, whose directory \(data.path)/Dropbox does not exist\n"), "\(added.errors)")
    #expect(!FileManager.default.fileExists(atPath: data.path + "/Dropbox"))
  }

  @Test func twentyDonesOnATenThousandTaskProjectAddWellUnderOnePercent() throws {
    let text = "Big:\n" + (0..<10_000).map { "\t- Task number \($0) with a reasonably long title @work\n" }.joined()
    let file = try UserFile(text)
    let all = try file.data.json(["--file", file.path, "list", "--json"])["items"] as? [[String: Any]] ?? []
    let ids = all.prefix(20).compactMap { $0["shortId"] as? String }
    try #require(ids.count == 20)
    // One process for the twenty commands, as a shell reloads before each one.
    let result = try file.run(["shell"], input: ids.map { "done \($0)\n" }.joined())
    #expect(result.status == 0, "\(result.errors)")
    let journal = try FileManager.default.attributesOfItem(atPath: file.data.stateDirectory(of: file.path) + "/tasks.journal")[.size] as? Int ?? .max
    let size = text.utf8.count
    #expect(journal * 100 < size, "the journal is \(journal) bytes for a \(size)-byte file")
    #expect(changedLineNumbers(text, file.text).count == 20)
  }

  @Test func importingTheSameFileTwiceAddsNothingTheSecondTime() throws {
    let file = try UserFile("Errands:\n\t- Buy milk\n")
    let inbox = try file.data.write("Errands:\n\t- Buy milk\n\t- Post letter\n- Read\n", to: "inbox.taskpaper")
    let first = try file.run(["import", inbox])
    #expect(first.output == "Imported 2 items; 2 were already in the list.\n")
    #expect(file.text == "Errands:\n\t- Buy milk\n\t- Post letter\n- Read\n")
    let second = try file.run(["import", inbox])
    #expect(second.output == "Imported 0 items; 4 were already in the list.\n")
    #expect(file.text == "Errands:\n\t- Buy milk\n\t- Post letter\n- Read\n")
    let appended = try file.run(["import", "--append", inbox])
    #expect(appended.output == "Imported 4 items.\n")
    #expect(file.text.hasSuffix("- Read\nErrands:\n\t- Buy milk\n\t- Post letter\n- Read\n"))
  }

  @Test func importedBlankLinesAreWrittenAsTheyWereNotIndentedLikeTheirNeighbours() throws {
    let file = try UserFile("")
    let text = "P:\n\t- a\n\n\t- b\n\t\t\n\t- c\n\n"
    let other = try file.data.write(text, to: "other.taskpaper")
    #expect(try file.run(["import", other]).status == 0)
    #expect(file.text == text)
  }

  @Test func importedBlankLinesComeInOnlyWithNewItemsAndTheFilesOwnStayPut() throws {
    let original = "\t\r\nA:\r\n\t- a1\r\n\r\nB:\r\n"
    let file = try UserFile(original)
    // Blank lines around items already there add nothing and move none of the file's.
    let same = try file.data.write("A:\n\n\t- a1\n\n\nB:\n\n", to: "same.taskpaper")
    #expect(try file.run(["import", same]).output == "Imported 0 items; 3 were already in the list.\n")
    #expect(file.text == original)
    // A new item brings the blank line before it; a trailing one comes after a new last item.
    let newer = try file.data.write("A:\n\t- a1\n\n\t- a2\nB:\n- c\n\n", to: "newer.taskpaper")
    #expect(try file.run(["import", newer]).output == "Imported 2 items; 3 were already in the list.\n")
    #expect(file.text == "\t\r\nA:\r\n\t- a1\r\n\r\n\t- a2\r\n\r\nB:\r\n- c\r\n\r\n")
    let imported = file.text
    #expect(try file.run(["import", newer]).output == "Imported 0 items; 5 were already in the list.\n")
    #expect(file.text == imported, "importing it again changes nothing")
    _ = try file.change(["undo"])
    #expect(file.text == original)
  }

  @Test func staleTemporaryFilesOfDeadProcessesAreRemovedAndNothingElse() throws {
    let file = try UserFile("- Buy milk\n")
    _ = try file.run(["add", "first"])
    let state = file.data.stateDirectory(of: file.path)
    let dead = "2147483646"
    // A save that died left its new version beside the file, marked in the state directory.
    let stale = [
      file.data.path + "/.todo.taskpaper.\(dead)-abc.tmp", state + "/.tasks.taskpaper.\(dead)-abc.saving",
      state + "/.tasks.ids.\(dead)-def.tmp",
    ]
    let kept = [
      file.data.path + "/.todo.taskpaper.\(getpid())-abc.tmp",  // a live process's
      file.data.path + "/.todo.taskpaper.\(dead)-fed.tmp",  // not marked: the folder is not listed
      file.data.path + "/.other.taskpaper.\(dead)-abc.tmp",  // another file's
      file.data.path + "/notes.tmp",
    ]
    for path in stale + kept { try Data("leftover".utf8).write(to: URL(fileURLWithPath: path)) }
    #expect(try file.run(["list"]).status == 0)
    #expect(stale.allSatisfy { FileManager.default.fileExists(atPath: $0) }, "a reading command removes nothing")
    #expect(try file.run(["add", "second"]).status == 0)
    for path in stale { #expect(!FileManager.default.fileExists(atPath: path), "\(path)") }
    for path in kept { #expect(FileManager.default.fileExists(atPath: path), "\(path)") }
  }

  @Test func withoutItsIdsUndoSaysWhyItCannotGoBackInsteadOfSkippingTheChange() throws {
    // The journal names items by the ids the index keeps. Once the index is gone (deleted, or
    // unreadable: empty, or zeros), the lines get ids derived from their text, and the task
    // taskman added is no longer the one the journal names: undo used to take the add as
    // already reverted, say “Undid”, and leave the task; redo then added it a second time.
    for damage in [nil, Data(), Data(count: 16 + 4 * 32)] {
      let file = try UserFile("Home:\n\t- Water plants\n\t- Fix the tap\n")
      #expect(try file.run(["add", "Call Bob"]).status == 0)
      let added = file.text
      let index = file.data.stateDirectory(of: file.path) + "/tasks.ids"
      if let damage {
        try damage.write(to: URL(fileURLWithPath: index))
      } else {
        try FileManager.default.removeItem(atPath: index)
      }
      let derived = try file.allIDs()
      #expect(Set(derived.keys) == ["Home", "Water plants", "Fix the tap", "Call Bob"])
      #expect(try file.allIDs() == derived, "ids derived from the text are the same from one command to the next")
      let undo = try file.run(["undo"])
      #expect(undo.status == 1)
      #expect(undo.errors.contains("There is nothing to undo: taskman's ids for this file (tasks.ids"), "\(undo.errors)")
      #expect(file.text == added)
      // The next change starts the journal anew, with the ids as the reading commands showed.
      let tap = try #require(derived["Fix the tap"])
      #expect(try file.change(["done", tap]) == [3])
      #expect(try file.allIDs() == derived.filter { $0.key != "Fix the tap" }, "done tasks are not listed")
      #expect(try file.ids()["Fix the tap"] == tap)
      #expect(try file.run(["undo"]).status == 0)
      #expect(file.text == added)
      #expect(try file.run(["undo"]).status == 1)
      #expect(try file.run(["redo"]).status == 0)
      #expect(try file.change(["undo"]) == [3])
    }
  }

  @Test func aLinkPlantedAsTheLockFileIsNeverFollowed() throws {
    let file = try UserFile("- Buy milk\n")
    _ = try file.run(["add", "first"])
    let state = file.data.stateDirectory(of: file.path)
    let victim = file.data.path + "/victim"
    try FileManager.default.removeItem(atPath: state + "/tasks.taskpaper.lock")
    try FileManager.default.createSymbolicLink(atPath: state + "/tasks.taskpaper.lock", withDestinationPath: victim)
    let result = try file.run(["add", "second"])
    #expect(result.status == 3)
    #expect(result.errors.contains("Could not lock \(state)/tasks.taskpaper.lock"))
    #expect(!FileManager.default.fileExists(atPath: victim))
    #expect(file.text == "- Buy milk\n- first\n")
  }

  @Test func aTaskListOfTaskman01IsMovedOverWithItsIds() throws {
    let data = try TaskmanDataDirectory()
    let outline = Outline(items: [
      Item(
        id: UUID(uuidString: "6F1C0D52-8D1E-4A8B-9B8E-0C3F1D2A4B11")!, kind: .project, title: "Errands",
        tags: [Tag(name: "home")],
        children: [
          Item(
            id: UUID(uuidString: "0B7A5E2C-1D4F-4E7A-8C3B-2A9D6E5F4C22")!, kind: .task, title: "Buy milk",
            tags: [Tag(name: "due", value: "2026-12-01")], level: 1,
            children: [Item(id: UUID(uuidString: "9D2E4F6A-3B5C-4D7E-8F9A-1B2C3D4E5F33")!, kind: .note, title: "Oat", level: 2)]
          )
        ]
      ),
      Item(id: UUID(uuidString: "2E8D7C6B-5A49-4B38-8C27-1D0E9F8A7B55")!, kind: .task, title: "Call Bob"),
    ])
    let legacy = data.path + "/tasks.taskman"
    let legacyBytes = TaskDocument.encode(outline) + Data("undo\nstep add “x”\n".utf8)
    try legacyBytes.write(to: URL(fileURLWithPath: legacy))

    let result = try data.run(["export", "--json"])
    #expect(result.status == 0)
    #expect(
      result.errors
        == "taskman: moved your 4 items from \(legacy) to \(data.dataFile), plain TaskPaper from now on; the old file was left as it was\n"
    )
    #expect(data.dataFileText == "Errands: @home\n\t- Buy milk @due(2026-12-01)\n\t\tOat\n- Call Bob\n")
    #expect(FileManager.default.contents(atPath: legacy) == legacyBytes)
    let exported = try #require(try data.json(["export", "--json"])["items"] as? [[String: Any]])
    #expect(exported.map { $0["id"] as? String } == ["6f1c0d52-8d1e-4a8b-9b8e-0c3f1d2a4b11", "2e8d7c6b-5a49-4b38-8c27-1d0e9f8a7b55"])
    let child = try #require((exported[0]["children"] as? [[String: Any]])?.first)
    #expect(child["id"] as? String == "0b7a5e2c-1d4f-4e7a-8c3b-2a9d6e5f4c22")
    #expect((child["children"] as? [[String: Any]])?.first?["id"] as? String == "9d2e4f6a-3b5c-4d7e-8f9a-1b2c3d4e5f33")
    // Once only.
    #expect(try data.run(["list"]).errors == "")
  }

  @Test func commandsStartedTogetherOnFirstUseMoveTheOldListOverOnceBeforeAnyChange() throws {
    let data = try TaskmanDataDirectory()
    let old = Outline(items: [Item(id: UUID(uuidString: "6F1C0D52-8D1E-4A8B-9B8E-0C3F1D2A4B11")!, kind: .task, title: "Old task")])
    try TaskDocument.encode(old).write(to: URL(fileURLWithPath: data.path + "/tasks.taskman"))
    // As long as it takes for each to get the lock: a loaded machine must not time them out.
    let running = try (1...6).map { try data.start(["add", "New \($0)"], environment: ["TASKMAN_LOCK_TIMEOUT": "3600"]) }
    let results = running.map { $0.wait() }
    #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.errors))")
    #expect(results.filter { $0.errors.hasPrefix("taskman: moved your 1 item from") }.count == 1)
    let lines = (data.dataFileText ?? "").split(separator: "\n")
    #expect(lines.first == "- Old task")
    #expect(Set(lines.dropFirst()) == Set((1...6).map { "- New \($0)" }[...]))
  }

  @Test func aFileRemovedByItsOwnerDoesNotBringTheOldListBack() throws {
    let data = try TaskmanDataDirectory()
    let old = Outline(items: [Item(id: UUID(), kind: .task, title: "Old task")])
    try TaskDocument.encode(old).write(to: URL(fileURLWithPath: data.path + "/tasks.taskman"))
    _ = try data.add("New")
    try FileManager.default.removeItem(atPath: data.dataFile)
    _ = try data.add("Fresh start")
    #expect(data.dataFileText == "- Fresh start\n")
  }

  @Test func importReadsAnyReadableFileAndStopsStandardInputAtTheLimit() throws {
    let file = try UserFile("- Buy milk\n")
    let empty = try file.run(["import", "/dev/null"])
    #expect(empty.status == 0, "\(empty.errors)")
    #expect(empty.output == "Imported 0 items.\n")

    let endless = try TaskmanProcess.start(
      ["--file", file.path, "import", "-"].map { Array($0.utf8) }, inputFile: "/dev/zero",
      environment: ["TASKMAN_DATA_DIR": file.data.path]
    ).wait()
    #expect(endless.status == 2)
    #expect(endless.errors.hasPrefix("taskman: standard input is over 64 MiB, the most 'import' reads\n"))
    #expect(file.text == "- Buy milk\n")
  }

  @Test func anEndlessShellLineStopsTheShell() throws {
    let file = try UserFile("- Buy milk\n")
    let result = try TaskmanProcess.start(
      ["--file", file.path, "shell"].map { Array($0.utf8) }, inputFile: "/dev/zero",
      environment: ["TASKMAN_DATA_DIR": file.data.path]
    ).wait()
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("taskman: line 1 is longer than 1048576 bytes, the most a shell line may be; the shell stopped there\n"))
    #expect(file.text == "- Buy milk\n")
  }
}


@Suite("taskman's output on files with odd contents")
struct OddContentsTests {
  @Test @MainActor func controlCharactersInTheFileAreShownAsReplacementsInTextAndEscapedInJSON() async throws {
    let data = try TaskmanDataDirectory()
    let text = "- Bell \u{07} and escape \u{1B}[31mred\u{1B}[0m @t(\u{1B})\n\tnote \u{7F} \u{9B}2J\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: data.dataFile))
    for command in [["list"], ["show", try #require(try data.listed().first?["shortId"] as? String)], ["tags"]] {
      let result = try data.run(command)
      #expect(result.status == 0, "\(command)")
      #expect(!result.output.unicodeScalars.contains { InputText.isControl($0) && $0 != "\n" && $0 != "\t" }, "\(command): \(result.output)")
    }
    // On a terminal, `export` shows them as the other commands do…
    let terminal = makeSession(outputIsTerminal: true, environment: ["TASKMAN_DATA_DIR": data.path])
    #expect(await Taskman.run(rawArguments: [Array("export".utf8)], session: terminal) == .success)
    #expect(terminal.output.text == "- Bell \u{FFFD} and escape \u{FFFD}[31mred\u{FFFD}[0m @t(\u{FFFD})\n\tnote \u{FFFD} \u{FFFD}2J\n")
    // …and into a file or a pipe it writes a copy, which `import` takes in as it is (it used to
    // refuse it, naming the character, though the task file itself reads it).
    #expect(try data.export() == text)
    let copy = try TaskmanDataDirectory()
    let exported = copy.path + "/exported.taskpaper"
    try Data(try data.export().utf8).write(to: URL(fileURLWithPath: exported))
    let imported = try copy.run(["import", exported])
    #expect(imported.status == 0, "\(imported.errors)")
    #expect(copy.dataFileText == text)
    let json = try data.run(["export", "--json"]).output
    #expect(json.contains(#""title": "Bell \u0007 and escape \u001b[31mred\u001b[0m""#))
    let items = try #require(try data.json(["export", "--json"])["items"] as? [[String: Any]])
    #expect(items.first?["title"] as? String == "Bell \u{07} and escape \u{1B}[31mred\u{1B}[0m", "JSON stays exact")
    #expect(data.dataFileText == text, "reading changes nothing")
  }

  @Test @MainActor func bidirectionalControlsInTheFileAreShownAsReplacementsAndKeptExactInJSON() async throws {
    // `invoice<U+202E>fdp.exe` would show as `invoiceexe.pdf` if printed as it is.
    let bidi: [Unicode.Scalar] = [
      "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
      "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    ]
    func isBidi(_ scalar: Unicode.Scalar) -> Bool { bidi.contains(scalar) }
    let data = try TaskmanDataDirectory()
    let text = """
      Bills\u{2067}:
      \t- invoice\u{202E}fdp.exe @due(2000-01-01) @t\u{200F}x
      \t\tnote \u{2066}a\u{2069} \u{200E} \u{061C} \u{202A}\u{202B}\u{202C}\u{202D}\u{2068}
      A\u{202E}:
      \tDup:
      B:
      \tDup:

      """
    try Data(text.utf8).write(to: URL(fileURLWithPath: data.dataFile))
    let id = try #require(try data.listed().first?["shortId"] as? String)
    for command in [["list"], ["list", "--all"], ["show", id], ["tags"], ["projects"], ["agenda"], ["done", id], ["undo"]] {
      let result = try data.run(command)
      #expect(result.status == 0, "\(command): \(result.errors)")
      #expect(!result.output.unicodeScalars.contains(where: isBidi), "\(command): \(result.output)")
    }
    #expect(try data.run(["list"]).output.contains("invoice\u{FFFD}fdp.exe"))
    // Messages that quote the file's text show them the same way.
    let ambiguous = try data.run(["add", "x", "--project", "Dup"])
    #expect(ambiguous.status == 2)
    #expect(ambiguous.errors.contains("“A\u{FFFD}/Dup”"), "\(ambiguous.errors)")
    #expect(!ambiguous.errors.unicodeScalars.contains(where: isBidi), "\(ambiguous.errors)")
    // On a terminal, `export` shows them as the other commands do; into a pipe it writes a copy.
    let terminal = makeSession(outputIsTerminal: true, environment: ["TASKMAN_DATA_DIR": data.path])
    #expect(await Taskman.run(rawArguments: [Array("export".utf8)], session: terminal) == .success)
    #expect(!terminal.output.text.unicodeScalars.contains(where: isBidi))
    #expect(try data.export() == text)
    // JSON keeps the exact characters.
    #expect((try data.listed().first?["title"] as? String)?.hasPrefix("invoice\u{202E}fdp.exe @due(2000-01-01) @t\u{200F}x") == true)
    #expect(data.dataFileText == text, "reading, and a change undone, change nothing")
  }

  @Test func bidirectionalControlsAreRefusedInTypedTextAsControlCharactersAre() throws {
    let file = try UserFile("- Buy milk\n")
    let id = try #require(try file.ids()["Buy milk"])
    let attempts: [[String]] = [
      ["add", "invoice\u{202E}fdp.exe"], ["add", "a\u{2066}b"], ["edit", id, "Buy \u{200F}milk"],
      ["tag", id, "@x\u{202D}"], ["note", id, "see \u{061C}here"],
    ]
    for attempt in attempts {
      let result = try file.run(attempt)
      #expect(result.status == 2, "\(attempt)")
      #expect(result.errors.contains("contains a bidirectional control (U+"), "\(attempt): \(result.errors)")
      #expect(!result.errors.unicodeScalars.contains { (0x2066...0x2069).contains($0.value) || (0x202A...0x202E).contains($0.value) || [0x061C, 0x200E, 0x200F].contains($0.value) })
    }
    let override = try file.run(["add", "invoice\u{202E}fdp.exe"])
    #expect(override.errors.hasPrefix(#"taskman: argument 4 contains a bidirectional control (U+202E, a right-to-left override): "invoice\u{202E}fdp.exe""#), "\(override.errors)")
    #expect(file.text == "- Buy milk\n")
  }

  @Test func showingADeepChainAsJSONTakesOutputLinearInTheFile() throws {
    let data = try TaskmanDataDirectory()
    let depth = 2_000
    let text = (0..<depth).map { String(repeating: "\t", count: $0) + "- level \($0)\n" }.joined()
    try Data(text.utf8).write(to: URL(fileURLWithPath: data.dataFile))
    let top = try #require(try data.listed().first?["shortId"] as? String)
    let result = try data.run(["show", top, "--json"])
    #expect(result.status == 0, "\(result.errors)")
    // The TaskPaper text of the chain (its tabs) is in the output once, escaped; the JSON
    // around it adds a bounded amount per item, however deep.
    #expect(result.output.utf8.count < 3 * text.utf8.count + 1_000 * depth)
    // Every level is there (Foundation's JSON reader stops at 512 levels of nesting, so the
    // titles are counted instead).
    #expect(result.output.components(separatedBy: "\"title\": \"level ").count - 1 == depth)
    #expect(result.output.components(separatedBy: "\"children\": []").count - 1 == 1)
  }
}

@Suite("taskman on a read-only file system", .serialized)
struct ReadOnlyFileSystemTests {
  /// Runs `mount` with `arguments`; true when it succeeded.
  private func mount(_ arguments: [String]) throws -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/mount")
    process.arguments = arguments
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  @Test(.enabled(if: geteuid() == 0, "needs root to make a read-only bind mount"))
  func readingCommandsWorkAndChangesAreRefusedClearly() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("Buy milk")
    let before = data.dataFileBytes
    try #require(try mount(["--bind", data.path, data.path]), "mount --bind failed")
    defer { _ = try? mount(["-o", "remount,rw,bind", data.path]); _ = try? Process.run(URL(fileURLWithPath: "/bin/umount"), arguments: [data.path]).waitUntilExit() }
    try #require(try mount(["-o", "remount,ro,bind", data.path]), "remount read-only failed")

    for command in [["list"], ["tags"], ["export"], ["list", "--json"]] {
      let result = try data.run(command)
      #expect(result.status == 0, "\(command): \(result.errors)")
    }
    #expect(try data.run(["list"]).output.hasSuffix("  - Buy milk\n"))
    let refused = try data.run(["add", "Call Bob"])
    #expect(refused.status == 3)
    #expect(refused.errors.contains("read-only"), "\(refused.errors)")
    #expect(data.dataFileBytes == before)
  }
}

@Suite("taskman's state directory, where another user could reach it")
struct StateDirectoryTrustTests {
  /// What is in `directory` and under it, by path, with each file's bytes.
  private func contents(of directory: String) -> [String: Data] {
    var found: [String: Data] = [:]
    for case let name as String in FileManager.default.enumerator(atPath: directory)?.allObjects ?? [] {
      found[name] = FileManager.default.contents(atPath: directory + "/" + name) ?? Data()
    }
    return found
  }

  @Test func aStateDirectoryThatIsALinkIsRefusedAndNothingIsWrittenThroughIt() throws {
    let file = try UserFile("- Buy milk\n")
    let theirs = try TaskmanDataDirectory()
    // Another user of a shared data directory points `state` at a directory of theirs.
    try FileManager.default.createSymbolicLink(atPath: file.data.path + "/state", withDestinationPath: theirs.path)
    for command in [["add", "Pay rent"], ["list"], ["undo"], ["doctor"]] {
      let result = try file.run(command)
      #expect(result.status == 3, "\(command): \(result.errors)")
      #expect(
        result.errors.hasPrefix("taskman: the state directory \(file.data.path)/state is a symbolic link (to \(theirs.path))"),
        "\(command): \(result.errors)"
      )
      #expect(result.errors.contains("Remove the link"), "\(command): \(result.errors)")
    }
    #expect(contents(of: theirs.path).isEmpty, "nothing was written through the link")
    #expect(file.text == "- Buy milk\n")
  }

  @Test func aFilesStateDirectoryThatIsALinkIsRefusedAndItsJournalNeitherReadNorReplaced() throws {
    let file = try UserFile("- Buy milk\n")
    _ = try file.change(["add", "Pay rent"])
    let state = file.data.stateDirectory(of: file.path)
    let theirs = try TaskmanDataDirectory()
    // The per-file directory is replaced by a link to a copy of it, which its owner controls.
    try FileManager.default.moveItem(atPath: state, toPath: theirs.path + "/copy")
    try FileManager.default.createSymbolicLink(atPath: state, withDestinationPath: theirs.path + "/copy")
    let before = contents(of: theirs.path)
    for command in [["add", "Call mom"], ["undo"], ["list"]] {
      let result = try file.run(command)
      #expect(result.status == 3, "\(command): \(result.errors)")
      #expect(result.errors.hasPrefix("taskman: the state directory \(state) is a symbolic link (to \(theirs.path)/copy)"), "\(command): \(result.errors)")
    }
    #expect(contents(of: theirs.path) == before)
    #expect(file.text == "- Buy milk\n- Pay rent\n")
  }

  @Test(.enabled(if: geteuid() == 0, "needs root to give a directory to another user"))
  func aStateDirectoryOfAnotherUserIsRefusedEvenForTheSuperuser() throws {
    let file = try UserFile("- Buy milk\n")
    _ = try file.change(["add", "Pay rent"])
    let state = file.data.stateDirectory(of: file.path)
    let nobody: uid_t = 65534
    for directory in [file.data.path + "/state", state] {
      try #require(chown(directory, nobody, gid_t(nobody)) == 0)
      let before = contents(of: state)
      for command in [["add", "Call mom"], ["undo"], ["list"]] {
        let result = try file.run(command)
        #expect(result.status == 3, "\(directory) \(command): \(result.errors)")
        #expect(result.errors.hasPrefix("taskman: the state directory \(directory) belongs to "), "\(command): \(result.errors)")
        #expect(result.errors.contains("not to root"), "\(command): \(result.errors)")
      }
      #expect(contents(of: state) == before)
      #expect(file.text == "- Buy milk\n- Pay rent\n")
      try #require(chown(directory, 0, 0) == 0)
    }
    // Given back, it is used again.
    let undo = try file.run(["undo"])
    #expect(undo.status == 0, "\(undo.errors)")
    #expect(file.text == "- Buy milk\n")
  }
}
