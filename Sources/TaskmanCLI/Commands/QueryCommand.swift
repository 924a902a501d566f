import Foundation
import TaskManager

/// `taskman query <search> [--json]`
struct QueryCommand: ParsableCommand, Equatable {
  var search = ""
  var json = false

  static let configuration = CommandConfiguration<Self>(
    name: "query",
    abstract: "List the items a TaskPaper search finds, one per line in document order.",
    discussion: """
      The search is in the language of the TaskPaper app (see Documentation/Searches.md): @due < [d]today and not @done, project Work//@flag, //@today union //@flag, (//task)[0:3]. A word alone finds the items whose line contains it, ignoring case; @tag alone the items with that tag. Prints exactly what the search finds, done items included, each line as 'list --flat' prints it (short id, the line, its project). Exits with status 1 when nothing matches, and 2 when the search does not parse (the message names the column and what was expected there). 'list --where' shows the same items in the outline, under their parents.
      """,
    examples: [
      "taskman query '@due < [d]today and not @done'",
      "taskman query 'project Work//@flag'",
      "taskman query '//@today union //@flag' --json",
    ],
    parameters: [
      .argument(\.search, name: "search", value: .search, help: "The search, in TaskPaper's language; quote it for the shell."),
      .flag(\.json, name: "json", help: "Print JSON (see Documentation/taskman-json.md) instead of text: as 'list --json'."),
    ]
  )

  /// Prints the items the search finds in document order; exit 1 when there are none.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let search = try SearchArgument.parse(search)
    return try await Self.show(search, json: json, in: context)
  }

  /// Prints what `search` finds as flat rows or JSON: shared with `list --saved --flat`.
  @MainActor static func show(_ search: TaskPaperSearch, json: Bool, in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let app = try context.appStore(forReading: true)
    return try await app.withLoadedTasks(readOnly: true) { () throws(TaskmanError) in
      let outline = app.state.outline
      let entries = search.entries(in: outline, today: app.today)
      let shortIDs = app.shortIDs().shortIDs(for: entries.map(\.item.id))
      if json {
        TaskJSON.writeList(entries, shortIDs: shortIDs, to: context.output)
      } else {
        let paths = TaskRowRenderer.projectPaths(for: entries.map(\.project), in: outline)
        let rows = zip(entries, shortIDs).map {
          TaskRowRenderer.Row(item: $0.item, shortID: $1, project: $0.project, projectPaths: paths)
        }
        context.output.write(TaskRowRenderer.render(rows, style: context.style))
      }
      return entries.isEmpty ? .nothingMatched : .success
    }
  }
}
