import Foundation
import TaskManager

/// `taskman list [filters] [--flat] [--sort <order>] [--json]`
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
  var dueBefore: DateArgument?
  var dueAfter: DateArgument?
  var overdue = false
  var whereSearch: String?
  var saved: String?
  var flat = false
  var sort: ListSort?
  var json = false

  static let configuration = CommandConfiguration<Self>(
    name: "list",
    abstract: "Show the outline: projects, tasks and notes under their parents, each line with its short id.",
    discussion: """
      Without filters, shows every item that is not done and is actionable: an item whose @start(…) or @defer(…) date is after today is left out until that day (--all shows it). With filters, shows the items that pass all of them, each with the items above it for context: tag and date filters select tasks, --search and --project any item. With --flat (or --sort, or --json), lists the matching tasks alone, one per line with the project they sit in; --search lists matching notes and projects too. Dates may be written 2026-12-01, today, tomorrow, friday, 'next friday', +3d, +2w, +1m, 'in 3 days', 'next week' (the Monday after today), 'next month', eom or 'dec 1'. When nothing matches, prints nothing and exits with status 0.
      """,
    examples: [
      "taskman list --tag shopping",
      "taskman list --project err --due-before friday",
      "taskman list --flat --sort due",
      "taskman list --overdue --json",
      "taskman list --where 'not @done and (@today or @flag)'",
      "taskman list --saved overdue",
    ],
    parameters: [
      .option(\.tags, name: "tag", short: "t", valueName: "name[=value]", value: .tag, help: "Only items with this tag, its name in any case (and this value; for a date tag, a date like friday as taskman writes it). Repeat to require several tags. --tag done lists done items."),
      .option(\.notTags, name: "not-tag", valueName: "name", value: .tag, help: "Only items without this tag, its name in any case. May be repeated."),
      .option(\.project, name: "project", short: "p", valueName: "name", value: .project, help: "Only items inside a project whose name starts with this, ignoring case."),
      .option(\.search, name: "search", valueName: "text", value: .text, help: "Only items whose line contains this text, ignoring case, accents (zoe finds Zoë) and indentation: tasks, notes and projects (--search '@due(2026-12', --search 'home:')."),
      .flags(\.status, [
        (name: "done", value: .done, help: "Only items that are done (tagged @done themselves)."),
        (name: "all", value: .all, help: "Items whether done or not, and those not yet actionable. Without it, a done item hides with everything under it (its notes and subtasks), and so does an item whose @start or @defer date is after today. The default when the list.show-done setting is true (see 'taskman help config')."),
      ]),
      .option(\.dueBefore, name: "due-before", valueName: "date", value: .date, help: "Only items with a @due date before this date, like 2026-12-01 or friday."),
      .option(\.dueAfter, name: "due-after", valueName: "date", value: .date, help: "Only items with a @due date after this date (after the whole day, for a day)."),
      .flag(\.overdue, name: "overdue", help: "Only items whose @due day is before today (as in agenda: a time earlier today is due today)."),
      .option(\.whereSearch, name: "where", short: "w", valueName: "search", value: .search, help: "Only the items this TaskPaper search finds (see 'taskman help query' and Documentation/Searches.md), done ones included unless --done or another filter says otherwise: '@due < [d]today and not @done', 'project Work//@flag'."),
      .option(\.saved, name: "saved", valueName: "name", value: .savedSearch, help: "Only the items the saved search with this name finds: an item tagged @search(…), named by its text (see 'taskman searches')."),
      .flag(\.flat, name: "flat", help: "List the matching tasks alone, one per line, with their projects."),
      .option(\.sort, name: "sort", valueName: "order", value: .allowedValues, help: "List flat, in this order: due, project, created (when taskman first saw each) or text; none for no order (the outline, unless --flat). Default: the list.sort setting, else none."),
      .flag(\.json, name: "json", help: "Print JSON (see Documentation/taskman-json.md) instead of text: the flat list."),
    ]
  )

  /// Sets the list's filter and prints its visible entries, as an outline or flat, with the
  /// settings (`list.filter`, `list.show-done`, `list.sort`) for what the command line leaves
  /// out.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    try await applyingSettings(context.settings, origin: context.session.settings?.origin(of: .listFilter))
      .show(in: context)
  }

  @MainActor func show(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    var written: TaskPaperSearch?
    if let whereSearch { written = try SearchArgument.parse(whereSearch, origin: "the --where search") }
    let app = try context.appStore(forReading: true)
    return try await app.withLoadedTasks(readOnly: true) { () throws(TaskmanError) in
      let today = app.today
      let index = app.shortIDs()
      let order = sort?.order
      var query = written
      if query == nil { query = try savedSearch(in: app.state.outline) }
      // A search selects any kind of item, done ones too unless --done says otherwise.
      let anyKind = search != nil || query != nil
      if flat || order != nil || json {
        app.send(.filterChanged(filter(today: today, kinds: anyKind ? Set(Item.Kind.allCases) : [.task], query: query)))
        var entries = app.state.visibleEntries
        if let order { entries = order.sorted(entries, firstSeen: order == .created ? app.state.source.firstSeenDates() : [:]) }
        let shortIDs = index.shortIDs(for: entries.map(\.item.id))
        if json {
          TaskJSON.writeList(entries, shortIDs: shortIDs, to: context.output)
        } else {
          let paths = TaskRowRenderer.projectPaths(for: entries.map(\.project), in: app.state.outline)
          let rows = zip(entries, shortIDs).map {
            TaskRowRenderer.Row(item: $0.item, shortID: $1, project: $0.project, projectPaths: paths)
          }
          context.output.write(TaskRowRenderer.render(rows, style: context.style))
        }
      } else {
        // Tag and date filters select tasks, as in the flat list (a note never "lacks" a tag
        // as a match); --search and --project select any item, and no filter shows them all.
        let selectsTasks = !tags.isEmpty || !notTags.isEmpty || dueBefore != nil || dueAfter != nil || overdue
        app.send(.filterChanged(filter(today: today, kinds: selectsTasks && !anyKind ? [.task] : Set(Item.Kind.allCases), query: query)))
        let pieces = OutlineRenderer.renderedPieces(
          of: app.state.outline, filter: app.state.filter, index: index, style: context.style, today: today
        )
        for piece in pieces { context.output.write(utf8: piece) }
      }
      // An empty list is an answer, not an error: exit 0 with no rows (1 is for ids that match nothing).
      return .success
    }
  }

  /// The feature's filter for these options on the day `today`; `--overdue` means due before
  /// today.
  func filter(today: TaskDate.Day, kinds: Set<Item.Kind> = [.task], query: TaskPaperSearch? = nil) -> TaskFilter {
    var status = status
    if query != nil, status == .open { status = .all }
    return TaskFilter(
      kinds: kinds,
      tags: tags.map { .has($0.name, value: Self.value(of: $0, today: today)) } + notTags.map { .lacks($0.name) },
      project: project,
      searchText: search,
      // `--tag done` asks for done items: the default, open items only, would show none.
      status: status == .open && tags.contains(where: { Tag.namesMatch($0.name, "done") }) ? .all : status.filterStatus,
      dueBefore: dueBefore?.resolve(today: today).start,
      dueAfter: dueAfter.map { date in
        let resolved = date.resolve(today: today)
        // After a day is after the whole day: later than its last minute.
        let end = resolved.end ?? resolved.start
        return end.time == nil ? TaskDate.Point(day: end.day, time: TaskDate.Time(hour: 23, minute: 59)) : end
      },
      overdueAsOf: overdue ? today : nil,
      // Not yet actionable items (a @start or @defer after today) hide unless asked for.
      actionableOn: status == .open ? today : nil,
      search: query.map { TaskFilter.SearchCondition($0, today: today) }
    )
  }

  /// The `--saved` search, read from the item that keeps it; nil without `--saved`.
  func savedSearch(in outline: Outline) throws(TaskmanError) -> TaskPaperSearch? {
    guard let saved else { return nil }
    guard let found = SavedSearch.named(saved, in: outline) else {
      let names = SavedSearch.all(in: outline).map { "'\(TextStyle.printable($0.name))'" }
      throw .nothingMatched(
        "no saved search is named '\(TextStyle.printable(saved))'"
          + (names.isEmpty ? "; there are none" : "; the saved searches are \(names.joinedAsAlternatives(conjunction: "and"))"),
        hint: "A saved search is an item tagged @search(<search>), named by its text; 'taskman searches' lists them."
      )
    }
    return try SearchArgument.parse(found.text, origin: "the saved search '\(TextStyle.printable(found.name))'")
  }
}

extension ListCommand {
  /// The value a `--tag` filter looks for: a relative date given for a date tag as taskman
  /// writes it into that tag (`due=friday` finds what `add … @due(friday)` stored), any other
  /// value as typed.
  static func value(of filter: TagFilter, today: TaskDate.Day) -> String? {
    guard let value = filter.value, TaskDate.isDateTagName(filter.name), (try? TaskDate.parse(value)) == nil,
      let resolved = try? TaskDate.resolve(value, today: today)
    else { return filter.value }
    return Tag(name: filter.name, date: resolved).value
  }
}

extension ListCommand {
  /// Whether the command line gave any option that selects items (not `--done` or `--all`).
  var selectsItems: Bool {
    !tags.isEmpty || !notTags.isEmpty || project != nil || search != nil || dueBefore != nil || dueAfter != nil
      || overdue || whereSearch != nil || saved != nil
  }

  /// The command with the settings for what its command line leaves out: `list.filter`'s
  /// selecting options when it gives none of its own, `list.filter`'s `--done` or `--all` (else
  /// `--all` when `list.show-done` is true) when it gives neither, and `list.sort` when it gives
  /// no `--sort`. A `list.filter` that `list` cannot read is a usage error naming where it was
  /// set (`origin`).
  func applyingSettings(_ settings: Settings, origin: SettingsOrigin?) throws(TaskmanError) -> ListCommand {
    var command = self
    var defaults = ListCommand()
    if !settings.listFilter.words.isEmpty {
      var globals = GlobalOptions()
      do throws(TaskmanError) {
        defaults = try ListCommand.parse(settings.listFilter.words[...], globals: &globals)
      } catch {
        let place = origin.map { " (\($0))" } ?? ""
        throw .usage(
          "the list.filter setting\(place) is '\(TextStyle.printable(settings.listFilter.settingText))': \(error.message)",
          hint: "Change it with 'taskman config set list.filter -- <options>', or give list filter options of its own."
        )
      }
    }
    if !selectsItems {
      command.tags = defaults.tags
      command.notTags = defaults.notTags
      command.project = defaults.project
      command.search = defaults.search
      command.dueBefore = defaults.dueBefore
      command.dueAfter = defaults.dueAfter
      command.overdue = defaults.overdue
      command.whereSearch = defaults.whereSearch
      command.saved = defaults.saved
    }
    if status == .open {
      command.status = defaults.status != .open ? defaults.status : settings.listShowDone ? .all : .open
    }
    if sort == nil { command.sort = settings.listSort }
    return command
  }
}

extension ListSort: ExpressibleByArgument {}
