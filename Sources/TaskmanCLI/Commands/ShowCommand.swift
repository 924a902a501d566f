import TaskManager

/// `taskman show <id> [--json]`
struct ShowCommand: ParsableCommand, Equatable {
  var id = ""
  var json = false

  static let configuration = CommandConfiguration<Self>(
    name: "show",
    abstract: "Show one item with its notes and subtasks, as TaskPaper text.",
    examples: ["taskman show 3f2a"],
    parameters: [
      .argument(\.id, name: "id", value: .id, help: "The item's id, or any unique prefix of it."),
      .flag(\.json, name: "json", help: "Print JSON (see Documentation/taskman-json.md) instead of text."),
    ]
  )

  /// Prints the item and its descendants as TaskPaper (or JSON).
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let app = try context.appStore(forReading: true)
    return try await app.withLoadedTasks(readOnly: true) { () throws(TaskmanError) in
      let index = app.shortIDs()
      let item = try app.resolve(id, in: index)
      guard let entry = app.state.outline.entry(withID: item.id) else {
        throw .nothingMatched("no item has the id '\(TextStyle.printable(id))'")
      }
      if json {
        var document = TaskJSON.show(entry, shortID: index.shortID(for:))
        // With several files (see ``TaskFileSet``), the item's file, as `list --json` gives it.
        if !app.otherFiles.isEmpty, case .object(var fields) = document, case .object(var item)? = fields["item"] {
          item["file"] = .string(app.file.path)
          fields["item"] = .object(item)
          document = .object(fields)
        }
        context.output.write(document.text)
      } else {
        context.output.write(TextStyle.printable(ItemText.taskPaper(entry.item), keepingLayout: true))
      }
      return .success
    }
  }
}
