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

    var filterStatus: TaskFilter.Status {
      switch self {
      case .open: .notDone
      case .done: .done
      case .all: .all
      }
    }
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
    discussion: "Without filters, lists every task that is not done. Filters combine: an item must pass all of them. When nothing matches, prints nothing and exits with status 0.",
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

  /// Sets the list's filter and prints its visible entries.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let app = try context.appStore(forReading: true)
    return try await app.withLoadedTasks(readOnly: true) { () throws(TaskmanError) in
      app.send(.filterChanged(filter(today: app.today)))
      let entries = app.state.visibleEntries
      let index = app.shortIDs()
      if json {
        context.output.write(TaskJSON.list(entries, shortID: index.shortID(for:)).text)
      } else {
        let rows = entries.map { TaskRowRenderer.Row(item: $0.item, shortID: index.shortID(for: $0.item.id), project: $0.project) }
        context.output.write(TaskRowRenderer.render(rows, style: context.style))
      }
      // An empty list is an answer, not an error: exit 0 with no rows (1 is for ids that match nothing).
      return .success
    }
  }

  /// The feature's filter for these options; `--overdue` means due before `today`.
  func filter(today: TaskDate.Day) -> TaskFilter {
    TaskFilter(
      tags: tags.map { .has($0.name, value: $0.value) } + notTags.map { .lacks($0.name) },
      project: project,
      searchText: search,
      status: status.filterStatus,
      dueBefore: dueBefore?.start,
      overdueAsOf: overdue ? today : nil
    )
  }
}
