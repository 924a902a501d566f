import TaskManager

/// `taskman archive`
struct ArchiveCommand: ParsableCommand, Equatable {
  static let configuration = CommandConfiguration<Self>(
    name: "archive",
    abstract: "Move every done item into the Archive: project at the end of the file, as the TaskPaper app's \"Archive @done Items\" does.",
    discussion: "Each done item moves with everything under it to the start of the top-level Archive: project (added at the end of the file when missing), tagged @project(<the projects it came from, joined by ' / '>) unless it has a @project tag already. Done items already in the archive stay where they are. One change: 'taskman undo' puts every item back.",
    examples: ["taskman archive"],
    parameters: []
  )

  /// Sends `archiveDone`, saying how many items it moved.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let app = try context.appStore()
    return try await app.withLoadedTasks { () throws(TaskmanError) in
      let count = app.state.outline.doneItemsToArchive().count
      guard count > 0 else {
        context.output.write("Nothing to archive: no done item outside the Archive: project.\n")
        return .success
      }
      try await app.change(.archiveDone)
      context.output.write("Archived \(count) done \(count == 1 ? "item" : "items").\n")
      return .success
    }
  }
}
