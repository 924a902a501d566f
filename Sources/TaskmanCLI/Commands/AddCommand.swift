import Foundation
import TaskManager

/// `taskman add <text>... [--project <name>] [--under <id>]`
struct AddCommand: ParsableCommand, Equatable {
  /// The words of the task's line, joined with spaces.
  var text: [String] = []
  var project: String?
  var newProject = false
  var under: String?
  var destination: String?

  static let configuration = CommandConfiguration<Self>(
    name: "add",
    abstract: "Add a task. The text is a TaskPaper line, so tags in it tag the task. Prints the new task's short id.",
    discussion: """
      The task goes at the end of the list (or of the inbox project the add.project setting names, created the first time), of a project (--project, created when there is none of that name and none close to it), or of an item's children (--under). A leading '- ' is TaskPaper's task marker and may be typed or not; any other text starting with '-' goes after '--'. Dates in @due, @start and the like may be relative (@due(tomorrow), @due(friday), @due(+3d)): they are stored as the date they mean. Control characters (tabs, line feeds, escapes) and bidirectional controls (U+202E, a right-to-left override, and the like) are refused, as in every argument: they would split the line, drive the terminal, or show the text in another order than it is stored.
      """,
    examples: [
      "taskman add Buy milk @shopping @due(2026-12-01)",
      "taskman add Paint the fence --project Home",
      "taskman add Call the plumber --under 3f2a",
      "taskman add -- -5 degrees: bring a coat",
    ],
    parameters: [
      .arguments(\.text, name: "text", value: .text, help: "The task's title and tags, like: Buy milk @shopping @due(2026-12-01)."),
      .option(
        \.project, name: "project", short: "p", valueName: "name", value: .project,
        help: "Add it at the end of this project: its name (ignoring case) or, when several have it, its path (Home/Garden). A new name is created, unless it is close to a project's (then use --new-project)."
      ),
      .flag(\.newProject, name: "new-project", help: "Create the --project named even when its name is close to an existing project's."),
      .option(\.under, name: "under", valueName: "id", value: .id, help: "Add it at the end of this item's children."),
      .option(\.destination, name: "to", valueName: "file", value: .path, help: "With several files (--file given more than once, or the files setting): the one to add to, by its path or the name taskman shows beside its items. Default: the first."),
    ]
  )

  /// The words of the task as one line, a space between each two: by a loop, since the first
  /// `joined(separator:)` of a process looks up its types at run time (0.1 ms).
  static func words(_ words: [String]) -> String {
    var line = ""
    for (index, word) in words.enumerated() {
      if index > 0 { line += " " }
      line += word
    }
    return line
  }

  /// Opens the add form at the position asked for, types the text into it and saves it, as a
  /// person would; the form's error (`Unable to convert … into a task.`) is the command's.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    if project != nil && under != nil {
      throw .usage("--project and --under cannot go together", usage: Self.usage, hint: "Choose where the task goes: in a project, or under an item.")
    }
    let line = Self.taskLine(Self.words(text))
    let app = try context.appStore()
    return try await app.withLoadedTasks { () throws(TaskmanError) in
      var position: OutlinePosition?
      var createdProject: String?
      if let project {
        let choice = try ProjectChoice(project, in: app.state.outline, allowingNew: newProject)
        (position, createdProject) = (choice.position, choice.created)
      }
      if let under { position = .inside(try app.resolve([under])[0].id) }
      if let position {
        app.send(.addTaskTapped(at: position))
      } else {
        // No place given: the form puts the task where the settings say (`add.project`).
        app.send(.settingsChanged(context.settings))
        if let inbox = app.state.settings.addProject.title, app.state.outline.project(named: inbox) == nil {
          createdProject = inbox
        }
        app.send(.addButtonTapped)
      }
      guard case .addTask(let form)? = app.state.destination else {
        throw TaskmanError(.usage, "the task list did not open its add form")
      }
      app.send(.destination(.presented(.addTask(.binding(.set(\.text, line))))))
      app.send(.destination(.presented(.addTask(.saveButtonTapped))))
      await app.waitForEffects()
      if case .addTask(let refused)? = app.state.destination {
        app.send(.destination(.dismiss))
        throw .usage(
          refused.errorMessage ?? "the task was not added",
          hint: Self.hasTagsButNoTitle(line)
            ? "A task needs a title before its tags, like: taskman add Call Bob \(Self.words(text).drop { $0 == "-" || $0 == " " })"
            : "A task is one line of TaskPaper: a title, then tags, like: taskman add Buy milk @shopping @due(2026-12-01)"
        )
      }
      try await app.finishChanges()
      // The new item is looked for (through the whole outline, when it went under a project)
      // only when a date tag was typed otherwise than as a date: relative ones are resolved.
      let typed = TaskPaperParser.parse(line, makeID: { form.id }).items.first?.tags ?? []
      if typed.contains(where: { TaskDate.problem(with: $0) != nil }) {
        context.warnAboutDates(in: app.state.item(withID: form.id)?.tags ?? [])
      }
      if let createdProject {
        context.errors.write("Created the project “\(createdProject)”.\n")
      }
      context.output.write(ShortIDIndex.shortID(for: form.id, among: app.state.tasks.elements) + "\n")
      return .success
    }
  }

  /// The title of the project `--project` names, or a usage error saying why it cannot be one.
  static func projectTitle(_ name: String) throws(TaskmanError) -> String {
    do throws(OutlineError) {
      return try OutlinePosition.validProjectTitle(name)
    } catch {
      throw .usage(error.description, hint: "A project's name is the text of its line before the “:”, like: --project Home")
    }
  }

  /// Whether `line` reads as a task of tags only, which the form refuses for want of a title.
  static func hasTagsButNoTitle(_ line: String) -> Bool {
    guard let item = TaskPaperParser.parse(line, makeID: { UUID() }).items.first else { return false }
    return item.title.allSatisfy(\.isWhitespace) && !item.tags.isEmpty
  }

  /// The line to type into the form: the text with TaskPaper's task marker, which the text may
  /// already have (`- Buy milk`); any other leading `-` (`-5 degrees`) is part of the title.
  static func taskLine(_ text: String) -> String {
    // Nothing but blanks is no task: the form says so.
    if text.allSatisfy({ $0 == " " || $0 == "\t" }) { return text }
    if text.hasPrefix("- ") || text.hasPrefix("-\t") || text == "-" { return text }
    return "- " + text
  }
}
