import TaskManager

/// `taskman move (<id> | --where <search>) (--under <id> | --project <name> | --before <id> | --after <id> | --top | --top-level) [--yes] [--json]`
struct MoveCommand: ParsableCommand, Equatable {
  var id = ""
  var under: String?
  var project: String?
  var newProject = false
  var before: String?
  var after: String?
  var top = false
  var topLevel = false
  var whereSearch: String?
  var yes = false
  var json = false

  static let configuration = CommandConfiguration<Self>(
    name: "move",
    abstract: "Move an item, with everything under it, elsewhere in the outline. 'taskman undo' moves it back.",
    discussion: "Give exactly one of the places. An item cannot go under itself or under an item of its own. '--top' puts the item first in the file; '--top-level' takes it out of its project to the end of the file. "
      + ItemSelection.whereDiscussion
      + " The items go to the place in the order of the file, one after the other; an item found under another found item moves with it and stays under it.",
    examples: [
      "taskman move 3f2a --project Errands", "taskman move 3f2a --before 9c01", "taskman move 3f2a --top", "taskman move 3f2a --top-level",
      "taskman move --where '@errand and not @done' --project Errands",
    ],
    parameters: [
      .argument(\.id, name: "id", value: .id, replacedBy: "where", help: "The item's id, or any unique prefix of it."),
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
      .option(\.whereSearch, name: "where", short: "w", valueName: "search", value: .search, help: ItemSelection.whereHelp),
      .flag(\.yes, name: "yes", short: "y", help: ItemSelection.yesHelp),
      .flag(
        \.json, name: "json",
        help: "Print the moved item as JSON (see Documentation/taskman-json.md) instead of text; with --where, the moved items."
      ),
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
    let selection = try ItemSelection(ids: whereSearch == nil ? [id] : [], where: whereSearch)
    let app = try context.appStore()
    let exit = try await context.withSelectedItems(
      selection, in: app, command: Self.name, yes: yes,
      question: { items throws(TaskmanError) in
        _ = try place(in: app, index: app.shortIDs())
        // An item under another found one moves with it: the question counts what moves.
        let moving = app.state.outline.outermostItems(among: Set(items.map(\.id))).count
        let along = items.count - moving
        return .manyItems(
          "Move the \(moving) items\(along == 0 ? "" : " (with the \(along) found under them)")?", confirm: "Move"
        )
      }
    ) { items, index throws(TaskmanError) -> ExitCode in
      let (position, createdProject) = try place(in: app, index: index)
      // An item under another of them moves with it, and is not reported apart.
      let moving = selection.search == nil ? items.map(\.id) : app.state.outline.outermostItems(among: Set(items.map(\.id)))
      let serial = app.state.journal?.nextSerial
      try await app.change(selection.search == nil ? .move(items[0].id, to: position) : .moveItems(ids: moving, to: position))
      // A move to where the item already is records no change (and `undo` would undo another).
      let moved = app.state.journal?.nextSerial != serial || createdProject != nil
      // A created project is a new item, which can lengthen short ids; otherwise the ids are
      // the ones the move started with.
      let shortIDs = createdProject == nil ? index : app.shortIDs()
      if json {
        let entries = moving.compactMap { app.state.outline.entry(withID: $0) }
        guard entries.count == moving.count, let first = entries.first else {
          throw TaskmanError(.usage, "the task list did not keep the moved item")
        }
        let document =
          selection.search == nil
          ? TaskJSON.moved(first, createdProject: createdProject, shortID: shortIDs.shortID(for:))
          : TaskJSON.moved(entries, createdProject: createdProject, shortID: shortIDs.shortID(for:))
        context.output.write(document.text)
        return .success
      }
      let rows = app.rows(for: moving, index: shortIDs)
      if let createdProject { context.output.write("Created the project “\(createdProject)”.\n") }
      let verb = moved ? "Moved " : "Already there: "
      context.output.write(TaskRowRenderer.render(rows, style: context.style).split(separator: "\n").map { verb + $0 + "\n" }.joined())
      return .success
    }
    return exit ?? .success
  }

  /// Where the place options put the items, and the project that creates, if any.
  @MainActor
  private func place(in app: AppStore, index: ShortIDIndex) throws(TaskmanError) -> (OutlinePosition, created: String?) {
    if let under { return (.inside(try app.resolve(under, in: index).id), nil) }
    if let project {
      let choice = try ProjectChoice(project, in: app.state.outline, allowingNew: newProject)
      return (choice.position, choice.created)
    }
    if let before { return (.before(try app.resolve(before, in: index).id), nil) }
    if let after { return (.after(try app.resolve(after, in: index).id), nil) }
    return (top ? .first : .top, nil)
  }
}
