import Testing

import TaskManager
@testable import TaskmanCLI

@Suite("Parsing whole command lines")
struct InvocationTests {
  @Test func noArgumentsShowTheOverview() throws {
    #expect(try parse([]).command as? HelpCommand == HelpCommand(topic: nil))
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
