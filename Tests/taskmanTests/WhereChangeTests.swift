#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import Testing

/// `done`, `undone`, `tag`, `untag`, `move`, `delete` and `archive` with `--where '<search>'`.
@Suite("taskman changes with --where")
struct WhereChangeTests {
  /// A file as people leave them: CRLF, tabs and spaces mixed, no final line break.
  static let text =
    "Errands:\r\n\t- Buy milk @errand\r\n\t- Post office @errand\r\n\t  - Stamps @errand\r\n Notes on errands\r\nHome:\r\n\t- Paint @due(2026-12-01)"

  /// A data directory whose task file is ``text``.
  private func directory(_ text: String = Self.text) throws -> TaskmanDataDirectory {
    let data = try TaskmanDataDirectory()
    try Data(text.utf8).write(to: URL(fileURLWithPath: data.dataFile))
    return data
  }

  /// Undoes the last change, which must be one: the file is `text` again, byte for byte.
  private func expectOneUndoRestores(_ data: TaskmanDataDirectory, _ text: String = Self.text, sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(try data.run(["undo"]).status == 0, sourceLocation: sourceLocation)
    #expect(data.dataFileText == text, sourceLocation: sourceLocation)
  }

  // MARK: done and undone

  @Test func doneWithYesMarksEveryFoundItemInOneChange() throws {
    let data = try directory()
    let result = try data.run(["done", "--where", "@errand and not @done", "--yes"])
    #expect(result.status == 0)
    #expect(result.errors == "3 items match '@errand and not @done'.\n")
    let lines = linesWithoutIDs(result.output)
    #expect(lines.count == 3)
    #expect(lines.allSatisfy { $0.contains("@errand @done(") })
    let file = try #require(data.dataFileText)
    #expect(file.components(separatedBy: "@done(").count == 4)
    #expect(file.hasSuffix("\r\nHome:\r\n\t- Paint @due(2026-12-01)"))
    try expectOneUndoRestores(data)
    // Undone the same way.
    #expect(try data.run(["done", "--where", "@errand", "--yes"]).status == 0)
    let undone = try data.run(["undone", "--where", "@done", "--yes"])
    #expect(undone.status == 0)
    #expect(undone.errors == "3 items match '@done'.\n")
    #expect(data.dataFileText == Self.text)
  }

  @Test func withoutATerminalSeveralItemsNeedYes() throws {
    let data = try directory()
    let result = try data.run(["done", "--where", "@errand"], input: "y\n")
    #expect(result.status == 5)
    #expect(result.output.isEmpty)
    #expect(
      result.errors == """
        3 items match '@errand'.
        taskman: 'done' needs a confirmation, but standard input is not a terminal; nothing was changed
        Run it again with --yes to go ahead without asking.

        """
    )
    #expect(data.dataFileText == Self.text)
  }

  @Test func oneFoundItemIsChangedWithoutAsking() throws {
    let data = try directory()
    let result = try data.run(["done", "--where", "Paint"])
    #expect(result.status == 0)
    #expect(result.errors == "1 item matches 'Paint'.\n")
    #expect(linesWithoutIDs(result.output).first?.hasPrefix("Paint @due(2026-12-01) @done(") == true)
    try expectOneUndoRestores(data)
  }

  @Test @MainActor func onATerminalItAsksAndTheAnswerNoChangesNothing() async throws {
    let data = try directory()
    let declined = await data.runAtTerminal(["done", "--where", "@errand"], input: "n\n")
    #expect(declined.status == 0)
    #expect(declined.output.isEmpty)
    #expect(
      declined.errors == "3 items match '@errand'.\nAre you sure?\nMark the 3 items done?\nDone or Cancel? [d/C] Nothing was changed.\n"
    )
    #expect(data.dataFileText == Self.text)
    let accepted = await data.runAtTerminal(["done", "--where", "@errand"], input: "d\n")
    #expect(accepted.status == 0)
    #expect(linesWithoutIDs(accepted.output).count == 3)
    #expect(data.dataFileText?.components(separatedBy: "@done(").count == 4)
    try expectOneUndoRestores(data)
  }

  @Test func aShellAsksAndReadsThePipedAnswer() throws {
    let data = try directory()
    let result = try data.run(["shell"], input: "tag --where @errand @today\nyes\nuntag --where @today today\ncancel\n")
    #expect(result.status == 0)
    #expect(linesWithoutIDs(result.output).allSatisfy { $0.contains("@today") })
    #expect(
      result.errors == """
        3 items match '@errand'.
        Are you sure?
        Add @today to the 3 items?
        Tag or Cancel? [t/C] 3 items match '@today'.
        Are you sure?
        Remove @today from the 3 items?
        Untag or Cancel? [u/C] Nothing was changed.

        """
    )
    #expect(data.dataFileText?.components(separatedBy: "@today").count == 4)
  }

  @Test func anItemChangedElsewhereWhileTheQuestionWaitsStopsTheChange() throws {
    let data = try directory()
    let milk = try #require(try data.listed(["--search", "Buy milk"]).first?["shortId"] as? String)
    // As delete's test: the shell asks on a FIFO and reads the answer from another, so that the
    // file can be changed while the question waits (the file is not locked then).
    let input = data.path + "/answers", errors = data.path + "/questions"
    try #require(mkfifo(input, 0o600) == 0 && mkfifo(errors, 0o600) == 0)
    let answers = open(input, O_RDWR | O_CLOEXEC), questions = open(errors, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    try #require(answers >= 0 && questions >= 0 && fcntl(questions, F_SETFL, 0) == 0)
    let shell = try TaskmanProcess.start(
      [Array("shell".utf8)], inputFile: input, errorsFile: errors, environment: ["TASKMAN_DATA_DIR": data.path]
    )
    func write(_ text: String) { _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(answers, $0.baseAddress, text.utf8.count) } }
    var asked: [UInt8] = []
    func readUntil(_ text: String) {
      var buffer = [UInt8](repeating: 0, count: 256)
      while !String(decoding: asked, as: UTF8.self).contains(text) {
        let count = read(questions, &buffer, buffer.count)
        if count <= 0 { return }
        asked += buffer[..<count]
      }
    }
    write("done --where @errand\n")
    readUntil("Done or Cancel? [d/C] ")
    #expect(try data.run(["tag", milk, "@x"]).status == 0)
    let changed = data.dataFileText
    write("d\n")
    close(answers)
    readUntil("\u{0}")  // to the end
    close(questions)
    let result = shell.wait()
    #expect(
      String(decoding: asked, as: UTF8.self).contains(
        "taskman: line 1: what '@errand' matches changed elsewhere while you answered; nothing was changed\n"
      )
    )
    #expect(result.output.isEmpty)
    #expect(data.dataFileText == changed)
  }

  @Test func repeatingTasksFoundEachRepeat() throws {
    let text = "- Rent @due(2027-01-31) @repeat(monthly)\n- Water @due(2027-01-04) @repeat(weekly)\n- Plain\n"
    let data = try directory(text)
    let result = try data.run(["done", "--where", "@repeat", "--yes"])
    #expect(result.status == 0)
    let lines = try #require(data.dataFileText).split(separator: "\n")
    #expect(lines.count == 5)
    #expect(lines[1] == "- Rent @due(2027-02-28) @repeat(monthly on 31)")
    #expect(lines[3] == "- Water @due(2027-01-11) @repeat(weekly)")
    #expect(result.output.split(separator: "\n").filter { $0.hasPrefix("Next: ") }.count == 2)
    try expectOneUndoRestores(data, text)
  }

  // MARK: Refusals

  @Test func nothingFoundIsExitOneAndChangesNothing() throws {
    let data = try directory()
    for command in [["done"], ["undone"], ["tag"], ["untag"], ["move"], ["delete"]] {
      let extra = command == ["tag"] ? ["@x"] : command == ["untag"] ? ["x"] : command == ["move"] ? ["--top"] : []
      let result = try data.run(command + ["--where", "@nothing", "--yes"] + extra)
      #expect(result.status == 1, "\(command)")
      #expect(result.output.isEmpty)
      #expect(
        result.errors == "taskman: no item matches '@nothing'; nothing was changed\nSee what a search finds with 'taskman query'.\n",
        "\(command)"
      )
    }
    #expect(data.dataFileText == Self.text)
  }

  @Test func aSearchThatDoesNotParseIsAUsageErrorWithACaret() throws {
    let data = try directory()
    let result = try data.run(["done", "--where", "@due <", "--yes"])
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("taskman: the --where search does not parse: "))
    #expect(result.errors.contains("\n  @due <\n        ^\n"))
    #expect(data.dataFileText == Self.text)
  }

  @Test func idsAndWhereTogetherOrNeitherAreUsageErrors() throws {
    let data = try directory()
    let id = try #require(try data.listed(["--search", "Paint"]).first?["shortId"] as? String)
    for command in [["done", id], ["undone", id], ["delete", id], ["move", id, "--top"]] {
      let both = try data.run(command + ["--where", "@errand"])
      #expect(both.status == 2, "\(command)")
      #expect(both.errors.hasPrefix("taskman: <id> and --where cannot be given together ('\(id)')\n"), "\(command)")
      #expect(both.errors.contains("Give <id>, or --where <search> to act on what it finds, not both.") || both.errors.contains("Give <id> ..., or --where <search> to act on what it finds, not both."))
    }
    let tagged = try data.run(["tag", id, "@x", "--where", "@errand"])
    #expect(tagged.status == 2)
    #expect(tagged.errors.hasPrefix("taskman: '\(id)' is not a tag: with --where, every word after the command is a tag to add\n"))
    let neither = try data.run(["done"])
    #expect(neither.status == 2)
    #expect(neither.errors.hasPrefix("taskman: missing <id>\n"))
    #expect(neither.errors.contains("Give <id> ..., or --where <search> to act on what it finds."))
    #expect(data.dataFileText == Self.text)
  }

  // MARK: tag and untag

  @Test func tagAndUntagEveryFoundItem() throws {
    let data = try directory()
    let tagged = try data.run(["tag", "--where", "project Errands//task", "@today", "@due(2026-12-24)", "--yes"])
    #expect(tagged.status == 0)
    #expect(tagged.errors == "3 items match 'project Errands//task'.\n")
    #expect(linesWithoutIDs(tagged.output).map { $0.contains("@errand @today @due(2026-12-24)") } == [true, true, true])
    #expect(
      data.dataFileText
        == "Errands:\r\n\t- Buy milk @errand @today @due(2026-12-24)\r\n\t- Post office @errand @today @due(2026-12-24)\r\n\t  - Stamps @errand @today @due(2026-12-24)\r\n Notes on errands\r\nHome:\r\n\t- Paint @due(2026-12-01)"
    )
    try expectOneUndoRestores(data)

    let untagged = try data.run(["untag", "--where", "@errand", "errand", "flag", "--yes"])
    #expect(untagged.status == 0)
    #expect(untagged.errors == "3 items match '@errand'.\ntaskman: none of the 3 items had @flag to remove.\n")
    #expect(data.dataFileText?.contains("@errand") == false)
    try expectOneUndoRestores(data)
  }

  // MARK: move

  @Test func moveTakesAFoundChildAlongWithItsFoundParent() throws {
    let data = try directory()
    let result = try data.run(["move", "--where", "@errand", "--project", "Home", "--yes"])
    #expect(result.status == 0)
    #expect(result.errors == "3 items match '@errand'.\n")
    // Stamps is under Post office: it moves with it, and is not reported apart.
    #expect(linesWithoutIDs(result.output.replacingOccurrences(of: "Moved ", with: "")) == ["Buy milk @errand  (Home)", "Post office @errand  (Home)"])
    #expect(result.output.split(separator: "\n").allSatisfy { $0.hasPrefix("Moved ") })
    #expect(
      data.dataFileText
        == "Errands:\r\n Notes on errands\r\nHome:\r\n\t- Paint @due(2026-12-01)\r\n\t- Buy milk @errand\r\n\t- Post office @errand\r\n\t  - Stamps @errand"
    )
    try expectOneUndoRestores(data)
  }

  @Test @MainActor func moveOnATerminalAsksAndSaysWhatMovesAlong() async throws {
    let data = try directory()
    let result = await data.runAtTerminal(["move", "--where", "@errand", "--top-level"], input: "\n")
    #expect(result.status == 0)
    #expect(result.errors == "3 items match '@errand'.\nAre you sure?\nMove the 2 items (with the 1 found under them)?\nMove or Cancel? [m/C] Nothing was changed.\n")
    #expect(data.dataFileText == Self.text)
  }

  @Test func moveWithJSONPrintsTheMovedItems() throws {
    let data = try directory()
    let document = try data.json(["move", "--where", "@errand", "--top", "--yes", "--json"])
    let items = try #require(document["items"] as? [[String: Any]])
    #expect(items.map { $0["title"] as? String } == ["Buy milk", "Post office"])
    #expect(document["createdProject"] is NSNull)
  }

  // MARK: delete

  @Test @MainActor func deleteAsksOnceAndDeletesEachFoundItemOnce() async throws {
    let data = try directory()
    let asked = await data.runAtTerminal(["delete", "--where", "@errand or Paint"], input: "c\n")
    #expect(
      asked.errors
        == "4 items match '@errand or Paint'.\nAre you sure?\nDelete the 3 items and the 1 item under them?\nDelete or Cancel? [d/C] Nothing was changed.\n"
    )
    #expect(data.dataFileText == Self.text)
    let result = try data.run(["delete", "--where", "@errand or Paint", "--yes"])
    #expect(result.status == 0)
    #expect(result.output.split(separator: "\n").map { $0.hasPrefix("Deleted ") } == [true, true, true])
    #expect(data.dataFileText == "Errands:\r\n Notes on errands\r\nHome:")
    #expect(try data.run(["undo"]).output == "Undid: delete “Buy milk”, “Post office”, “Paint”\n")
    #expect(data.dataFileText == Self.text)
  }

  @Test func deleteOfOneFoundItemAsksAsForAnID() throws {
    let data = try directory()
    let result = try data.run(["delete", "--where", "Paint"])
    #expect(result.status == 5)
    #expect(result.errors.hasPrefix("1 item matches 'Paint'.\ntaskman: 'delete' needs a confirmation"))
    #expect(data.dataFileText == Self.text)
  }

  // MARK: archive

  @Test func archiveWhereArchivesOnlyTheFoundDoneItems() throws {
    let text = "Work:\r\n\t- Plan @done(2026-11-20)\r\n - Ship @done\r\nHome:\r\n\t- Paint @done"
    let data = try directory(text)
    let nothing = try data.run(["archive", "--where", "project Work//Open"])
    #expect(nothing.status == 0)
    #expect(nothing.output == "Nothing to archive: no done item outside the Archive: project matches 'project Work//Open'.\n")
    let result = try data.run(["archive", "--where", "project Work//task"])
    #expect(result.status == 0)
    #expect(result.output == "Archived 2 done items.\n")
    #expect(
      data.dataFileText
        == "Work:\r\nHome:\r\n\t- Paint @done\r\nArchive:\r\n\t- Plan @done(2026-11-20) @project(Work)\r\n\t- Ship @done @project(Work)"
    )
    try expectOneUndoRestores(data, text)
    #expect(try data.run(["archive", "--where", "@due <"]).status == 2)
  }
}
