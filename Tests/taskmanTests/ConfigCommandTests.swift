import Foundation
import Testing

/// `taskman config` and the settings every command follows, run through the built binary with
/// a config directory of the test's own (`XDG_CONFIG_HOME`).
@Suite("taskman config and the settings")
struct ConfigCommandTests {
  /// A data directory with a config home inside it.
  final class Fixture {
    let data: TaskmanDataDirectory
    var configHome: String { data.path + "/xdg" }
    var configFile: String { configHome + "/taskman/config" }

    init() throws { data = try TaskmanDataDirectory() }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> TaskmanProcess.Result {
      try data.run(arguments, environment: environment.merging(["XDG_CONFIG_HOME": configHome]) { $1 })
    }

    /// Writes the config file by hand.
    func writeConfig(_ text: String) throws {
      try FileManager.default.createDirectory(atPath: configHome + "/taskman", withIntermediateDirectories: true)
      try Data(text.utf8).write(to: URL(fileURLWithPath: configFile))
    }

    var configText: String? { FileManager.default.contents(atPath: configFile).map { String(decoding: $0, as: UTF8.self) } }

    /// The titles of `list`'s rows, without their ids.
    func listed(_ arguments: [String] = [], environment: [String: String] = [:]) throws -> [String] {
      let result = try run(["list"] + arguments, environment: environment)
      try #require(result.status == 0, "\(result.errors)")
      return linesWithoutIDs(result.output)
    }
  }

  @Test func configListsEveryKeyWithItsValueAndWhereItCameFrom() throws {
    let fixture = try Fixture()
    try fixture.writeConfig("# mine\nlist.sort = due\n")
    let result = try fixture.run(["--color", "never", "config"], environment: ["TASKMAN_LIST_SHOW_DONE": "true"])
    #expect(result.status == 0)
    #expect(result.errors == "")
    #expect(
      result.output == """
        # \(fixture.configFile)
        color            = never  # flag --color
        list.show-done   = true   # environment TASKMAN_LIST_SHOW_DONE
        list.sort        = due    # file, line 2
        list.filter      =        # default
        done.date-format = date   # default
        add.project      =        # default
        files            =        # default
        default          =        # default

        """
    )
  }

  @Test func setWritesOnlyItsLineAndGetReadsIt() throws {
    let fixture = try Fixture()
    #expect(try fixture.run(["config", "get", "list.sort"]).output == "none\n")
    let created = try fixture.run(["config", "set", "list.sort", "due"])
    #expect(created.status == 0)
    #expect(created.output == "list.sort = due\n")
    #expect(fixture.configText == "list.sort = due\n")

    let handWritten = "# Made by hand.\r\n  color   =  always  \r\nfuture.key = keep me ✓\r\n\r\nlist.sort = due"
    try fixture.writeConfig(handWritten)
    #expect(try fixture.run(["config", "set", "color", "never"]).status == 0)
    #expect(try fixture.run(["config", "set", "list.filter", "--", "--not-tag", "someday", "--project", "Home Office"]).status == 0)
    #expect(
      fixture.configText
        == "# Made by hand.\r\n  color   =  never  \r\nfuture.key = keep me ✓\r\n\r\nlist.sort = due\r\nlist.filter = --not-tag someday --project 'Home Office'"
    )
    #expect(try fixture.run(["config", "get", "list.filter"]).output == "--not-tag someday --project 'Home Office'\n")
  }

  @Test func anUnknownKeyOrBadValueIsAUsageErrorThatChangesNothing() throws {
    let fixture = try Fixture()
    try fixture.writeConfig("color = auto\n")
    let unknown = try fixture.run(["config", "set", "list.srot", "due"])
    #expect(unknown.status == 2)
    #expect(unknown.errors.hasPrefix("taskman: unknown setting 'list.srot'. Did you mean 'list.sort'?\n"))
    #expect(unknown.errors.contains("The keys: color, list.show-done, list.sort, list.filter, done.date-format, add.project, files, default."))
    #expect(try fixture.run(["config", "get", "colour"]).status == 2)

    let bad = try fixture.run(["config", "set", "color", "blue"])
    #expect(bad.status == 2)
    #expect(bad.errors.hasPrefix("taskman: invalid value 'blue' for color: expected auto, always or never\n"))
    let badFilter = try fixture.run(["config", "set", "list.filter", "--", "--due-before", "someday"])
    #expect(badFilter.status == 2)
    #expect(badFilter.errors.contains("invalid value 'someday' for --due-before <date>"))
    let noAction = try fixture.run(["config", "color"])
    #expect(noAction.status == 2)
    #expect(noAction.errors.hasPrefix("taskman: 'config color' needs get or set before the key\n"))
    let overridden = try fixture.run(["config", "set", "color", "auto"], environment: ["TASKMAN_COLOR": "never"])
    #expect(overridden.status == 0)
    #expect(overridden.errors == "taskman: note: TASKMAN_COLOR is set, and overrides this setting while it is.\n")
    #expect(fixture.configText == "color = auto\n")
    let action = try fixture.run(["config", "sett", "color", "never"])
    #expect(action.status == 2)
    #expect(action.errors.hasPrefix("taskman: unknown config action 'sett'. Did you mean 'set'?\n"))
    #expect(fixture.configText == "color = auto\n")
  }

  @Test func aFileWithABadLineIsReportedWithItsLineAndNeverWritten() throws {
    let fixture = try Fixture()
    try fixture.writeConfig("list.sort = text\ncolor: never\n")
    _ = try fixture.data.add("Zebra")
    _ = try fixture.data.add("Apple")
    // Other commands say so, and use the lines that could be read.
    let list = try fixture.run(["list"])
    #expect(list.status == 0)
    #expect(linesWithoutIDs(list.output) == ["Apple", "Zebra"])
    #expect(list.errors.contains("line 2: 'color: never' has no '='."))
    // A change refuses, naming the line.
    let set = try fixture.run(["config", "set", "list.sort", "due"])
    #expect(set.status == 3)
    #expect(set.errors.hasPrefix("taskman: cannot change the config file \(fixture.configFile): line 2: 'color: never' has no '='\n"))
    #expect(fixture.configText == "list.sort = text\ncolor: never\n")
  }

  @Test func listFollowsTheSettingsUnlessItsOwnOptionsSayOtherwise() throws {
    let fixture = try Fixture()
    _ = try fixture.data.add("Zebra @due(2026-12-01)")
    _ = try fixture.data.add("Apple @someday")
    let banana = try fixture.data.add("Banana")
    #expect(try fixture.run(["done", banana]).status == 0)
    #expect(try fixture.listed() == ["- Zebra @due(2026-12-01)", "- Apple @someday"])

    try fixture.writeConfig("list.sort = text\nlist.show-done = true\nlist.filter = --not-tag someday\n")
    #expect(try fixture.listed().map { $0.hasPrefix("Banana @done(") ? "Banana @done" : $0 } == ["Banana @done", "Zebra @due(2026-12-01)"])
    // Flags win: the order, the status and the filter.
    #expect(try fixture.listed(["--sort", "none"]).count == 2)
    #expect(try fixture.listed(["--sort", "due", "--done"]).map { $0.prefix(12) } == ["Banana @done"])
    #expect(try fixture.listed(["--tag", "someday"]) == ["Apple @someday"])
    // The environment wins over the file.
    #expect(try fixture.listed(environment: ["TASKMAN_LIST_SHOW_DONE": "false", "TASKMAN_LIST_FILTER": "--search a"]) == ["Apple @someday", "Zebra @due(2026-12-01)"])
  }

  @Test func aBadEnvironmentVariableIsAUsageError() throws {
    let fixture = try Fixture()
    let result = try fixture.run(["list"], environment: ["TASKMAN_LIST_SORT": "size"])
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("taskman: TASKMAN_LIST_SORT is 'size', not a value of list.sort: expected none, due, project, created or text\n"))
  }

  @Test func doneWritesTheDateFormatTheSettingsSay() throws {
    let fixture = try Fixture()
    let milk = try fixture.data.add("Buy milk")
    #expect(try fixture.run(["config", "set", "done.date-format", "datetime"]).status == 0)
    let done = try fixture.run(["done", milk])
    #expect(done.status == 0)
    #expect(done.output.range(of: #"@done\(\d{4}-\d{2}-\d{2} \d{2}:\d{2}\)\n$"#, options: .regularExpression) != nil, "\(done.output)")
  }

  @Test func colourFollowsTheSettingUnderTheFlag() throws {
    let fixture = try Fixture()
    _ = try fixture.data.add("Buy milk @shopping")
    #expect(!(try fixture.run(["list"]).output.contains("\u{1B}[")))
    try fixture.writeConfig("color = always\n")
    // A setting made for taskman wins over NO_COLOR, as no-color.org asks; the flag over both.
    #expect(try fixture.run(["list"], environment: ["NO_COLOR": "1"]).output.contains("\u{1B}["))
    #expect(!(try fixture.run(["list", "--color", "never"]).output.contains("\u{1B}[")))
    #expect(!(try fixture.run(["list"], environment: ["TASKMAN_COLOR": "never"]).output.contains("\u{1B}[")))
  }

  @Test func helpDescribesEveryKey() throws {
    let fixture = try Fixture()
    let help = try fixture.run(["help", "config"])
    #expect(help.status == 0)
    for key in ["color:", "list.show-done:", "list.sort:", "list.filter:", "done.date-format:", "add.project:"] {
      #expect(help.output.contains("\n\(key) "), "\(key)")
    }
  }

  @Test func addPutsATaskGivenNoPlaceInTheProjectTheSettingsName() throws {
    let fixture = try Fixture()
    #expect(try fixture.run(["config", "set", "add.project", "Inbox"]).output == "add.project = Inbox\n")
    let first = try fixture.run(["add", "Buy", "milk"])
    #expect(first.status == 0)
    #expect(first.errors == "Created the project “Inbox”.\n")
    let second = try fixture.run(["add", "Call", "Bob"])
    #expect(second.errors == "")
    // A place given on the command line wins.
    #expect(try fixture.run(["add", "--project", "Home", "Paint"]).status == 0)
    let file = FileManager.default.contents(atPath: fixture.data.dataFile).map { String(decoding: $0, as: UTF8.self) }
    #expect(file == "Inbox:\n\t- Buy milk\n\t- Call Bob\nHome:\n\t- Paint\n")
    // Empty again: the end of the list, as before.
    #expect(try fixture.run(["config", "set", "add.project", "--", ""]).status == 0)
    #expect(try fixture.run(["add", "Loose", "end"]).status == 0)
    let after = FileManager.default.contents(atPath: fixture.data.dataFile).map { String(decoding: $0, as: UTF8.self) }
    #expect(after == "Inbox:\n\t- Buy milk\n\t- Call Bob\nHome:\n\t- Paint\n- Loose end\n")
    // The variable overrides the file for one run, as for every key.
    let errand = try fixture.run(["add", "Milk"], environment: ["TASKMAN_ADD_PROJECT": "Errands"])
    #expect(errand.errors == "Created the project “Errands”.\n")
    let last = FileManager.default.contents(atPath: fixture.data.dataFile).map { String(decoding: $0, as: UTF8.self) }
    #expect(last?.hasSuffix("- Loose end\nErrands:\n\t- Milk\n") == true)
  }

  @Test func anAddProjectThatIsNoProjectNameIsRefused() throws {
    let fixture = try Fixture()
    let bad = try fixture.run(["config", "set", "add.project", "--", "- Buy milk"])
    #expect(bad.status == 2)
    #expect(bad.errors.hasPrefix("taskman: invalid value '- Buy milk' for add.project: expected a project's name, like Inbox, one line without tags\n"))
    #expect(fixture.configText == nil)
  }
}

extension ConfigCommandTests {
  @Test func aliasesAndTheDefaultReportComeFromTheConfigFile() throws {
    let fixture = try Fixture()
    _ = try fixture.data.add("Buy milk @errand")
    _ = try fixture.data.add("Paint the fence", "-p", "Home")
    // With no config, `taskman` alone lists, as `taskman list` does.
    let bare = try fixture.run([])
    #expect(bare.status == 0)
    #expect(bare.output == (try fixture.run(["list"])).output)
    #expect(linesWithoutIDs(bare.output).contains("- Buy milk @errand"))

    try fixture.writeConfig("default = list --flat -t errand\nalias.home = list -p Home --flat\n")
    #expect(linesWithoutIDs(try fixture.run([]).output) == ["Buy milk @errand"])
    #expect(linesWithoutIDs(try fixture.run(["home"]).output) == ["Paint the fence  (Home)"])
    // The aliases are listed with the settings, and one that a command's name hides is pointed out.
    try fixture.writeConfig("alias.home = list -p Home --flat\nalias.list = agenda\n")
    let config = try fixture.run(["--color", "never", "config"])
    #expect(config.output.hasSuffix("alias.home = list -p Home --flat  # file, line 1\nalias.list = agenda  # file, line 2\n"))
    #expect(config.errors.contains("line 2: 'list' is a command's name, and the command runs, not the alias; rename the alias."))
    #expect(!config.errors.contains("not a setting this taskman knows"))
    // Tab offers them after the commands; one a command's name hides is not offered twice.
    #expect(try fixture.run(["__complete", "ho"]).output == "home\talias for list -p Home --flat\n")
    #expect(try fixture.run(["__complete", "lis"]).output.split(separator: "\n").count == 1)
  }
}
