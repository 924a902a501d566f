import TaskManager

/// `taskman export [--json]`
struct ExportCommand: ParsableCommand, Equatable {
  var json = false

  static let configuration = CommandConfiguration<Self>(
    name: "export",
    abstract: "Print every item as TaskPaper text; importing it into an empty list gives back every item, with its tags, notes and nesting.",
    discussion: "On a terminal, control characters and bidirectional controls (U+202E and the like) in the text show as '�'; into a file or a pipe, every character is written as it is.",
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
      if json {
        // JSON escapes control characters exactly.
        context.output.write(TaskJSON.export(outline).text)
      } else if context.session.outputIsTerminal {
        // On a terminal, control characters show as `�`, as with every other command, so a
        // character in the file cannot drive the terminal.
        context.output.write(TextStyle.printable(TaskPaperPrinter.print(outline), keepingLayout: true))
      } else {
        // Into a file or a pipe, the text is a copy: importing it gives every character back.
        context.output.write(TaskPaperPrinter.print(outline))
      }
      return .success
    }
  }
}
