import TaskManager

/// `taskman project <name>...`
struct ProjectCommand: ParsableCommand, Equatable {
  var name: [String] = []
  var destination: String?

  static let configuration = CommandConfiguration<Self>(
    name: "project",
    abstract: "Add a project at the end of the list. Prints its short id.",
    discussion: "The name is the project's line without its ':', and tags may follow it, as on the line. A project of that name (ignoring case) must not exist yet; tasks go into one with 'taskman add --project <name>', which also creates it when missing.",
    examples: ["taskman project Home renovation", "taskman project Errands @weekend"],
    parameters: [
      .arguments(\.name, name: "name", value: .text, help: "The project's name, like: Home renovation; tags may follow."),
      .option(\.destination, name: "to", valueName: "file", value: .path, help: "With several files (--file given more than once, or the files setting): the one to add to, by its path or the name taskman shows beside its items. Default: the first."),
    ]
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let line = name.joined(separator: " ")
    // The name without the tags, for finding the project: checked by the task list itself.
    let title = (try? OutlinePosition.project(fromLine: line))?.title ?? line
    let app = try context.appStore()
    return try await app.withLoadedTasks { () throws(TaskmanError) in
      // Worked out only for a refusal: whether the name is a project's already.
      try await app.change(
        .addProject(line),
        hint: app.state.outline.project(named: title) != nil
          ? "Add tasks to it with: taskman add <text> --project \(OutlinePosition.projectTitle(title))"
          : "A project's name is the text of its line before the “:”, like: taskman project Home renovation"
      )
      guard let project = app.state.outline.project(named: title) else {
        throw TaskmanError(.usage, "the task list did not add the project")
      }
      context.warnAboutDates(in: project.tags)
      context.output.write(app.shortIDs().shortID(for: project.id) + "\n")
      return .success
    }
  }
}
