import Foundation
import TaskManager

/// `taskman import <file>`
struct ImportCommand: ParsableCommand, Equatable {
  var file = ""

  static let configuration = CommandConfiguration<Self>(
    name: "import",
    abstract: "Add every item of a TaskPaper file, with its tags, notes and subtasks.",
    examples: ["taskman import ~/Documents/todo.taskpaper"],
    parameters: [
      .argument(\.file, name: "file", help: "A TaskPaper file (UTF-8 text); '-' reads standard input.")
    ]
  )

  /// Reads and checks the file, then sends `importTaskPaper` with its text; prints how many
  /// items came in.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let text = try readDocument(context)
    let app = try context.appStore()
    return try await app.withLoadedTasks { () throws(TaskmanError) in
      let before = app.state.outline.itemCount
      app.send(.importTaskPaper(text))
      try await app.finishChanges()
      let count = app.state.outline.itemCount - before
      context.output.write("Imported \(count) \(count == 1 ? "item" : "items").\n")
      return .success
    }
  }

  /// The file's text (standard input for `-`), checked: a bad file is a usage error and
  /// nothing is imported.
  private func readDocument(_ context: CommandContext) throws(TaskmanError) -> String {
    let name = file == "-" ? "standard input" : file
    var bytes: [UInt8] = []
    if file == "-" {
      if context.session.shellGlobals != nil {
        throw .usage(
          "in a shell, standard input holds the commands, so 'import -' cannot read a document from it",
          hint: "Import a file: import <file.taskpaper>"
        )
      }
      while let line = context.session.input.readLine() {
        guard case .text(let text) = line else {
          throw .usage("\(name) has a line over \(InputText.maximumLineBytes) bytes", hint: "Is it a TaskPaper file?")
        }
        bytes += text
        bytes.append(UInt8(ascii: "\n"))
        if bytes.count > InputText.maximumDocumentBytes { break }
      }
    } else {
      let path = URL(fileURLWithPath: file, relativeTo: URL(fileURLWithPath: context.session.currentDirectory, isDirectory: true)).path
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw .usage("cannot import \(path): there is no such file", hint: "Check the path; 'taskman import -' reads standard input.")
      }
      guard !isDirectory.boolValue else {
        throw .usage("cannot import \(path): it is a directory", hint: "Give the path of a TaskPaper file.")
      }
      do {
        bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
      } catch {
        let reason = (error as NSError).localizedFailureReason ?? error.localizedDescription
        throw .usage("cannot read \(path): \(reason)", hint: "Check the file's permissions.")
      }
    }
    return try InputText.decodeDocument(bytes, name: name)
  }
}
