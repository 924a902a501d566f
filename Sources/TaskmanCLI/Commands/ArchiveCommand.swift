import Foundation
import TaskManager

/// `taskman archive [--where <search>]`
struct ArchiveCommand: ParsableCommand, Equatable {
  var whereSearch: String?

  static let configuration = CommandConfiguration<Self>(
    name: "archive",
    abstract: "Move every done item into the Archive: project at the end of the file, as the TaskPaper app's \"Archive @done Items\" does.",
    discussion: "Each done item moves with everything under it to the start of the top-level Archive: project (added at the end of the file when missing), tagged @project(<the projects it came from, joined by ' / '>) unless it has a @project tag already. Done items already in the archive stay where they are. With --where '<search>', only the done items the search finds move (a found done item under a done item not found moves on its own). One change: 'taskman undo' puts every item back.",
    examples: ["taskman archive", "taskman archive --where 'project Work'"],
    parameters: [
      .option(
        \.whereSearch, name: "where", short: "w", valueName: "search", value: .search,
        help: "Only the done items this TaskPaper search finds (see 'taskman help query' and Documentation/Searches.md)."
      )
    ]
  )

  /// Sends `archiveDone` (`archiveDoneItems` with a search), saying how many items it moved.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let search = try whereSearch.map { text throws(TaskmanError) in try SearchArgument.parse(text, origin: "the --where search") }
    let app = try context.appStore()
    return try await app.withLoadedTasks { () throws(TaskmanError) in
      let outline = app.state.outline
      let matched = search.map { $0.matches(in: outline, today: app.today) }
      let count = outline.doneItemsToArchive(among: matched.map(Set.init)).count
      guard count > 0 else {
        let matching = search.map { " matches '\(TextStyle.printable($0.text))'" } ?? ""
        context.output.write("Nothing to archive: no done item outside the Archive: project\(matching).\n")
        return .success
      }
      try await app.change(matched.map { .archiveDoneItems(ids: $0) } ?? .archiveDone)
      context.output.write("Archived \(count) done \(count == 1 ? "item" : "items").\n")
      return .success
    }
  }
}
