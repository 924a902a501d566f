import TaskManager

/// `taskman move <id> (--under <id> | --project <name> | --before <id> | --after <id> | --top | --top-level) [--json]`
struct MoveCommand: ParsableCommand, Equatable {
  var id = ""
  var under: String?
  var project: String?
  var newProject = false
  var before: String?
  var after: String?
  var top = false
  var topLevel = false
  var json = false

  static let configuration = CommandConfiguration<Self>(
    name: "move",
    abstract: "Move an item, with everything under it, elsewhere in the outline. 'taskman undo' moves it back.",
    discussion: "Give exactly one of the places. An item cannot go under itself or under an item of its own. '--top' puts the item first in the file; '--top-level' takes it out of its project to the end of the file.",
    examples: ["taskman move 3f2a --project Errands", "taskman move 3f2a --before 9c01", "taskman move 3f2a --top", "taskman move 3f2a --top-level"],
    parameters: [
      .argument(\.id, name: "id", value: .id, help: "The item's id, or any unique prefix of it."),
      .option(\.under, name: "under", valueName: "id", value: .id, help: "At the end of this item's children."),
      .option(
        \.project, name: "project", short: "p", valueName: "name", value: .project,
        help: "At the end of this project: its name (ignoring case) or, when several have it, its path (Home/Garden). A new name is created, unless it is close to a project's (then use --new-project)."
      ),
      .flag(\.newProject, name: "new-project", help: "Create the --project named even when its name is close to an existing project's."),
      .option(\.before, name: "before", valueName: "id", value: .id, help: "Right before this item, under its parent."),
      .option(\.after, name: "after", valueName: "id", value: .id, help: "Right after this item (and what is under it), under its parent."),
      .flag(\.top, name: "top", help: "First in the outline: before the first top-level item."),
      .flag(\.topLevel, name: "top-level", help: "At the end of the top level: the end of the file."),
      .flag(\.json, name: "json", help: "Print the moved item as JSON (see Documentation/taskman-json.md) instead of text."),
    ]
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let places = [under != nil, project != nil, before != nil, after != nil, top, topLevel].filter { $0 }.count
    guard places == 1 else {
      throw .usage(
        places == 0 ? "move needs a place to move the item to" : "move takes one place, not \(places)",
        usage: Self.usage, hint: "Give one of --under <id>, --project <name>, --before <id>, --after <id>, --top or --top-level."
      )
    }
    let app = try context.appStore()
    return try await app.withLoadedTasks { () throws(TaskmanError) in
      let index = app.shortIDs()
      let item = try app.resolve(id, in: index)
      let position: OutlinePosition
      var createdProject: String?
      if let under {
        position = .inside(try app.resolve(under, in: index).id)
      } else if let project {
        let choice = try ProjectChoice(project, in: app.state.outline, allowingNew: newProject)
        (position, createdProject) = (choice.position, choice.created)
      } else if let before {
        position = .before(try app.resolve(before, in: index).id)
      } else if let after {
        position = .after(try app.resolve(after, in: index).id)
      } else if top {
        position = .first
      } else {
        position = .top
      }
      let serial = app.state.journal?.nextSerial
      try await app.change(.move(item.id, to: position))
      // A move to where the item already is records no change (and `undo` would undo another).
      let moved = app.state.journal?.nextSerial != serial || createdProject != nil
      // A created project is a new item, which can lengthen short ids; otherwise the ids are
      // the ones the move started with.
      let shortIDs = createdProject == nil ? index : app.shortIDs()
      if json {
        guard let moved = app.state.outline.entry(withID: item.id) else {
          throw TaskmanError(.usage, "the task list did not keep the moved item")
        }
        context.output.write(TaskJSON.moved(moved, createdProject: createdProject, shortID: shortIDs.shortID(for:)).text)
        return .success
      }
      let rows = app.rows(for: [item.id], index: shortIDs)
      if let createdProject { context.output.write("Created the project “\(createdProject)”.\n") }
      let verb = moved ? "Moved " : "Already there: "
      context.output.write(TaskRowRenderer.render(rows, style: context.style).split(separator: "\n").map { verb + $0 + "\n" }.joined())
      return .success
    }
  }
}
