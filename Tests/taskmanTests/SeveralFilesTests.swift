import Foundation
import Testing

@testable import TaskmanCLI

/// `--file` given more than once, and the `files` setting: reading every file with each item's
/// file shown, ids unique across files, and each change made in its item's file alone.
@Suite("taskman with several files")
struct SeveralFilesTests {
  /// A data directory with two task files, `home.taskpaper` and `work.taskpaper`.
  struct TwoFiles {
    let data: TaskmanDataDirectory
    let home: String
    let work: String

    init(
      home homeText: String = "Home:\n\t- Paint the fence @weekend\n\t- Buy milk @errand\n",
      work workText: String = "Work:\n\t- Send the report @due(2020-01-01)\n\t- Call Ann @errand\n"
    ) throws {
      data = try TaskmanDataDirectory()
      home = try data.write(homeText, to: "home.taskpaper")
      work = try data.write(workText, to: "work.taskpaper")
    }

    /// Runs `taskman --file home --file work <arguments>`.
    func run(_ arguments: [String], input: String = "") throws -> TaskmanProcess.Result {
      try data.run(["--file", home, "--file", work] + arguments, input: input)
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// The items `list --json` prints, by title.
    func listed(_ arguments: [String] = []) throws -> [String: [String: Any]] {
      let result = try run(["list", "--json"] + arguments)
      try #require(result.status == 0, "list failed: \(result.errors)")
      let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
      let items = try #require(document["items"] as? [[String: Any]])
      return Dictionary(uniqueKeysWithValues: items.map { ($0["title"] as? String ?? "?", $0) })
    }
  }

  @Test func listShowsEveryFileUnderItsHeading() throws {
    let files = try TwoFiles()
    let list = try files.run(["list"])
    #expect(list.status == 0)
    #expect(list.errors == "")
    let lines = list.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == "==> home.taskpaper <==")
    #expect(lines.contains("==> work.taskpaper <=="))
    let homeAt = try #require(lines.firstIndex(of: "==> home.taskpaper <=="))
    let workAt = try #require(lines.firstIndex(of: "==> work.taskpaper <=="))
    #expect(lines[homeAt..<workAt].contains { $0.contains("Paint the fence") })
    #expect(lines[workAt...].contains { $0.contains("Call Ann") })
    #expect(!lines[workAt...].contains { $0.contains("Paint the fence") })
  }

  @Test func listJSONQueryTagsProjectsAndAgendaNameEachItemsFile() throws {
    let files = try TwoFiles()
    let items = try files.listed()
    #expect(items["Buy milk"]?["file"] as? String == files.home)
    #expect(items["Call Ann"]?["file"] as? String == files.work)

    let query = try files.run(["query", "@errand"])
    #expect(query.status == 0)
    #expect(query.output.contains("==> home.taskpaper <=="))
    #expect(query.output.contains("==> work.taskpaper <=="))
    #expect(linesWithoutIDs(query.output).contains("Buy milk @errand  (Home)"))
    #expect(linesWithoutIDs(query.output).contains("Call Ann @errand  (Work)"))
    #expect(try files.run(["query", "@nowhere"]).status == 1)

    let tags = try files.run(["tags"])
    #expect(tags.output == "@due      1\n@errand   2\n@weekend  1\n")

    let projects = try files.run(["projects"])
    #expect(projects.output.contains("==> home.taskpaper <=="))
    #expect(projects.output.contains("==> work.taskpaper <=="))
    let projectsJSON = try #require(
      try JSONSerialization.jsonObject(with: Data(try files.run(["projects", "--json"]).output.utf8)) as? [String: Any]
    )
    let projectFiles = (projectsJSON["projects"] as? [[String: Any]] ?? []).map { $0["file"] as? String }
    #expect(projectFiles == [files.home, files.work])

    let agenda = try files.run(["agenda"])
    #expect(agenda.output.contains("Overdue"))
    #expect(agenda.output.contains("(work.taskpaper: Work)"))
  }

  @Test func oneFileKeepsItsOutputWithoutFileContext() throws {
    let files = try TwoFiles()
    let alone = try files.data.run(["--file", files.home, "list", "--json"])
    #expect(!alone.output.contains("\"file\""))
    #expect(!(try files.data.run(["--file", files.home, "list"]).output.contains("==>")))
  }

  @Test func anIdFromListWorksInDoneAndTheChangeLandsInItsFileOnly() throws {
    let files = try TwoFiles()
    let items = try files.listed()
    let ann = try #require(items["Call Ann"]?["shortId"] as? String)
    let homeBefore = files.bytes(files.home)
    let done = try files.run(["done", ann])
    #expect(done.status == 0, "\(done.errors)")
    #expect(done.output.hasPrefix(ann))
    #expect(try String(contentsOfFile: files.work, encoding: .utf8).contains("- Call Ann @errand @done("))
    #expect(files.bytes(files.home) == homeBefore)
    // The change is in the work file's journal: undo there puts it back.
    let undo = try files.run(["undo"])
    #expect(undo.status == 0)
    #expect(undo.output == "Undid: done “Call Ann”\n")
    #expect(undo.errors.isEmpty || undo.errors.contains("work.taskpaper"))
    #expect(try String(contentsOfFile: files.work, encoding: .utf8) == "Work:\n\t- Send the report @due(2020-01-01)\n\t- Call Ann @errand\n")
    #expect(files.bytes(files.home) == homeBefore)
  }

  @Test func idsOfTwoFilesAreTakenTogether() throws {
    let files = try TwoFiles()
    let items = try files.listed()
    let ids = items.values.compactMap { $0["shortId"] as? String }
    #expect(Set(ids).count == ids.count)
    // Each short id resolves across both files: every id names one item of the union.
    for id in ids { #expect(ids.filter { $0.hasPrefix(id) }.count == 1) }
    // Items of both files in one command: each file changed under its own lock.
    let milk = try #require(items["Buy milk"]?["shortId"] as? String)
    let ann = try #require(items["Call Ann"]?["shortId"] as? String)
    let done = try files.run(["done", milk, ann])
    #expect(done.status == 0, "\(done.errors)")
    #expect(try String(contentsOfFile: files.home, encoding: .utf8).contains("- Buy milk @errand @done("))
    #expect(try String(contentsOfFile: files.work, encoding: .utf8).contains("- Call Ann @errand @done("))
  }

  @Test func theSameUnchangedLineInTwoFilesIsNamedWithTheFile() throws {
    let files = try TwoFiles(home: "- Water the plants\n", work: "- Water the plants\n")
    let items = try files.run(["list", "--json"])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(items.output.utf8)) as? [String: Any])
    let listed = try #require(document["items"] as? [[String: Any]])
    #expect(listed.count == 2)
    let id = try #require(listed.first?["shortId"] as? String)
    let refused = try files.run(["done", id])
    #expect(refused.status == 2)
    #expect(refused.errors.contains("names the same line in home.taskpaper and work.taskpaper"))
    #expect(try files.data.run(["--file", files.work, "done", id]).status == 0)
    #expect(try String(contentsOfFile: files.home, encoding: .utf8) == "- Water the plants\n")
  }

  @Test func addGoesToTheFirstFileOrTheOneToNames() throws {
    let files = try TwoFiles()
    let workBefore = files.bytes(files.work)
    let added = try files.run(["add", "Fix the gate"])
    #expect(added.status == 0, "\(added.errors)")
    #expect(try String(contentsOfFile: files.home, encoding: .utf8).hasSuffix("- Fix the gate\n"))
    #expect(files.bytes(files.work) == workBefore)
    // The id add printed is the one list shows, across both files.
    #expect(try files.listed()["Fix the gate"]?["shortId"] as? String == added.output.trimmingCharacters(in: .newlines))
    #expect(try files.run(["add", "Book the room", "--to", "work.taskpaper"]).status == 0)
    #expect(try String(contentsOfFile: files.work, encoding: .utf8).hasSuffix("- Book the room\n"))
    let wrong = try files.run(["add", "Lost", "--to", "nowhere.taskpaper"])
    #expect(wrong.status == 2)
    #expect(wrong.errors.contains("is not one of the files taskman works on"))
  }

  @Test func moveBetweenFilesIsRefused() throws {
    let files = try TwoFiles()
    let items = try files.listed()
    let milk = try #require(items["Buy milk"]?["shortId"] as? String)
    let ann = try #require(items["Call Ann"]?["shortId"] as? String)
    let homeBefore = files.bytes(files.home), workBefore = files.bytes(files.work)
    let moved = try files.run(["move", milk, "--after", ann])
    #expect(moved.status == 2)
    #expect(moved.errors.contains("one change acts on the items of one file"))
    #expect(files.bytes(files.home) == homeBefore)
    #expect(files.bytes(files.work) == workBefore)
  }

  @Test func undoTakesTheFileWithTheNewestChange() throws {
    let files = try TwoFiles()
    #expect(try files.run(["add", "First"]).status == 0)
    #expect(try files.run(["add", "Second", "--to", files.work]).status == 0)
    let undo = try files.run(["undo"])
    #expect(undo.status == 0)
    #expect(undo.output == "Undid: add “Second”\n")
    #expect(undo.errors.contains("undoing in work.taskpaper"))
    #expect(!(try String(contentsOfFile: files.work, encoding: .utf8).contains("Second")))
    #expect(try String(contentsOfFile: files.home, encoding: .utf8).contains("First"))
    let redo = try files.run(["redo"])
    #expect(redo.status == 0)
    #expect(try String(contentsOfFile: files.work, encoding: .utf8).contains("Second"))
  }

  @Test func theFilesSettingMakesASetTakenFromTheConfigDirectory() throws {
    let files = try TwoFiles()
    let config = files.data.path + "/config/taskman"
    try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
    try Data("files = ../../home.taskpaper, \(files.work)\n".utf8).write(to: URL(fileURLWithPath: config + "/config"))
    let environment = ["XDG_CONFIG_HOME": files.data.path + "/config"]
    let list = try files.data.run(["list"], environment: environment)
    #expect(list.status == 0, "\(list.errors)")
    #expect(list.output.contains("==> home.taskpaper <=="))
    #expect(list.output.contains("==> work.taskpaper <=="))
    // --file replaces the setting's list.
    let alone = try files.data.run(["--file", files.work, "list"], environment: environment)
    #expect(!alone.output.contains("==>"))
    #expect(!alone.output.contains("Paint the fence"))
  }

  @Test func aMissingFileIsNamedAndTheOthersAreRead() throws {
    let files = try TwoFiles()
    let missing = files.data.path + "/gone.taskpaper"
    let list = try files.data.run(["--file", files.home, "--file", missing, "list"])
    #expect(list.status == 0)
    #expect(list.errors == "taskman: \(missing) does not exist yet, so there is nothing in it; the first change creates it.\n")
    #expect(list.output.contains("Paint the fence"))
    #expect(list.output.contains("==> gone.taskpaper <=="))
    #expect(!FileManager.default.fileExists(atPath: missing))
  }

  @Test func anUnreadableFileStopsChangesAndIsNotWrittenOver() throws {
    let files = try TwoFiles()
    // A directory where a file should be: it cannot be read, and no change may replace it.
    let directory = files.data.path + "/folder.taskpaper"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let items = try files.data.run(["--file", files.home, "--file", directory, "list", "--json"])
    #expect(items.status == 2)
    #expect(items.errors.contains(directory))
    let listed = try #require(try JSONSerialization.jsonObject(with: Data(items.output.utf8)) as? [String: Any])
    let milk = try #require((listed["items"] as? [[String: Any]])?.first { $0["title"] as? String == "Buy milk" }?["shortId"] as? String)
    let homeBefore = files.bytes(files.home)
    let done = try files.data.run(["--file", files.home, "--file", directory, "done", milk])
    #expect(done.status == 2)
    #expect(done.errors.contains("nothing was changed"))
    #expect(files.bytes(files.home) == homeBefore)
    #expect(FileManager.default.fileExists(atPath: directory + "/."))
  }

  @Test func uiAndExportRefuseSeveralFilesNamingWhatToDo() throws {
    let files = try TwoFiles()
    for command in [["ui"], ["export"], ["log", "--json"], ["doctor", "--json"]] {
      let refused = try files.run(command)
      #expect(refused.status == 2)
      #expect(refused.errors.contains("taskman \(command[0]) works on one file, and 2 are chosen (home.taskpaper, work.taskpaper)"))
      #expect(refused.errors.contains("taskman --file <path> \(command[0])"))
    }
    // log shows each file's history under its heading.
    #expect(try files.run(["add", "Fix the gate"]).status == 0)
    let log = try files.run(["log"])
    #expect(log.status == 0)
    #expect(log.output.contains("==> home.taskpaper <=="))
    #expect(log.output.contains("add “Fix the gate”"))
    #expect(log.output.contains("==> work.taskpaper <==\nNo changes recorded yet.\n"))
  }

  @Test func aShellResolvesEveryLineOverTheFiles() throws {
    let files = try TwoFiles()
    let shell = try files.run(["shell"], input: "add Fix the gate\nquery @errand\n")
    #expect(shell.status == 0, "\(shell.errors)")
    #expect(shell.output.contains("==> work.taskpaper <=="))
    #expect(try String(contentsOfFile: files.home, encoding: .utf8).contains("- Fix the gate"))
  }

  @Test func fileOptionsBeforeAndAfterTheCommandAddUp() throws {
    #expect(try parse(["--file", "a.taskpaper", "list", "--file", "b.taskpaper"]).globals.files == ["a.taskpaper", "b.taskpaper"])
    #expect(try parse(["list", "--file", "a.taskpaper"]).globals.file == "a.taskpaper")
    #expect(parseError(["--file", "a.taskpaper", "--file", "", "list"])?.exitCode == .usage)
  }

  @Test func aSavedSearchOfOneFileRunsInEvery() throws {
    let files = try TwoFiles(home: "- Late @search(@errand)\n- Buy milk @errand\n")
    let list = try files.run(["list", "--saved", "Late", "--flat"])
    #expect(list.status == 0, "\(list.errors)")
    #expect(list.output.contains("Buy milk @errand"))
    #expect(list.output.contains("Call Ann @errand  (Work)"))
    #expect(!list.output.contains("Send the report"))
  }

  @Test func searchesListsEachFilesSavedSearchesAndItsJSONIsOneDocument() throws {
    let files = try TwoFiles(home: "- Late @search(@errand)\n- Buy milk @errand\n")
    let text = try files.run(["searches"])
    #expect(text.status == 0)
    // Only the file that has saved searches gets a heading.
    #expect(text.output == "==> home.taskpaper <==\nLate  @errand\n")
    let json = try files.run(["searches", "--json"])
    #expect(json.status == 0)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let searches = try #require(document["searches"] as? [[String: Any]])
    #expect(searches.count == 1)
    #expect(searches.first?["name"] as? String == "Late")
    #expect(searches.first?["search"] as? String == "@errand")
    #expect(searches.first?["file"] as? String == files.home)
    let none = try TwoFiles().run(["searches", "--json"])
    #expect(none.status == 1)
    #expect(none.output == "{\n  \"searches\": []\n}\n")
  }

  @Test func tabOffersTheIdsAndTagsOfEveryFile() throws {
    let files = try TwoFiles()
    let listed = try files.listed()
    // What a shell's Tab runs after `taskman --file home --file work done `.
    let ids = try files.data.run(["__complete", "--file", files.home, "--file", files.work, "done", ""])
    for title in ["Buy milk", "Call Ann"] {
      let shortID = try #require(listed[title]?["shortId"] as? String)
      #expect(ids.output.contains("\(shortID)\t\(title)"), "\(ids.output)")
    }
    let tags = try files.data.run(["__complete", "--file", files.home, "-f", files.work, "list", "--tag", ""]).output
    #expect(tags.contains("weekend") && tags.contains("due"))
    // The files setting too, with nothing on the command line.
    try FileManager.default.createDirectory(atPath: files.data.path + "/cfg/taskman", withIntermediateDirectories: true)
    try Data("files = \(files.home), \(files.work)\n".utf8).write(to: URL(fileURLWithPath: files.data.path + "/cfg/taskman/config"))
    let fromSetting = try files.data.run(["__complete", "done", ""], environment: ["XDG_CONFIG_HOME": files.data.path + "/cfg"])
    #expect(fromSetting.output == ids.output)
  }

  @Test func changesByWhereAskForOneFile() throws {
    let files = try TwoFiles()
    let (home, work) = (files.bytes(files.home), files.bytes(files.work))
    for arguments in [["done", "-w", "@errand", "-y"], ["tag", "-w", "@errand", "@x", "-y"], ["archive", "--where", "@errand"]] {
      let refused = try files.run(arguments)
      #expect(refused.status == 2, "\(arguments)")
      #expect(refused.errors.hasPrefix("taskman: taskman \(arguments[0]) --where changes one file at a time, and 2 are chosen (home.taskpaper, work.taskpaper)\n"))
      #expect(refused.errors.contains("Name the file: taskman --file <path> \(arguments[0]) --where"))
    }
    #expect(files.bytes(files.home) == home && files.bytes(files.work) == work)
    // One file named: the search changes its items only.
    let done = try files.data.run(["--file", files.work, "done", "-w", "@errand", "-y"])
    #expect(done.status == 0, "\(done.errors)")
    #expect(files.bytes(files.home) == home)
    #expect(files.bytes(files.work) != work)
  }

  @Test func showNamesTheItemsFile() throws {
    let files = try TwoFiles()
    let ann = try #require(try files.listed()["Call Ann"]?["shortId"] as? String)
    let shown = try files.run(["show", ann])
    #expect(shown.output == "==> work.taskpaper <==\n- Call Ann @errand\n")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(try files.run(["show", ann, "--json"]).output.utf8)) as? [String: Any])
    #expect((json["item"] as? [String: Any])?["file"] as? String == files.work)
  }
}
