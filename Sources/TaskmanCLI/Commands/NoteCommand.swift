import TaskManager

/// `taskman note <id> <text>...`
struct NoteCommand: ParsableCommand, Equatable {
  var id = ""
  var text: [String] = []

  static let configuration = CommandConfiguration<Self>(
    name: "note",
    abstract: "Add a note under an item, after its other children. Prints the note's short id.",
    discussion: "A note is one line of text. It may not start with '- ' or with '-' and a letter (a task), or end with ':' (a project); '-5 degrees' is a note.",
    examples: ["taskman note 3f2a Semi-skimmed, not whole."],
    parameters: [
      .argument(\.id, name: "id", value: .id, help: "The item's id, or any unique prefix of it."),
      .arguments(\.text, name: "text", value: .text, help: "The note's text."),
    ]
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let line = text.joined(separator: " ")
    let app = try context.appStore()
    return try await app.withLoadedTasks { () throws(TaskmanError) in
      let item = try app.resolve([id])[0]
      let before = Set(item.children.map(\.id))
      try await app.change(.addNote(line, to: item.id))
      guard let note = app.state.item(withID: item.id)?.children.last(where: { !before.contains($0.id) }) else {
        throw TaskmanError(.usage, "the task list did not add the note")
      }
      context.warnAboutDates(in: note.tags)
      context.output.write(app.shortIDs().shortID(for: note.id) + "\n")
      return .success
    }
  }
}
