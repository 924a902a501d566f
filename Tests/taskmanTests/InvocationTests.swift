import Testing

import TaskManager
@testable import TaskmanCLI

@Suite("Parsing whole command lines")
struct InvocationTests {
  @Test func noArgumentsRunTheDefaultReport() throws {
    // As Taskwarrior runs `next`: `list` unless the config file's `default` says otherwise.
    #expect(try parse([]).command as? ListCommand == ListCommand())
    #expect(try parse(["--color", "never"]).command as? ListCommand == ListCommand())
    let agenda = ConfiguredCommandLines(file: SettingsFile(bytes: Array("default = agenda\n".utf8)))
    #expect(try Invocation.parse([], configured: { agenda }).command is AgendaCommand)
    let flat = ConfiguredCommandLines(file: SettingsFile(bytes: Array("default = list --flat -p 'Home Office'\n".utf8)))
    var expected = ListCommand()
    expected.flat = true
    expected.project = "Home Office"
    let invocation = try Invocation.parse(["-f", "/tmp/x.taskpaper"], configured: { flat })
    #expect(invocation.command as? ListCommand == expected)
    #expect(invocation.globals.file == "/tmp/x.taskpaper")
    // The variable overrides the file, as every setting's does.
    let overridden = ConfiguredCommandLines(
      file: SettingsFile(bytes: Array("default = agenda\n".utf8)), environment: ["TASKMAN_DEFAULT": "tags"]
    )
    #expect(try Invocation.parse([], configured: { overridden }).command is TagsCommand)
    // Help is still one word away.
    #expect(try Invocation.parse(["--help"], configured: { agenda }).command as? HelpCommand == HelpCommand(topic: nil))
    #expect(try Invocation.parse(["help"], configured: { agenda }).command as? HelpCommand == HelpCommand(topic: nil))
  }

  @Test func aDefaultThatNamesNoCommandIsSaidSo() {
    let options = ConfiguredCommandLines(file: SettingsFile(bytes: Array("default = --flat\n".utf8)))
    #expect(throws: TaskmanError.self) { try Invocation.parse([], configured: { options }) }
    do {
      _ = try Invocation.parse([], configured: { options })
    } catch {
      #expect(error.message.contains("the default command line '--flat' names no command"))
      #expect(error.exitCode == .usage)
    }
  }

  @Test func aliasesRunTheirCommandLineWithTheWordsAfterThem() throws {
    let text = """
      alias.ls = list --flat
      alias.work = ls -p Work
      alias.loop = loop2
      alias.loop2 = loop --json
      alias.list = agenda
      alias.open = list --where 'not @done
      alias.ls = list --flat --sort due

      """
    let lines = ConfiguredCommandLines(file: SettingsFile(bytes: Array(text.utf8)), path: "/cfg/taskman/config")
    // The later line of a name given twice wins, and the words after the alias follow its own.
    var expected = ListCommand()
    expected.flat = true
    expected.sort = .due
    expected.tags = [try TagFilter(argument: "errand")]
    #expect(try Invocation.parse(["ls", "-t", "errand"], configured: { lines }).command as? ListCommand == expected)
    // An alias may name another, and global options before it stay global.
    expected.tags = []
    expected.project = "Work"
    let work = try Invocation.parse(["--color", "never", "work"], configured: { lines })
    #expect(work.command as? ListCommand == expected)
    #expect(work.globals.color == .never)
    // A `--` before the alias ends the global options only, not the alias's own.
    #expect(try Invocation.parse(["--", "ls"], configured: { lines }).command as? ListCommand != nil)
    #expect(try Invocation.parse(["--"], configured: { lines }).command as? ListCommand == ListCommand())
    // A command's own name wins over an alias of that name.
    #expect(try Invocation.parse(["list"], configured: { lines }).command as? ListCommand == ListCommand())

    func message(_ arguments: [String]) -> String {
      do {
        _ = try Invocation.parse(arguments, configured: { lines })
        return ""
      } catch {
        return error.message
      }
    }
    #expect(message(["loop"]) == "the alias 'loop' stands for itself, through loop → loop2 → loop")
    #expect(message(["open"]).hasPrefix("the alias 'open' in /cfg/taskman/config, line 6, cannot be read: a ' quote is not closed"))
    // An unknown name is still suggested among commands and aliases.
    #expect(message(["wrok"]) == "unknown command 'wrok'. Did you mean 'work'?")
    #expect(message(["lst"]).hasPrefix("unknown command 'lst'. Did you mean 'l"))
  }

  @Test func shortOptionsTakeTheirValueAsTheNextWord() throws {
    var expected = ListCommand()
    expected.project = "Home"
    expected.tags = [try TagFilter(argument: "errand")]
    expected.whereSearch = "@due"
    #expect(try parse(["list", "-p", "Home", "-t", "errand", "-w", "@due"]).command as? ListCommand == expected)
    #expect(try parse(["-f", "a.taskpaper", "list"]).globals.file == "a.taskpaper")
    // Never glued to the letter: text that starts with a dash is refused, not taken for a
    // value (`add Meet -fred` would otherwise write to the file `red`).
    #expect(parseError(["add", "Meet", "-fred"])?.message.hasPrefix("unknown option '-fred' for 'add'") == true)
    #expect(parseError(["add", "Weather", "-pretty", "cold"])?.message.hasPrefix("unknown option '-pretty' for 'add'") == true)
    #expect(parseError(["list", "-pHome"]) != nil)
    #expect((try parse(["delete", "3f2a", "-y"]).command as? DeleteCommand)?.yes == true)
    #expect((try parse(["add", "Paint", "-p", "Home"]).command as? AddCommand)?.project == "Home")
    #expect((try parse(["move", "3f2a", "-p", "Home"]).command as? MoveCommand)?.project == "Home")
    // A missing value is said as for the long spelling, and an unknown letter is suggested.
    #expect(parseError(["list", "-p"])?.message == "option --project needs a value: --project <name>")
    #expect(parseError(["list", "-x"])?.message.hasPrefix("unknown option '-x' for 'list'") == true)
    // Text that starts with a dash after `--` is still text.
    #expect((try parse(["add", "--", "-5", "degrees"]).command as? AddCommand)?.text == ["-5", "degrees"])
  }

  @Test func helpInEveryFormNamesItsTopic() throws {
    #expect(try parse(["--help"]).command as? HelpCommand == HelpCommand(topic: nil))
    #expect(try parse(["-h"]).command as? HelpCommand == HelpCommand(topic: nil))
    #expect(try parse(["help"]).command as? HelpCommand == HelpCommand(topic: nil))
    #expect(try parse(["help", "list"]).command as? HelpCommand == HelpCommand(topic: "list"))
    #expect(try parse(["list", "--help"]).command as? HelpCommand == HelpCommand(topic: "list"))
    #expect(try parse(["show", "-h"]).command as? HelpCommand == HelpCommand(topic: "show"))
    #expect(try parse(["--help", "delete"]).command as? HelpCommand == HelpCommand(topic: "delete"))
    // Help for a command whose arguments are missing or wrong still helps.
    #expect(try parse(["edit", "--help"]).command as? HelpCommand == HelpCommand(topic: "edit"))
  }

  @Test func versionAnywhere() throws {
    #expect(try parse(["--version"]).command is VersionCommand)
    #expect(try parse(["list", "--version"]).command is VersionCommand)
  }

  @Test func theSpecsExampleAddsTheWholeText() throws {
    let command = try parse(["add", "Buy", "milk", "@shopping", "@due(2026-12-01)"]).command
    #expect(command as? AddCommand == AddCommand(text: ["Buy", "milk", "@shopping", "@due(2026-12-01)"]))
  }

  @Test func listReadsEveryFilter() throws {
    let command = try parse([
      "list", "--tag", "shopping", "--tag", "due=2026-12-01", "--tag", "@today", "--not-tag", "@waiting",
      "--project", "Errands", "--search", "milk", "--all", "--due-before", "2026-12-31", "--overdue", "--json",
    ]).command
    #expect(
      command as? ListCommand
        == ListCommand(
          tags: [TagFilter(name: "shopping"), TagFilter(name: "due", value: "2026-12-01"), TagFilter(name: "today")],
          notTags: [TagName(name: "waiting")],
          project: "Errands",
          search: "milk",
          status: .all,
          dueBefore: try DateArgument(argument: "2026-12-31"),
          overdue: true,
          json: true
        )
    )
    #expect((try parse(["list", "--done"]).command as? ListCommand)?.status == .done)
    #expect((try parse(["list"]).command as? ListCommand)?.status == .open)
  }

  @Test func aTagFilterMayBeWrittenAsATaskPaperTag() throws {
    let command = try parse(["list", "--tag", "@due(2026-12-01)"]).command as? ListCommand
    #expect(command?.tags == [TagFilter(name: "due", value: "2026-12-01")])
  }

  @Test func everyOtherCommandReadsItsArguments() throws {
    #expect(try parse(["show", "3f2a", "--json"]).command as? ShowCommand == ShowCommand(id: "3f2a", json: true))
    #expect(try parse(["edit", "3f2a", "New", "text"]).command as? EditCommand == EditCommand(id: "3f2a", text: ["New", "text"]))
    #expect(try parse(["done", "a", "b"]).command as? DoneCommand == DoneCommand(ids: ["a", "b"]))
    #expect(try parse(["undone", "a"]).command as? UndoneCommand == UndoneCommand(ids: ["a"]))
    #expect(try parse(["tag", "a", "@x", "@y(1)"]).command as? TagCommand == TagCommand(id: "a", tags: ["@x", "@y(1)"]))
    #expect(
      try parse(["untag", "a", "x", "@y"]).command as? UntagCommand
        == UntagCommand(id: "a", names: [TagName(name: "x"), TagName(name: "y")])
    )
    #expect(try parse(["delete", "a", "b", "--yes"]).command as? DeleteCommand == DeleteCommand(ids: ["a", "b"], yes: true))
    #expect(try parse(["tags", "--json"]).command as? TagsCommand == TagsCommand(json: true))
    #expect(try parse(["import", "todo.taskpaper"]).command as? ImportCommand == ImportCommand(file: "todo.taskpaper"))
    #expect(try parse(["export", "--json"]).command as? ExportCommand == ExportCommand(json: true))
    #expect(try parse(["undo"]).command is UndoCommand)
    #expect(try parse(["shell"]).command is ShellCommand)
  }

  @Test func globalOptionsGoBeforeOrAfterTheCommandAndTheLaterWins() throws {
    let before = try parse(["--data-dir", "/a", "--color=never", "list"])
    #expect(before.globals == GlobalOptions(dataDirectory: "/a", color: .never))
    let after = try parse(["--data-dir", "/a", "list", "--data-dir=/b", "--color", "always"])
    #expect(after.globals == GlobalOptions(dataDirectory: "/b", color: .always))
  }

  @Test func doubleDashBeforeTheCommandEndsTheOptionsForItsArgumentsToo() throws {
    #expect(try parse(["--", "add", "--json"]).command as? AddCommand == AddCommand(text: ["--json"]))
    #expect(try parse(["add", "--", "-5", "degrees"]).command as? AddCommand == AddCommand(text: ["-5", "degrees"]))
  }

  @Test func anUnknownCommandSuggestsTheNearest() {
    let error = parseError(["lsit"])
    #expect(error?.exitCode == .usage)
    #expect(
      error?.rendered == """
        taskman: unknown command 'lsit'. Did you mean 'list'?
        Run 'taskman help' to see every command.

        """
    )
    #expect(parseError(["frobnicate"])?.message == "unknown command 'frobnicate'")
  }

  @Test func helpForAnUnknownCommandSuggestsToo() async {
    let outcome = await runTaskman(["help", "lsit"])
    #expect(outcome.status == .usage)
    #expect(outcome.errors.hasPrefix("taskman: unknown command 'lsit'. Did you mean 'list'?\n"))
  }

  @Test func anUnknownOptionBeforeTheCommandSuggestsAGlobalOne() {
    let error = parseError(["--colour", "never", "list"])
    #expect(error?.message == "unknown option '--colour'. Did you mean '--color'?")
    #expect(error?.hint == "Run 'taskman help' to see the options.")
  }

  @Test func extraAndMissingArgumentsAreNamed() {
    let extra = parseError(["show", "a", "b"])
    #expect(extra?.exitCode == .usage)
    #expect(extra?.message == "unexpected argument 'b'")
    #expect(extra?.usage == "taskman show <id> [--json]")
    #expect(parseError(["undo", "a", "b"])?.message == "unexpected arguments 'a' 'b'")
    #expect(parseError(["note", "a"])?.message == "missing <text>")
    #expect(parseError(["tag"])?.message == "missing <id>")
    #expect(parseError(["done"])?.message == "missing <id>")
  }

  @Test func aBadTagNameOrDateIsAUsageError() {
    #expect(
      parseError(["list", "--not-tag", "two words"])?.message
        == "invalid value 'two words' for --not-tag <name>: a tag name is letters, digits, '_', '-' and '.', like 'due' or 'waiting-for'"
    )
    #expect(
      parseError(["list", "--due-before", "2026-02-30"])?.message
        == "invalid value '2026-02-30' for --due-before <date>: Invalid date 2026-02-30"
    )
    #expect(
      parseError(["list", "--due-before", "soon"])?.message
        == "invalid value 'soon' for --due-before <date>: expected a date like 2026-12-01, 2026-12-01 14:30, today, tomorrow, friday, 'next friday', +3d, +2w, +1m, 'in 3 days', 'next week', 'next month', eom or 'dec 1'"
    )
  }
}
