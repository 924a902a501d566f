import Foundation
import TaskManager

/// `taskman agenda [--days <n>] [--json]`
struct AgendaCommand: ParsableCommand, Equatable {
  var days = 7
  var json = false

  static let configuration = CommandConfiguration<Self>(
    name: "agenda",
    abstract: "What is due: overdue, due today, and due in the next days, each sorted by date.",
    discussion: "Items that are not done (nor under a done item) and have a @due date, at any depth. An item whose @start(…) or @defer(…) date is after today is left out until that day, and shows from its start day on. On one day, items due at a time come first, earliest first, then those due that day without a time. Overdue items are red on a terminal.",
    examples: ["taskman agenda", "taskman agenda --days 14"],
    parameters: [
      .option(\.days, name: "days", valueName: "n", value: .number, help: "How many days after today to look ahead. Default: 7."),
      .flag(\.json, name: "json", help: "Print JSON (see Documentation/taskman-json.md) instead of text."),
    ]
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    guard (0...3650).contains(days) else {
      throw .usage("--days must be a number of days from 0 to 3650, not \(days)", usage: Self.usage)
    }
    let app = try context.appStore(forReading: true)
    return try await app.withLoadedTasks(readOnly: true) { () throws(TaskmanError) in
      let agenda = Agenda(app.state.outline, today: app.today, days: days)
      let index = app.shortIDs()
      if json {
        context.output.write(TaskJSON.agenda(agenda, shortID: index.shortID(for:)).text)
        return .success
      }
      guard !agenda.isEmpty else {
        context.output.write("Nothing is due in the next \(days) \(days == 1 ? "day" : "days").\n")
        return .success
      }
      let style = context.style
      let groups: [(String, [Outline.Entry], Bool)] = [
        ("Overdue", agenda.overdue, true),
        ("Today", agenda.today, false),
        ("Next \(days) \(days == 1 ? "day" : "days")", agenda.upcoming, false),
      ]
      // The short ids of all three groups at once (see ``ShortIDIndex/shortIDs(for:)``).
      var shortIDs = index.shortIDs(for: groups.flatMap { $0.1.map(\.item.id) })[...]
      var first = true
      for (heading, entries, isOverdue) in groups where !entries.isEmpty {
        if !first { context.output.write("\n") }
        first = false
        context.output.write(style.bold(heading) + "\n")
        let paths = TaskRowRenderer.projectPaths(for: entries.map(\.project), in: app.state.outline)
        let rows = zip(entries, shortIDs.prefix(entries.count)).map {
          TaskRowRenderer.Row(item: $0.item, shortID: $1, project: $0.project, projectPaths: paths)
        }
        shortIDs = shortIDs.dropFirst(entries.count)
        context.output.write(
          TaskRowRenderer.render(rows, style: isOverdue ? .plain : style, indent: "  ", paintingLines: isOverdue ? style.overdue : { $0 })
        )
      }
      return .success
    }
  }
}
