import Testing

@testable import TaskmanCLI

/// The help pages of the outline commands, golden: generated from the same declarations as
/// parsing, they change only when a command's declaration does.
@Suite("Help pages of the outline commands")
struct OutlineHelpPageTests {
  @Test func projectHelpPage() {
    #expect(
      HelpFormatter.helpPage(for: ProjectCommand.self) == """
        OVERVIEW: Add a project at the end of the list. Prints its short id.

        The name is the project's line without its ':', and tags may follow it, as on
        the line. A project of that name (ignoring case) must not exist yet; tasks go
        into one with 'taskman add --project <name>', which also creates it when
        missing.

        USAGE: taskman project <name> ... [--to <file>]

        ARGUMENTS:
          <name>                  The project's name, like: Home renovation; tags may
                                  follow.

        OPTIONS:
          --to <file>             With several files (--file given more than once, or
                                  the files setting): the one to add to, by its path or
                                  the name taskman shows beside its items. Default: the
                                  first.
          -h, --help              Show help and exit.

        EXAMPLES:
          taskman project Home renovation
          taskman project Errands @weekend

        Global options (--file, --data-dir, --color, --version): see 'taskman help'.

        """
    )
  }

  @Test func projectsHelpPage() {
    #expect(
      HelpFormatter.helpPage(for: ProjectsCommand.self) == """
        OVERVIEW: List every project, nested as in the outline, with how many of its
                  tasks are open.

        A task counts in the nearest project it sits in, at any depth below it.

        USAGE: taskman projects [--json]

        OPTIONS:
          --json                  Print JSON (see Documentation/taskman-json.md) instead
                                  of text.
          -h, --help              Show help and exit.

        EXAMPLES:
          taskman projects

        Global options (--file, --data-dir, --color, --version): see 'taskman help'.

        """
    )
  }

  @Test func noteHelpPage() {
    #expect(
      HelpFormatter.helpPage(for: NoteCommand.self) == """
        OVERVIEW: Add a note under an item, after its other children. Prints the note's
                  short id.

        A note is one line of text. It may not start with '- ' or with '-' and a letter
        (a task), or end with ':' (a project); '-5 degrees' is a note.

        USAGE: taskman note <id> <text> ...

        ARGUMENTS:
          <id>                    The item's id, or any unique prefix of it.
          <text>                  The note's text.

        OPTIONS:
          -h, --help              Show help and exit.

        EXAMPLES:
          taskman note 3f2a Semi-skimmed, not whole.

        Global options (--file, --data-dir, --color, --version): see 'taskman help'.

        """
    )
  }

  @Test func moveHelpPage() {
    #expect(
      HelpFormatter.helpPage(for: MoveCommand.self) == """
        OVERVIEW: Move an item, with everything under it, elsewhere in the outline.
                  'taskman undo' moves it back.

        Give exactly one of the places. An item cannot go under itself or under an item
        of its own. '--top' puts the item first in the file; '--top-level' takes it out
        of its project to the end of the file. With --where '<search>' instead of ids,
        the command changes the items the search finds (as 'taskman query' lists them):
        it says on standard error how many match, and asks before changing more than
        one, unless --yes is given (without a terminal on standard input and without
        --yes, it changes nothing and exits with status 5). No match exits with status
        1. The whole change is one: one 'taskman undo' puts every item back. The items
        go to the place in the order of the file, one after the other; an item found
        under another found item moves with it and stays under it.

        USAGE: taskman move (<id> | --where <search>) [--under <id>] [--project <name>]
                            [--new-project] [--before <id>] [--after <id>] [--top]
                            [--top-level] [--yes] [--json]

        ARGUMENTS:
          <id>                    The item's id, or any unique prefix of it.

        OPTIONS:
          --under <id>            At the end of this item's children.
          -p, --project <name>    At the end of this project: its name (ignoring case)
                                  or, when several have it, its path (Home/Garden). A
                                  new name is created, unless it is close to a project's
                                  (then use --new-project).
          --new-project           Create the --project named even when its name is close
                                  to an existing project's.
          --before <id>           Right before this item, under its parent.
          --after <id>            Right after this item (and what is under it), under
                                  its parent.
          --top                   First in the outline: before the first top-level item.
          --top-level             At the end of the top level: the end of the file.
          -w, --where <search>    Instead of ids, the items this TaskPaper search finds
                                  (see 'taskman help query' and
                                  Documentation/Searches.md); quote it for the shell.
          -y, --yes               With --where, change more than one item without
                                  asking.
          --json                  Print the moved item as JSON (see
                                  Documentation/taskman-json.md) instead of text; with
                                  --where, the moved items.
          -h, --help              Show help and exit.

        EXAMPLES:
          taskman move 3f2a --project Errands
          taskman move 3f2a --before 9c01
          taskman move 3f2a --top
          taskman move 3f2a --top-level
          taskman move --where '@errand and not @done' --project Errands

        Global options (--file, --data-dir, --color, --version): see 'taskman help'.

        """
    )
  }

  @Test func agendaHelpPage() {
    #expect(
      HelpFormatter.helpPage(for: AgendaCommand.self) == """
        OVERVIEW: What is due: overdue, due today, and due in the next days, each sorted
                  by date.

        Items that are not done (nor under a done item) and have a @due date, at any
        depth. An item whose @start(…) or @defer(…) date is after today is left out
        until that day, and shows from its start day on. On one day, items due at a time
        come first, earliest first, then those due that day without a time. Overdue
        items are red on a terminal.

        USAGE: taskman agenda [--days <n>] [--json]

        OPTIONS:
          --days <n>              How many days after today to look ahead. Default: 7.
          --json                  Print JSON (see Documentation/taskman-json.md) instead
                                  of text.
          -h, --help              Show help and exit.

        EXAMPLES:
          taskman agenda
          taskman agenda --days 14

        Global options (--file, --data-dir, --color, --version): see 'taskman help'.

        """
    )
  }

  @Test func doctorHelpPage() {
    #expect(
      HelpFormatter.helpPage(for: DoctorCommand.self) == """
        OVERVIEW: Check the task file: dates taskman cannot read, repeated tags, mixed
                  indentation, and the file's health.

        Exits with status 0 when there is nothing to look at, and 1 when there is.
        Changes nothing.

        USAGE: taskman doctor [--json]

        OPTIONS:
          --json                  Print JSON (see Documentation/taskman-json.md) instead
                                  of text.
          -h, --help              Show help and exit.

        EXAMPLES:
          taskman doctor

        Global options (--file, --data-dir, --color, --version): see 'taskman help'.

        """
    )
  }

  @Test func redoHelpPage() {
    #expect(
      HelpFormatter.helpPage(for: RedoCommand.self) == """
        OVERVIEW: Make again the last change 'taskman undo' reverted. Repeat to go
                  further forward.

        Possible until taskman makes a new change, which forgets the changes undone
        before it.

        USAGE: taskman redo

        OPTIONS:
          -h, --help              Show help and exit.

        Global options (--file, --data-dir, --color, --version): see 'taskman help'.

        """
    )
  }
}
