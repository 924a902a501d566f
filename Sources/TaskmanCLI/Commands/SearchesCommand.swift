import TaskManager
import TerminalUI

/// `taskman searches [--json]`
struct SearchesCommand: ParsableCommand, Equatable {
  var json = false

  static let configuration = CommandConfiguration<Self>(
    name: "searches",
    abstract: "List the saved searches: the items tagged @search(…) in the file.",
    discussion: """
      The TaskPaper app keeps a saved search as an item tagged with it, e.g. '- Overdue @search(@due < [d]today and not @done)'; its name is the item's text without tags. Run one with 'taskman list --saved <name>'. Exits with status 1 when there are none.
      """,
    examples: ["taskman searches", "taskman list --saved overdue", "taskman searches --json"],
    parameters: [
      .flag(\.json, name: "json", help: "Print JSON (see Documentation/taskman-json.md) instead of text: each search's name, search and item.")
    ]
  )

  /// Prints each saved search's name and its search, lined up.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let app = try context.appStore(forReading: true)
    return try await app.withLoadedTasks(readOnly: true) { () throws(TaskmanError) in
      let saved = SavedSearch.all(in: app.state.outline)
      if json {
        let index = app.shortIDs()
        context.output.write(TaskJSON.searches(saved, shortID: index.shortID(for:)).text)
        return saved.isEmpty ? .nothingMatched : .success
      }
      Self.write(saved, in: context)
      return saved.isEmpty ? .nothingMatched : .success
    }
  }

  /// Each saved search's name and its search, the searches lined up.
  static func write(_ saved: [SavedSearch], in context: CommandContext) {
    let names = saved.map { TextStyle.printable($0.name) }
    let width = names.map(DisplayWidth.of).max() ?? 0
    for (name, search) in zip(names, saved) {
      let padding = String(repeating: " ", count: width - DisplayWidth.of(name))
      context.output.write(name + padding + "  " + TextStyle.printable(search.text) + "\n")
    }
  }
}
