import Testing

@testable import TaskmanCLI

@Suite("Help generated from the declarations")
struct HelpFormatterTests {
  @Test func showsHelpPage() {
    #expect(
      HelpFormatter.helpPage(for: ShowCommand.self) == """
        OVERVIEW: Show one item with its notes and subtasks, as TaskPaper text.

        USAGE: taskman show <id> [--json]

        ARGUMENTS:
          <id>                    The item's id, or any unique prefix of it.

        OPTIONS:
          --json                  Print JSON (see Documentation/taskman-json.md) instead
                                  of text.
          -h, --help              Show help and exit.

        EXAMPLES:
          taskman show 3f2a

        Global options (--file, --data-dir, --color, --version): see 'taskman help'.

        """
    )
  }

  @Test func listsHelpPageWrapsTheUsageUnderTheCommand() {
    let page = HelpFormatter.helpPage(for: ListCommand.self)
    #expect(
      page.hasPrefix(
        """
        OVERVIEW: Show the outline: projects, tasks and notes under their parents, each
                  line with its short id.

        Without filters, shows every item that is not done and is actionable: an item
        whose @start(…) or @defer(…) date is after today is left out until that day
        (--all shows it). With filters, shows the items that pass all of them, each with
        the items above it for context: tag and date filters select tasks, --search and
        --project any item. With --flat (or --sort, or --json), lists the matching tasks
        alone, one per line with the project they sit in; --search lists matching notes
        and projects too. Dates may be written 2026-12-01, today, tomorrow, friday,
        'next friday', +3d, +2w, +1m, 'in 3 days', 'next week' (the Monday after today),
        'next month', eom or 'dec 1'. When nothing matches, prints nothing and exits
        with status 0.

        USAGE: taskman list [--tag <name[=value]> ...] [--not-tag <name> ...]
                            [--project <name>] [--search <text>] [--done | --all]
                            [--due-before <date>] [--due-after <date>] [--overdue]
                            [--where <search>] [--saved <name>] [--flat]
                            [--sort <order>] [--json]

        OPTIONS:
          -t, --tag <name[=value]>
                                  Only items with this tag, its name in any case (and
                                  this value; for a date tag, a date like friday as
                                  taskman writes it). Repeat to require several tags.
                                  --tag done lists done items.

        """
      )
    )
  }

  @Test func deletesUsageLine() {
    #expect(DeleteCommand.usage == "taskman delete (<id> ... | --where <search>) [--yes]")
    #expect(TagCommand.usage == "taskman tag (<id> | --where <search>) <tag> ... [--replace] [--yes]")
    #expect(HelpCommand.usage == "taskman help [<command>]")
    #expect(EditCommand.usage == "taskman edit <id> [<text> ...] [--replace-tags]")
  }

  @Test func everyPageMentionsEveryParameterOfItsCommandAndFitsEightyColumns() {
    for command in CommandTable.all {
      let page = HelpCommand.page(for: command)
      for definition in command.definitions {
        #expect(page.contains("  " + definition.helpLabel), "help for \(command.name) misses \(definition.helpLabel)")
        #expect(page.contains(definition.synopsis))
      }
      for line in page.split(separator: "\n") {
        #expect(line.count <= 80, "\(command.name): \(line)")
      }
    }
  }

  @Test func theOverviewListsEveryCommandAndGlobalOptionAndTheExitCodes() {
    let overview = HelpFormatter.overview()
    for command in CommandTable.all {
      #expect(overview.contains("\n  \(command.name) "), "the overview misses \(command.name)")
    }
    for definition in GlobalOptions.definitions {
      #expect(overview.contains("\n  \(definition.helpLabel) "))
    }
    // The usage line names every global option that takes a value, and so does the environment.
    let usage = overview.components(separatedBy: "\nUSAGE: ")[1].components(separatedBy: "\n\n")[0]
    for definition in GlobalOptions.definitions where definition.kind == .option {
      #expect(usage.contains("[\(definition.synopsis)]"), "\(usage)")
    }
    #expect(overview.contains("\n  TASKMAN_FILE "))
    for code in 0...5 {
      #expect(overview.contains("\n  \(code)  "))
    }
    for line in overview.split(separator: "\n") {
      #expect(line.count <= 80, "\(line)")
    }
  }

  @Test func helpAndVersionPrintOnStandardOutputAndExitZero() async {
    let help = await runTaskman(["help", "show"])
    #expect(help.status == .success)
    #expect(help.output == HelpFormatter.helpPage(for: ShowCommand.self))
    #expect(help.errors.isEmpty)

    #expect(await runTaskman(["show", "--help"]).output == help.output)
    #expect(await runTaskman(["--help"]).output == HelpFormatter.overview())
    #expect(await runTaskman(["help"]).output == HelpFormatter.overview())

    let version = await runTaskman(["--version"])
    #expect(version.status == .success)
    #expect(version.output == "taskman \(Taskman.version)\n")
  }

  @Test func wrappingKeepsWordsWhole() {
    let text = String(repeating: "word ", count: 30)
    for line in HelpFormatter.wrap(text, indent: 4, hangingIndent: 2).split(separator: "\n") {
      #expect(line.count <= HelpFormatter.width)
      #expect(line.split(separator: " ").allSatisfy { $0 == "word" })
    }
  }
}
