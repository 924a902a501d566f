import TaskManager

/// `taskman export [--json]`
struct ExportCommand: ParsableCommand, Equatable {
  var json = false

  static let configuration = CommandConfiguration<Self>(
    name: "export",
    abstract: "Print every item as TaskPaper text; importing it into an empty store gives it all back.",
    examples: ["taskman export > backup.taskpaper"],
    parameters: [
      .flag(\.json, name: "json", help: "Print JSON (see Documentation/taskman-json.md) instead of TaskPaper.")
    ]
  )

  /// Prints the whole outline as TaskPaper (or JSON).
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let app = try context.appStore(forReading: true)
    return try await app.withLoadedTasks(readOnly: true) { () throws(TaskmanError) in
      let outline = app.state.outline
      // JSON escapes control characters exactly; TaskPaper text shows them as `�`, as every
      // other command does, so a character in the file cannot drive the terminal.
      context.output.write(
        json ? TaskJSON.export(outline).text : TextStyle.printable(TaskPaperPrinter.print(outline), keepingLayout: true)
      )
      return .success
    }
  }
}
