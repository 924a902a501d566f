import Foundation
import TaskManager

/// `taskman import <file> [--append]`
struct ImportCommand: ParsableCommand, Equatable {
  var file = ""
  var append = false
  var destination: String?

  static let configuration = CommandConfiguration<Self>(
    name: "import",
    abstract: "Add the items of a TaskPaper file, with their tags, notes and subtasks.",
    discussion: "An item whose line is already in the list at the same place (under the same parents) is not added again, so importing a file twice adds nothing the second time; each new item goes after the item before it in the imported file. A line that differs in any way (a tag added, a task marked done) is a new item, added beside the one already there: import adds, it does not update. With --append, every item is added at the end, copies included.",
    examples: ["taskman import ~/Documents/todo.taskpaper", "cat inbox.taskpaper | taskman import -"],
    parameters: [
      .argument(\.file, name: "file", value: .path, help: "A TaskPaper file (UTF-8 text); '-' reads standard input."),
      .flag(\.append, name: "append", help: "Add every item at the end, even those already in the list."),
      .option(\.destination, name: "to", valueName: "file", value: .path, help: "With several files (--file given more than once, or the files setting): the one to add to, by its path or the name taskman shows beside its items. Default: the first."),
    ]
  )

  /// Reads and checks the file, then sends `importTaskPaper` with its text; prints how many
  /// items came in, and how many were already there.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let text = try readDocument(context)
    let app = try context.appStore()
    return try await app.withLoadedTasks { () throws(TaskmanError) in
      let before = app.state.outline.itemCountWithoutBlankLines
      try await app.change(.importTaskPaper(text, append ? .append : .merge))
      let added = app.state.outline.itemCountWithoutBlankLines - before
      let total = Outline(taskPaper: text, makeID: { UUID() }).itemCountWithoutBlankLines
      var report = "Imported \(added) \(added == 1 ? "item" : "items")"
      if total > added {
        let present = total - added
        report += "; \(present) \(present == 1 ? "was" : "were") already in the list"
      }
      context.output.write(report + ".\n")
      return .success
    }
  }

  /// The file's text (standard input for `-`), checked: a bad file is a usage error and
  /// nothing is imported.
  private func readDocument(_ context: CommandContext) throws(TaskmanError) -> String {
    let limit = InputText.maximumDocumentBytes
    let tooLarge = TaskmanError.usage(
      "\(file == "-" ? "standard input" : file) is over \(limit / 1024 / 1024) MiB, the most 'import' reads",
      hint: "Split it into smaller TaskPaper files and import each."
    )
    if file == "-" {
      if context.session.shellGlobals != nil {
        throw .usage(
          "in a shell, standard input holds the commands, so 'import -' cannot read a document from it",
          hint: "Import a file: import <file.taskpaper>"
        )
      }
      guard let bytes = context.session.input.readToEnd(maximumBytes: limit) else { throw tooLarge }
      return try InputText.decodeDocument(bytes, name: "standard input")
    }
    let path = URL(fileURLWithPath: file, relativeTo: URL(fileURLWithPath: context.session.currentDirectory, isDirectory: true)).path
    let reader = FileReader(path: path)
    switch reader.read(maximumBytes: limit) {
    case .success(let bytes):
      return try InputText.decodeDocument(bytes, name: path)
    case .failure(.tooLarge):
      throw tooLarge
    case .failure(.isDirectory):
      throw .usage("cannot import \(path): it is a directory", hint: "Give the path of a TaskPaper file.")
    case .failure(.system(let code)):
      let hint =
        code == ENOENT
        ? "Check the path; 'taskman import -' reads standard input."
        : code == EACCES || code == EPERM ? "Check the file's permissions." : "Check the file and try again."
      let reason = code == ENOENT ? "there is no such file" : TaskmanError.reason(errno: code)
      throw .usage("cannot import \(path): \(reason)", hint: hint)
    }
  }
}
