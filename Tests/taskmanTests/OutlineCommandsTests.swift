#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import Testing

@testable import TaskmanCLI

/// The short id `list` shows for the line with `text`.
private func id(of text: String, in output: String) throws -> String {
  let line = try #require(output.split(separator: "\n").first { $0.hasSuffix(text) }, "no line \(text) in \(output)")
  return String(line.prefix { $0 != " " })
}

@Suite("taskman's outline commands")
struct OutlineCommandsTests {
  @Test func addGoesIntoProjectsAndUnderItemsAndKeepsTextAfterTheMarker() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("Paint the fence", "--project", "Home")
    _ = try data.add("Buy milk", "--project", "home")
    let list = try data.run(["list"]).output
    let milk = try id(of: "- Buy milk", in: list)
    _ = try data.add("Semi-skimmed", "--under", milk)
    _ = try data.add("- Already dashed task")
    _ = try data.add("--", "-5 degrees: bring a coat")
    _ = try data.add("Call Bob @due(tomorrow)")
    #expect(
      data.dataFileText?.replacing(#/@due\(\d{4}-\d\d-\d\d\)/#, with: "@due(DAY)") == """
        Home:
        \t- Paint the fence
        \t- Buy milk
        \t\t- Semi-skimmed
        - Already dashed task
        - -5 degrees: bring a coat
        - Call Bob @due(DAY)

        """
    )
    #expect(try data.listedTitles() == ["Paint the fence", "Buy milk", "Semi-skimmed", "Already dashed task", "-5 degrees: bring a coat", "Call Bob"])
    let both = try data.run(["add", "x", "--project", "Home", "--under", milk])
    #expect(both.status == 2)
    #expect(both.errors.hasPrefix("taskman: --project and --under cannot go together\n"))
  }

  @Test func projectsNotesAndMoves() throws {
    let data = try TaskmanDataDirectory()
    let errands = try data.run(["project", "Errands"])
    #expect(errands.status == 0)
    let again = try data.run(["project", "errands"])
    #expect(again.status == 2)
    #expect(again.errors.hasPrefix("taskman: There is already a project “Errands”.\n"))
    let milk = try data.add("Buy milk", "--project", "Errands")
    _ = try data.add("Post letter @done", "--project", "Errands")
    let loose = try data.add("Loose end")

    let projects = try data.run(["projects"])
    #expect(projects.output.split(separator: "\n").map { String($0.drop { $0 != " " }.dropFirst(2)) } == ["Errands  1 open, 1 done"])
    let json = try data.json(["projects", "--json"])["projects"] as? [[String: Any]]
    #expect(json?.first?["openTasks"] as? Int == 1)
    #expect(json?.first?["doneTasks"] as? Int == 1)
    #expect(json?.first?["title"] as? String == "Errands")

    let note = try data.run(["note", milk, "Semi-skimmed,", "not", "whole."])
    #expect(note.status == 0, "\(note.errors)")
    let task = try data.run(["note", milk, "- a task"])
    #expect(task.status == 2)
    #expect(task.errors.contains("A line starting with “- ” is a task"))

    let moved = try data.run(["move", loose, "--before", milk])
    #expect(moved.status == 0, "\(moved.errors)")
    #expect(moved.output == "Moved \(loose)  Loose end  (Errands)\n")
    let afterMove = try data.run(["list"]).output
    #expect(linesWithoutIDs(afterMove) == ["Errands:", "  - Loose end", "  - Buy milk", "    Semi-skimmed, not whole."], "\(afterMove)")
    let intoItself = try data.run(["move", milk, "--under", milk])
    #expect(intoItself.status == 2)
    #expect(intoItself.errors.hasPrefix("taskman: “Buy milk” cannot go inside itself or an item under it.\n"))
    let noPlace = try data.run(["move", milk])
    #expect(noPlace.status == 2)
    #expect(noPlace.errors.hasPrefix("taskman: move needs a place to move the item to\n"))

    #expect(try data.run(["undo"]).output == "Undid: move “Loose end”\n")
    let afterUndo = try data.run(["list"]).output
    #expect(linesWithoutIDs(afterUndo) == ["Errands:", "  - Buy milk", "    Semi-skimmed, not whole.", "- Loose end"], "\(afterUndo)")

    let movedJSON = try data.json(["move", loose, "--project", "Someday", "--json"])
    let item = movedJSON["item"] as? [String: Any]
    #expect(item?["shortId"] as? String == loose)
    #expect(item?["title"] as? String == "Loose end")
    #expect(item?["project"] as? String == "Someday")
    #expect(movedJSON["createdProject"] as? String == "Someday")
    let intoErrands = try data.json(["move", loose, "--project", "errands", "--json"])
    #expect((intoErrands["item"] as? [String: Any])?["project"] as? String == "Errands")
    #expect(intoErrands["createdProject"] is NSNull)
  }

  @Test func theAgendaGroupsWhatIsDue() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("Renew passport @due(2000-01-01)")
    _ = try data.add("Call Bob @due(+3d)")
    _ = try data.add("Pay rent @due(today)")
    _ = try data.add("Far off @due(+30d)")
    _ = try data.add("Done already @due(2000-01-01) @done")
    let agenda = try data.run(["agenda"])
    #expect(agenda.status == 0)
    let lines = agenda.output.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      // Ids and dates vary; the shape does not.
      line.replacing(#/  [0-9a-f]{4,}  /#, with: "  ID  ").replacing(#/\d{4}-\d\d-\d\d/#, with: "DAY")
    }
    #expect(
      lines == [
        "Overdue", "  ID  Renew passport @due(DAY)", "", "Today", "  ID  Pay rent @due(DAY)", "", "Next 7 days",
        "  ID  Call Bob @due(DAY)", "",
      ]
    )
    // On a terminal, an overdue line is red from its id on, indented outside the colour.
    let colored = try data.run(["agenda", "--color", "always"]).output.split(separator: "\n").map(String.init)
    #expect(colored.count == 6)
    #expect(colored[1].hasPrefix("  \u{1B}[31m") && colored[1].hasSuffix("\u{1B}[0m") && colored[1].contains("Renew passport"))
    #expect(colored[3].hasPrefix("  \u{1B}[33m") && colored[3].contains("\u{1B}[36m@due("), "ids and tags coloured: \(colored[3])")
    let json = try data.json(["agenda", "--json"])
    #expect((json["overdue"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Renew passport"])
    #expect((json["upcoming"] as? [[String: Any]])?.first?["due"] as? String != nil)
    #expect(try data.run(["agenda", "--days", "40"]).output.contains("Far off"))
    let empty = try TaskmanDataDirectory().run(["agenda"])
    #expect(empty.output == "Nothing is due in the next 7 days.\n")
  }

  @Test func theAgendaPutsATimedDeadlineBeforeAWholeDay() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("Whole day @due(2000-01-02)")
    _ = try data.add("At five @due(2000-01-02 17:00)")
    _ = try data.add("The day before @due(2000-01-01)")
    let json = try data.json(["agenda", "--json"])
    #expect((json["overdue"] as? [[String: Any]])?.map { $0["title"] as? String } == ["The day before", "At five", "Whole day"])
  }

  @Test func doctorReportsWhatToLookAtAndExitsOneThen() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("Fine @due(2026-12-01)")
    let clean = try data.run(["doctor"])
    #expect(clean.status == 0, "\(clean.output)")
    #expect(clean.output.hasSuffix("Nothing to look at.\n"))
    #expect(clean.output.contains("ids: kept beside the file, up to date"))

    let text = "- Fine @due(2026-12-01)\n- Soon @due(tomorow)\n \t- Mixed\n- Twice @home @home\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: data.dataFile))
    let found = try data.run(["doctor"])
    #expect(found.status == 1)
    let lines = found.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "\(data.dataFile): 4 lines (0 blank), UTF-8, LF line breaks, ends with a line break, indented with tabs on some lines and spaces on others")
    #expect(lines.contains { $0.hasPrefix("line 2 (") && $0.hasSuffix("): @due(tomorow) is not a date taskman reads; write it as YYYY-MM-DD (taskman tag \($0.dropFirst(8).prefix { $0 != ")" }) '@due(YYYY-MM-DD)' rewrites it; relative dates like tomorrow are welcome there)") })
    #expect(lines.contains { $0.hasPrefix("line 4 (") && $0.hasSuffix("): @home appears more than once on this item") })
    #expect(lines.last == "3 things to look at.")
    #expect(lines.contains("ids: the file was edited elsewhere since taskman's last change; its lines were matched again (the next change records them)"))
    let json = try JSONSerialization.jsonObject(with: Data(try data.run(["doctor", "--json"]).output.utf8)) as? [String: Any]
    #expect((json?["findings"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["unreadableDate", "mixedIndentation", "duplicateTag"])
    #expect(data.dataFileText == text, "doctor changes nothing")
  }

  @Test func doctorCountsAnUnreadableJournalAndSaysNothingOfTheLastLineOfAnEmptyFile() throws {
    let data = try TaskmanDataDirectory()
    try Data().write(to: URL(fileURLWithPath: data.dataFile))
    #expect(try data.run(["doctor"]).output.hasPrefix("\(data.dataFile): 0 lines (0 blank), UTF-8\n"))
    _ = try data.add("Fine")
    try Data("not a journal\n".utf8).write(to: URL(fileURLWithPath: data.stateDirectory + "/tasks.journal"))
    let found = try data.run(["doctor"])
    #expect(found.status == 1)
    #expect(found.output.contains("undo: the journal cannot be read ("))
    #expect(found.output.hasSuffix("1 thing to look at.\n"))
    #expect(try data.run(["doctor", "--json"]).status == 1)
    // Without the ids the journal's changes name, undo cannot go back: doctor says so too.
    _ = try data.add("More")
    for name in ["tasks.ids", ".tasks.ids.spare"] { try? FileManager.default.removeItem(atPath: data.stateDirectory + "/" + name) }
    let lost = try data.run(["doctor"])
    #expect(lost.status == 1)
    #expect(lost.output.contains("undo: 1 change recorded, but the ids they name are gone, so none can be undone"), "\(lost.output)")
    #expect(try data.run(["undo"]).status == 1)
  }

  @Test func doctorSaysWhenTheNewestChangeCannotBeUndoneAndSoNoneBeforeIt() throws {
    let data = try TaskmanDataDirectory()
    let milk = try data.add("Buy milk")
    _ = try data.add("Call Bob")
    #expect(try data.run(["done", milk]).status == 0)
    #expect(try data.run(["doctor"]).output.hasSuffix("Nothing to look at.\n"))
    // The line undo would change is deleted by hand.
    try Data("- Call Bob\n".utf8).write(to: URL(fileURLWithPath: data.dataFile))
    let found = try data.run(["doctor"])
    #expect(found.status == 1)
    #expect(found.output.contains("undo: the newest change, “done “Buy milk””, cannot be undone: “- Buy milk @done("), "\(found.output)")
    #expect(found.output.contains(" was deleted since; the changes before it cannot be undone either until it can"), "\(found.output)")
    #expect(found.output.contains("or drop it with 'taskman undo --skip'"), "the way past it: \(found.output)")
    #expect(found.output.hasSuffix("1 thing to look at.\n"))

    // A large change keeps its lines in a document of its own: without it, nothing can be undone.
    let other = try TaskmanDataDirectory()
    let imported = try other.write((1...80).map { "- Imported task number \($0) with a title long enough\n" }.joined(), to: "big.taskpaper")
    #expect(try other.run(["import", imported]).status == 0)
    let documents = try FileManager.default.contentsOfDirectory(atPath: other.stateDirectory).filter { $0.hasPrefix("tasks.journal.") }
    #expect(documents.count == 1, "\(documents)")
    for name in documents { try FileManager.default.removeItem(atPath: other.stateDirectory + "/" + name) }
    let lost = try other.run(["doctor"])
    #expect(lost.status == 1)
    #expect(lost.output.contains("undo: the newest change, “import"), "\(lost.output)")
    #expect(lost.output.contains("”, cannot be read ("), "\(lost.output)")
  }

  @Test func aJournalThatIsADirectoryIsLeftAndEachMessageSaysWhatToDo() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("Fine")
    let journal = data.stateDirectory + "/tasks.journal"
    try FileManager.default.removeItem(atPath: journal)
    try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: false)

    let doctor = try data.run(["doctor"])
    #expect(doctor.output.contains("remove or fix \(journal) by hand, and taskman's next change starts it anew"), "\(doctor.output)")
    let undo = try data.run(["undo"])
    #expect(undo.status == 1)
    #expect(undo.errors.hasPrefix("taskman: There is nothing to undo: "), "\(undo.errors)")
    #expect(!undo.errors.contains(".."), "one period: \(undo.errors)")
    let add = try data.run(["add", "More"])
    #expect(add.status == 3)
    #expect(add.errors.contains("the path holds something else (a directory,"), "\(add.errors)")
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: journal, isDirectory: &isDirectory) && isDirectory.boolValue, "left as it is")
  }

  @Test func editKeepsTagsItDoesNotName() throws {
    let data = try TaskmanDataDirectory()
    let milk = try data.add("Buy milk @errands @due(2026-11-25)")
    #expect(try data.run(["edit", milk, "Buy oat milk"]).output == "\(milk)  Buy oat milk @errands @due(2026-11-25)\n")
    #expect(try data.run(["edit", milk, "Buy soy milk @today @ERRANDS(x)"]).output == "\(milk)  Buy soy milk @ERRANDS(x) @due(2026-11-25) @today\n")
    #expect(try data.run(["edit", milk, "Buy soy milk @today", "--replace-tags"]).output == "\(milk)  Buy soy milk @today\n")
    let project = try data.run(["project", "Home"]).output.trimmingCharacters(in: .newlines)
    #expect(try data.run(["edit", project, "House"]).status == 0)
    #expect(data.dataFileText == "- Buy soy milk @today\nHouse:\n")
  }

  @Test func editKeepsTagsWrittenInsideTheOldText() throws {
    let data = try TaskmanDataDirectory()
    try Data("- Pay @due(2026-12-01) rent @home\n- Call @bob about it\n".utf8).write(to: URL(fileURLWithPath: data.dataFile))
    let ids = try data.listed().compactMap { $0["shortId"] as? String }
    #expect(try data.run(["edit", ids[0], "Pay the rent"]).status == 0)
    #expect(try data.run(["edit", ids[1], "Call Bob"]).status == 0)
    #expect(data.dataFileText == "- Pay the rent @due(2026-12-01) @home\n- Call Bob @bob\n")
  }

  @Test func listSortsFlat() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("b @due(2026-12-03)")
    _ = try data.add("a @due(2026-12-05)")
    _ = try data.add("c @due(2026-12-01)")
    _ = try data.add("d")
    let titles = { (order: String) throws -> [String] in
      try linesWithoutIDs(data.run(["list", "--sort", order]).output).map { String($0.prefix(1)) }
    }
    #expect(try titles("due") == ["c", "b", "a", "d"])
    #expect(try titles("text") == ["a", "b", "c", "d"])
    #expect(try titles("created") == ["b", "a", "c", "d"])
  }
}

/// `taskman edit <id>` without text, with a scripted editor.
@Suite("taskman edit in an editor")
@MainActor
struct EditInEditorTests {
  /// An editor that replaces the file it is given with `text` (and, with `alsoChange`, changes
  /// the task file meanwhile, as another program would).
  private func editor(writing text: String, in data: TaskmanDataDirectory, alsoChange: String? = nil) throws -> String {
    let content = try data.write(text, to: "edited.taskpaper")
    var script = "#!/bin/sh\ncat '\(content)' > \"$1\"\n"
    if let alsoChange { script += "printf '%s' '\(alsoChange)' > '\(data.dataFile)'\n" }
    return Self.shellCommand(running: try data.write(script, to: "editor.sh"))
  }

  /// `$EDITOR` running `script` through `sh` rather than executing the file: a file just written
  /// cannot be executed while a process started meanwhile by a parallel test still holds it open
  /// for writing (ETXTBSY), however briefly.
  static func shellCommand(running script: String) -> String { "sh '\(script)'" }

  private func setUp() throws -> (TaskmanDataDirectory, String) {
    let data = try TaskmanDataDirectory()
    try Data("Trip:\n\t- Book train @today\n\t\tSeat 42\n\t- Pack\n- Other\n".utf8).write(to: URL(fileURLWithPath: data.dataFile))
    let list = try data.run(["list"]).output
    return (data, try id(of: "- Book train @today", in: list))
  }

  @Test func withoutATerminalItRefusesAndStartsNoEditor() throws {
    let (data, train) = try setUp()
    let marker = data.path + "/editor-ran"
    let script = Self.shellCommand(running: try data.write("#!/bin/sh\n: > '\(marker)'\n", to: "marker.sh"))
    let result = try data.run(["edit", train], environment: ["EDITOR": script])
    #expect(result.status == 2)
    #expect(
      result.errors == """
        taskman: 'edit \(train)' without text opens an editor, which needs a terminal, but neither standard input nor standard output is one; nothing was changed
        Run it in a terminal, or give the new text: taskman edit \(train) <text…>

        """
    )
    #expect(!FileManager.default.fileExists(atPath: marker), "no editor was started")
    #expect(data.dataFileText == "Trip:\n\t- Book train @today\n\t\tSeat 42\n\t- Pack\n- Other\n")
    // Text on the command line needs no terminal.
    #expect(try data.run(["edit", train, "Book the train"]).status == 0)
  }

  @Test func theRefusalNamesTheStreamThatIsNoTerminal() {
    #expect(throws: Never.self) { try OutlineEditing.checkTerminal(makeSession(inputIsTerminal: true, outputIsTerminal: true), id: "3f2a") }
    do throws(TaskmanError) {
      try OutlineEditing.checkTerminal(makeSession(inputIsTerminal: true), id: "3f2a")
      Issue.record("an editor with its output piped")
    } catch {
      #expect(error.message == "'edit 3f2a' without text opens an editor, which needs a terminal, but standard output is not one; nothing was changed")
    }
  }

  @Test func whatIsSavedReplacesTheItemAndItsChildrenAsOneChange() async throws {
    let (data, train) = try setUp()
    let before = try data.listed(["--all"]).compactMap { $0["shortId"] as? String }
    let script = try editor(writing: "- Book the train @today\n\tSeat 42, window\n\t- Print ticket\n", in: data)
    let result = await data.runAtTerminal(["edit", train], environment: ["EDITOR": script])
    #expect(result.status == 0, "\(result.errors)")
    #expect(data.dataFileText == "Trip:\n\t- Book the train @today\n\t\tSeat 42, window\n\t\t- Print ticket\n\t- Pack\n- Other\n")
    #expect(try data.listed(["--all"]).compactMap { $0["shortId"] as? String }.first == before.first, "the item keeps its id")
    #expect(try data.run(["undo"]).status == 0)
    #expect(data.dataFileText == "Trip:\n\t- Book train @today\n\t\tSeat 42\n\t- Pack\n- Other\n")
  }

  @Test func aSecondItemAtTheTopIsRefusedNamingItsLineAndTheTextIsKept() async throws {
    let (data, train) = try setUp()
    let script = try editor(writing: "- Book train\n- Stray\n", in: data)
    let result = await data.runAtTerminal(["edit", train], environment: ["VISUAL": script])
    #expect(result.status == 2)
    #expect(result.errors.contains(", line 2, starts a second item at the top; nothing was changed"))
    let kept = try #require(result.errors.firstMatch(of: #/Your text is kept in (\S+\.taskpaper)\./#)?.1)
    #expect(try String(contentsOfFile: String(kept), encoding: .utf8) == "- Book train\n- Stray\n")
    try? FileManager.default.removeItem(atPath: String(kept))
    #expect(data.dataFileText == "Trip:\n\t- Book train @today\n\t\tSeat 42\n\t- Pack\n- Other\n")
  }

  @Test func anEditorThatSavesCRLFIsReadLineByLine() async throws {
    let (data, train) = try setUp()
    let stray = try editor(writing: "- Book train\r\n- Stray\r\n", in: data)
    let refused = await data.runAtTerminal(["edit", train], environment: ["EDITOR": stray])
    #expect(refused.status == 2)
    #expect(refused.errors.contains(", line 2, starts a second item at the top; nothing was changed"), "\(refused.errors)")
    if let kept = refused.errors.firstMatch(of: #/Your text is kept in (\S+\.taskpaper)\./#)?.1 {
      try? FileManager.default.removeItem(atPath: String(kept))
    }
    #expect(data.dataFileText == "Trip:\n\t- Book train @today\n\t\tSeat 42\n\t- Pack\n- Other\n")
    // The file keeps its own line ends.
    let script = try editor(writing: "- Book the train @today\r\n\tSeat 42, window\r\n", in: data)
    #expect(await data.runAtTerminal(["edit", train], environment: ["EDITOR": script]).status == 0)
    #expect(data.dataFileText == "Trip:\n\t- Book the train @today\n\t\tSeat 42, window\n\t- Pack\n- Other\n")
  }

  @Test func aChangeMadeElsewhereWhileEditingIsNeverWrittenOver() async throws {
    let (data, train) = try setUp()
    let theirs = "Trip:\n\t- Book train @today @urgent\n- Other\n"
    let script = try editor(writing: "- Book train, mine\n", in: data, alsoChange: theirs)
    let result = await data.runAtTerminal(["edit", train], environment: ["EDITOR": script])
    #expect(result.status == 3)
    #expect(result.errors.hasPrefix("taskman: the item was changed elsewhere while you were editing it; nothing was written over that change\n"))
    #expect(data.dataFileText == theirs)
    if let kept = result.errors.firstMatch(of: #/Your text is kept in (\S+\.taskpaper)\./#)?.1 {
      #expect(try String(contentsOfFile: String(kept), encoding: .utf8) == "- Book train, mine\n")
      try? FileManager.default.removeItem(atPath: String(kept))
    } else {
      Issue.record("the kept text's path is not named: \(result.errors)")
    }
  }

  @Test func anEmptiedTextChangesNothingAndIsNotKept() async throws {
    let (data, train) = try setUp()
    let script = Self.shellCommand(running: try data.write("#!/bin/sh\n: > \"$1\"\n", to: "empty.sh"))
    let result = await data.runAtTerminal(["edit", train], environment: ["EDITOR": script])
    #expect(result.status == 2)
    let path = try #require(result.errors.firstMatch(of: #/taskman: (\S+\.taskpaper) is empty; nothing was changed\n/#)?.1)
    #expect(result.errors.hasSuffix("To delete the item, use: taskman delete \(train)\n"), "\(result.errors)")
    #expect(!FileManager.default.fileExists(atPath: String(path)))
    #expect(data.dataFileText == "Trip:\n\t- Book train @today\n\t\tSeat 42\n\t- Pack\n- Other\n")
  }

  @Test func anEditorThatRemovesItsFileIsToldSoAndNothingChanges() async throws {
    let (data, train) = try setUp()
    let script = Self.shellCommand(running: try data.write("#!/bin/sh\nrm \"$1\"\n", to: "remove.sh"))
    let result = await data.runAtTerminal(["edit", train], environment: ["EDITOR": script])
    #expect(result.status == 2)
    #expect(result.errors.contains(" back from the editor: the editor removed it\nNothing was changed."), "\(result.errors)")
    #expect(data.dataFileText == "Trip:\n\t- Book train @today\n\t\tSeat 42\n\t- Pack\n- Other\n")
  }

  @Test func savingTheTextUnchangedChangesNothing() async throws {
    let (data, train) = try setUp()
    let script = Self.shellCommand(running: try data.write("#!/bin/sh\nexit 0\n", to: "noop.sh"))
    let result = await data.runAtTerminal(["edit", train], environment: ["EDITOR": script])
    #expect(result.status == 0)
    #expect(result.output == "No changes.\n")
  }

  @Test func reIndentingWithoutChangingTheNestingChangesNothingAndLeavesNothingToUndo() async throws {
    // It used to record a change that wrote nothing, which `undo` then said it undid.
    let (data, train) = try setUp()
    let script = try editor(writing: "- Book train @today\n        Seat 42\n", in: data)
    let result = await data.runAtTerminal(["edit", train], environment: ["EDITOR": script])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "No changes.\n")
    #expect(data.dataFileText == "Trip:\n\t- Book train @today\n\t\tSeat 42\n\t- Pack\n- Other\n")
    let undo = try data.run(["undo"])
    #expect(undo.status == 1)
    #expect(undo.errors.hasPrefix("taskman: There is nothing to undo.\n"), "\(undo.errors)")
  }
}
