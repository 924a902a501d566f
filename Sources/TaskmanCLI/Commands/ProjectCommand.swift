import TaskManager

/// `taskman project <name>...`
struct ProjectCommand: ParsableCommand, Equatable {
  var name: [String] = []

  static let configuration = CommandConfiguration<Self>(
    name: "project",
    abstract: "Add a project at the end of the list. Prints its short id.",
    discussion: "The name is the project's line without its ':'. A project of that name (ignoring case) must not exist yet; tasks go into one with 'taskman add --project <name>', which also creates it when missing.",
    examples: ["taskman project Home renovation"],
    parameters: [
      .arguments(\.name, name: "name", help: "The project's name, like: Home renovation.")
    ]
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let title = name.joined(separator: " ")
    let app = try context.appStore()
    return try await app.withLoadedTasks { () throws(TaskmanError) in
      app.send(.addProject(title))
      if let message = app.state.errorMessage {
        let exists = app.state.outline.project(named: title) != nil
        throw .usage(
          message,
          hint: exists
            ? "Add tasks to it with: taskman add <text> --project \(OutlinePosition.projectTitle(title))"
            : "A project's name is the text of its line before the “:”, like: taskman project Home renovation"
        )
      }
      try await app.finishChanges()
      guard let project = app.state.outline.project(named: title) else {
        throw TaskmanError(.usage, "the task list did not add the project")
      }
      context.output.write(app.shortIDs().shortID(for: project.id) + "\n")
      return .success
    }
  }
}

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
      let names = summaries.map { String(repeating: "  ", count: $0.entry.depth) + TextStyle.printable($0.entry.item.title) }
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
