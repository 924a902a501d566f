import TaskManager

/// `taskman projects [--json]`
struct ProjectsCommand: ParsableCommand, Equatable {
  var json = false

  static let configuration = CommandConfiguration<Self>(
    name: "projects",
    abstract: "List every project, nested as in the outline, with how many of its tasks are open.",
    discussion: "A task counts in the nearest project it sits in, at any depth below it.",
    examples: ["taskman projects"],
    parameters: [
      .flag(\.json, name: "json", help: "Print JSON (see Documentation/taskman-json.md) instead of text.")
    ]
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let app = try context.appStore(forReading: true)
    return try await app.withLoadedTasks(readOnly: true) { () throws(TaskmanError) in
      let summaries = app.state.outline.projectSummaries()
      let index = app.shortIDs()
      if json {
        context.output.write(TaskJSON.projects(summaries, shortID: index.shortID(for:)).text)
        return .success
      }
      let ids = summaries.map { index.shortID(for: $0.entry.item.id) }
      let idWidth = ids.map(\.count).max() ?? 0
      // Indented by the projects each sits in: one under a task or a note is in no project.
      let names = summaries.map { String(repeating: "  ", count: $0.projectDepth) + TextStyle.printable($0.entry.item.title) }
      let nameWidth = names.map(\.count).max() ?? 0
      for (summary, (id, name)) in zip(summaries, zip(ids, names)) {
        var counts = "\(summary.openTasks) open"
        if summary.doneTasks > 0 { counts += ", \(summary.doneTasks) done" }
        let line =
          context.style.id(id) + String(repeating: " ", count: idWidth - id.count) + "  "
          + context.style.project(name) + String(repeating: " ", count: nameWidth - name.count) + "  " + counts
        context.output.write((summary.openTasks == 0 ? context.style.dim(line) : line) + "\n")
      }
      return .success
    }
  }
}
