import TaskManager

/// `taskman list [filters] [--json]`
struct ListCommand: ParsableCommand, Equatable {
  /// Which items `--done` / `--all` select.
  enum Status: Hashable, Sendable {
    /// The default: items without `@done`.
    case open
    /// `--done`: items with `@done`.
    case done
    /// `--all`: both.
    case all
  }

  var tags: [TagFilter] = []
  var notTags: [TagName] = []
  var project: String?
  var search: String?
  var status = Status.open
  var dueBefore: TaskDate?
  var overdue = false
  var json = false

  static let configuration = CommandConfiguration<Self>(
    name: "list",
    abstract: "List tasks at any depth with their short ids, titles, tags and projects.",
    discussion: "Without filters, lists every task that is not done. Filters combine: an item must pass all of them.",
    examples: [
      "taskman list --tag shopping",
      "taskman list --tag due=2026-12-01 --project Errands",
      "taskman list --overdue --json",
    ],
    parameters: [
      .option(\.tags, name: "tag", valueName: "name[=value]", help: "Only items with this tag (and this value). Repeat to require several tags."),
      .option(\.notTags, name: "not-tag", valueName: "name", help: "Only items without this tag. May be repeated."),
      .option(\.project, name: "project", valueName: "name", help: "Only items inside the project with this name."),
      .option(\.search, name: "search", valueName: "text", help: "Only items whose line contains this text, ignoring case."),
      .flags(\.status, [
        (name: "done", value: .done, help: "Only items that are done."),
        (name: "all", value: .all, help: "Items whether done or not."),
      ]),
      .option(\.dueBefore, name: "due-before", valueName: "date", help: "Only items with a @due date before this date, like 2026-12-01."),
      .flag(\.overdue, name: "overdue", help: "Only items whose @due date is past."),
      .flag(\.json, name: "json", help: "Print JSON (see Documentation/taskman-json.md) instead of text."),
    ]
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    throw .notAvailableYet(Self.name)
  }
}
