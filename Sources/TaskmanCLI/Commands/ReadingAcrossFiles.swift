import Foundation
import TaskManager
import TerminalUI

// The reading commands over several files (see ``TaskFileSet``): each file is read under its
// own shared lock, short ids are unique across all of them, and each item shows its file: a
// heading per file (`==> work.taskpaper <==`, as `head` marks files) where a command prints a
// file's items together, the file's name beside the project where one list mixes files
// (`agenda`), and a `"file"` key (the path) on each item of `--json`. A file that cannot be
// read is reported on standard error, and the others are still shown (exit 3 at the end).

extension ListCommand {
  /// `list` over several files: the outline (or the flat list, sorted within each file) of
  /// each file under its heading; `--json` one list, grouped by file. `--saved` runs the saved
  /// search of the first file that has one of that name, in every file.
  @MainActor
  func runAcrossFiles(_ set: TaskFileSet, in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    var command = try applyingSettings(context.settings, origin: context.session.settings?.origin(of: .listFilter))
    let reads = try await context.readEvery(set, forChange: false)
    if let saved = command.saved {
      let outlines = reads.compactMap { $0.app?.state.outline }
      if let found = outlines.lazy.compactMap({ SavedSearch.named(saved, in: $0) }).first {
        command.whereSearch = found.text
        command.saved = nil
      } else {
        _ = try command.savedSearch(in: outlines.first ?? Outline())
      }
    }
    guard command.json else {
      // Each file's part as `list` prints one file, the settings applied once already.
      var status = ExitCode.success
      for (number, read) in reads.enumerated() {
        context.output.write(context.fileHeading(read.label, first: number == 0))
        do throws(TaskmanError) {
          if let failure = read.failure { throw failure }
          context.session.otherFiles = context.otherFiles(than: read.file, in: reads)
          status = max(status, try await command.show(in: context.narrowed(to: read.file)))
        } catch {
          context.session.report(error)
          status = max(status, error.exitCode)
        }
      }
      return status
    }
    var written: TaskPaperSearch?
    if let whereSearch = command.whereSearch { written = try SearchArgument.parse(whereSearch, origin: "the --where search") }
    let index = TaskFileSet.shortIDs(over: reads.compactMap { $0.app?.state.tasks.elements })
    var items: [JSONValue] = []
    var status = ExitCode.success
    for read in reads {
      guard let app = read.app else {
        if let failure = read.failure { context.session.report(failure) }
        status = max(status, read.failure?.exitCode ?? .dataFileUnreadable)
        continue
      }
      let today = app.today
      let anyKind = command.search != nil || written != nil
      app.send(.filterChanged(command.filter(today: today, kinds: anyKind ? Set(Item.Kind.allCases) : [.task], query: written)))
      var entries = app.state.visibleEntries
      if let order = command.sort?.order {
        entries = order.sorted(entries, firstSeen: order == .created ? app.state.source.firstSeenDates() : [:])
      }
      items += Self.jsonItems(TaskJSON.list(entries, shortIDs: index.shortIDs(for: entries.map(\.item.id))), file: read.file.path)
    }
    context.output.write(JSONValue.object(["items": .array(items)]).text)
    return status
  }

  /// The items of a document `{"items": […]}`, each with `"file": path` added.
  static func jsonItems(_ document: JSONValue, file path: String) -> [JSONValue] {
    guard case .object(let fields) = document, case .array(let items)? = fields["items"] else { return [] }
    return items.map { item in
      guard case .object(var fields) = item else { return item }
      fields["file"] = .string(path)
      return .object(fields)
    }
  }
}

extension QueryCommand {
  /// `query` over several files: each file's matches under its heading (files without any
  /// are left out); `--json` one list with each item's `"file"`. Exit 1 when no file has any.
  @MainActor
  func runAcrossFiles(_ set: TaskFileSet, in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let search = try SearchArgument.parse(search)
    let reads = try await context.readEvery(set, forChange: false)
    let index = TaskFileSet.shortIDs(over: reads.compactMap { $0.app?.state.tasks.elements })
    var items: [JSONValue] = []
    var found = false
    var failed: ExitCode?
    var first = true
    for read in reads {
      guard let app = read.app else {
        if let failure = read.failure { context.session.report(failure) }
        failed = max(failed ?? .success, read.failure?.exitCode ?? .dataFileUnreadable)
        continue
      }
      let outline = app.state.outline
      let entries = search.entries(in: outline, today: app.today)
      guard !entries.isEmpty else { continue }
      found = true
      let shortIDs = index.shortIDs(for: entries.map(\.item.id))
      if json {
        items += ListCommand.jsonItems(TaskJSON.list(entries, shortIDs: shortIDs), file: read.file.path)
      } else {
        context.output.write(context.fileHeading(read.label, first: first))
        first = false
        let paths = TaskRowRenderer.projectPaths(for: entries.map(\.project), in: outline)
        let rows = zip(entries, shortIDs).map {
          TaskRowRenderer.Row(item: $0.item, shortID: $1, project: $0.project, projectPaths: paths)
        }
        context.output.write(TaskRowRenderer.render(rows, style: context.style))
      }
    }
    if json { context.output.write(JSONValue.object(["items": .array(items)]).text) }
    return failed ?? (found ? .success : .nothingMatched)
  }
}

extension AgendaCommand {
  /// `agenda` over several files: one agenda, each group's items from every file sorted by
  /// their due dates together, each row's project preceded by its file's name
  /// (`(work.taskpaper: Errands)`); `--json` with each item's `"file"`.
  @MainActor
  func runAcrossFiles(_ set: TaskFileSet, in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    guard (0...3650).contains(days) else {
      throw .usage("--days must be a number of days from 0 to 3650, not \(days)", usage: Self.usage)
    }
    let reads = try await context.readEvery(set, forChange: false)
    let index = TaskFileSet.shortIDs(over: reads.compactMap { $0.app?.state.tasks.elements })
    // Each group's entries with the file each came from.
    typealias Found = (entry: Outline.Entry, read: Int, outline: Outline)
    var groups: [[Found]] = [[], [], []]
    var status = ExitCode.success
    for (number, read) in reads.enumerated() {
      guard let app = read.app else {
        if let failure = read.failure { context.session.report(failure) }
        status = max(status, read.failure?.exitCode ?? .dataFileUnreadable)
        continue
      }
      let outline = app.state.outline
      let agenda = Agenda(outline, today: app.today, days: days)
      for (group, entries) in [agenda.overdue, agenda.today, agenda.upcoming].enumerated() {
        groups[group] += entries.map { ($0, number, outline) }
      }
    }
    // The order `Agenda` gives one file's: by due day; on a day, at a time (earliest first)
    // before without one. Stable, so a file's own order stays among equal dates.
    func precedes(_ lhs: (offset: Int, element: Found), _ rhs: (offset: Int, element: Found)) -> Bool {
      let a = TaskFilter.deadline(of: lhs.element.entry.item), b = TaskFilter.deadline(of: rhs.element.entry.item)
      if let a, let b {
        if a.day != b.day { return a.day < b.day }
        if (a.time == nil) != (b.time == nil) { return a.time != nil }
        if let at = a.time, let bt = b.time, at != bt { return at < bt }
      }
      return lhs.offset < rhs.offset
    }
    groups = groups.map { group in group.enumerated().sorted(by: precedes).map(\.element) }
    let today = reads.lazy.compactMap { $0.app?.today }.first
    if json {
      let names = ["overdue", "today", "upcoming"]
      var fields: [String: JSONValue] = [:]
      for (group, found) in groups.enumerated() {
        fields[names[group]] = .array(
          found.map { found in
            let one = Agenda.single(found.entry, in: group, today: today!)
            let document = TaskJSON.agenda(one, shortID: index.shortID(for:))
            guard case .object(let parts) = document, case .array(let items)? = parts[names[group]], case .object(var item)? = items.first else {
              return .null
            }
            item["file"] = .string(reads[found.read].file.path)
            return .object(item)
          }
        )
      }
      context.output.write(JSONValue.object(fields).text)
      return status
    }
    guard groups.contains(where: { !$0.isEmpty }) else {
      context.output.write("Nothing is due in the next \(days) \(days == 1 ? "day" : "days").\n")
      return status
    }
    let style = context.style
    let headings = ["Overdue", "Today", "Next \(days) \(days == 1 ? "day" : "days")"]
    var first = true
    for (group, found) in groups.enumerated() where !found.isEmpty {
      if !first { context.output.write("\n") }
      first = false
      context.output.write(style.bold(headings[group]) + "\n")
      let shortIDs = index.shortIDs(for: found.map(\.entry.item.id))
      let rows = zip(found, shortIDs).map { found, shortID in
        let paths = TaskRowRenderer.projectPaths(for: [found.entry.project], in: found.outline)
        var row = TaskRowRenderer.Row(item: found.entry.item, shortID: shortID, project: found.entry.project, projectPaths: paths)
        let label = reads[found.read].label
        row.project = row.project.map { "\(label): \($0)" } ?? label
        return row
      }
      let isOverdue = group == 0
      context.output.write(
        TaskRowRenderer.render(rows, style: isOverdue ? .plain : style, indent: "  ", paintingLines: isOverdue ? style.overdue : { $0 })
      )
    }
    return status
  }
}

extension Agenda {
  /// An agenda holding `entry` alone, in `group` (0 overdue, 1 today, 2 upcoming): for
  /// ``TaskJSON/agenda(_:shortID:)``'s shape of one item.
  fileprivate static func single(_ entry: Outline.Entry, in group: Int, today: TaskDate.Day) -> Agenda {
    var agenda = Agenda(Outline(), today: today)
    switch group {
    case 0: agenda.overdue = [entry]
    case 1: agenda.today = [entry]
    default: agenda.upcoming = [entry]
    }
    return agenda
  }
}

extension TagsCommand {
  /// `tags` over several files: every tag name with the number of items carrying it in all
  /// of them together.
  @MainActor
  func runAcrossFiles(_ set: TaskFileSet, in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let reads = try await context.readEvery(set, forChange: false)
    var status = ExitCode.success
    var items: [Item] = []
    for read in reads {
      guard let app = read.app else {
        if let failure = read.failure { context.session.report(failure) }
        status = max(status, read.failure?.exitCode ?? .dataFileUnreadable)
        continue
      }
      var walk = OutlineWalk(app.state.tasks.elements)
      while walk.next() { items.append(walk.item) }
    }
    let counts = TagCount.counts(in: items)
    if json {
      context.output.write(TaskJSON.tags(counts.map { (name: $0.name, count: $0.count) }).text)
      return status
    }
    let names = counts.map { "@" + TextStyle.printable($0.name) }
    let widths = names.map(DisplayWidth.of)
    let width = widths.max() ?? 0
    for (index, count) in counts.enumerated() {
      let padding = String(repeating: " ", count: max(0, width - widths[index]))
      context.output.write(context.style.tag(names[index]) + padding + "  \(count.count)\n")
    }
    return status
  }
}

extension ProjectsCommand {
  /// `projects` over several files: each file's projects under its heading; `--json` one
  /// list with each project's `"file"`.
  @MainActor
  func runAcrossFiles(_ set: TaskFileSet, in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    guard json else { return try await context.runInEach(self, of: set) }
    let reads = try await context.readEvery(set, forChange: false)
    let index = TaskFileSet.shortIDs(over: reads.compactMap { $0.app?.state.tasks.elements })
    var projects: [JSONValue] = []
    var status = ExitCode.success
    for read in reads {
      guard let app = read.app else {
        if let failure = read.failure { context.session.report(failure) }
        status = max(status, read.failure?.exitCode ?? .dataFileUnreadable)
        continue
      }
      let document = TaskJSON.projects(app.state.outline.projectSummaries(), shortID: index.shortID(for:))
      guard case .object(let fields) = document, case .array(let items)? = fields["projects"] else { continue }
      projects += items.map { item in
        guard case .object(var fields) = item else { return item }
        fields["file"] = .string(read.file.path)
        return .object(fields)
      }
    }
    context.output.write(JSONValue.object(["projects": .array(projects)]).text)
    return status
  }
}

extension SearchesCommand {
  /// `searches` over several files: each file's saved searches under its heading (files with
  /// none are left out); `--json` one list with each search's `"file"`. Exit 1 when no file
  /// has any.
  @MainActor
  func runAcrossFiles(_ set: TaskFileSet, in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let reads = try await context.readEvery(set, forChange: false)
    let index = TaskFileSet.shortIDs(over: reads.compactMap { $0.app?.state.tasks.elements })
    var searches: [JSONValue] = []
    var found = false
    var failed: ExitCode?
    var first = true
    for read in reads {
      guard let app = read.app else {
        if let failure = read.failure { context.session.report(failure) }
        failed = max(failed ?? .success, read.failure?.exitCode ?? .dataFileUnreadable)
        continue
      }
      let saved = SavedSearch.all(in: app.state.outline)
      guard !saved.isEmpty else { continue }
      found = true
      if json {
        let document = TaskJSON.searches(saved, shortID: index.shortID(for:))
        guard case .object(let fields) = document, case .array(let items)? = fields["searches"] else { continue }
        searches += items.map { item in
          guard case .object(var fields) = item else { return item }
          fields["file"] = .string(read.file.path)
          return .object(fields)
        }
      } else {
        context.output.write(context.fileHeading(read.label, first: first))
        first = false
        Self.write(saved, in: context)
      }
    }
    if json { context.output.write(JSONValue.object(["searches": .array(searches)]).text) }
    return failed ?? (found ? .success : .nothingMatched)
  }
}
