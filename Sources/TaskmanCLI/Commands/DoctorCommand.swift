import Foundation
import TaskManager

/// `taskman doctor [--json]`
struct DoctorCommand: ParsableCommand, Equatable {
  var json = false

  static let configuration = CommandConfiguration<Self>(
    name: "doctor",
    abstract: "Check the task file: dates taskman cannot read, repeated tags, mixed indentation, and the file's health.",
    discussion: "Exits with status 0 when there is nothing to look at, and 1 when there is. Changes nothing.",
    examples: ["taskman doctor"],
    parameters: [
      .flag(\.json, name: "json", help: "Print JSON (see Documentation/taskman-json.md) instead of text.")
    ]
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let app = try context.appStore(forReading: true)
    return try await app.withLoadedTasks(readOnly: true) { () throws(TaskmanError) in
      let checkup = TaskFileCheckup(app.state.source)
      let (bookkeeping, undoNeedsAttention) = app.bookkeepingHealth()
      // An undo history lost (an unreadable journal is started anew at the next change) or stuck
      // is a thing to look at.
      let count = checkup.findings.count + (undoNeedsAttention ? 1 : 0)
      let index = app.shortIDs()
      if json {
        context.output.write(TaskJSON.doctor(checkup, path: app.dataFilePath, bookkeeping: bookkeeping, shortID: index.shortID(for:)).text)
        return count == 0 ? .success : .nothingMatched
      }
      let file = checkup
      if file.lineCount == 0, !FileManager.default.fileExists(atPath: app.dataFilePath) {
        context.output.write("\(TextStyle.printable(app.dataFilePath)): no task file yet; 'taskman add' creates it.\n")
        for note in bookkeeping { context.output.write("\(note)\n") }
        context.output.write("Nothing to look at.\n")
        return .success
      }
      var facts = ["\(file.lineCount) \(file.lineCount == 1 ? "line" : "lines") (\(file.blankLines) blank)", "UTF-8"]
      switch file.lineEndings {
      case .lf: facts.append("LF line breaks")
      case .crlf: facts.append("CRLF line breaks")
      case .mixed: facts.append("LF and CRLF line breaks mixed")
      case .none: break
      }
      if file.lineCount > 0 { facts.append(file.endsWithLineBreak ? "ends with a line break" : "no line break at the end") }
      if file.indentsWithTabsAndSpaces { facts.append("indented with tabs on some lines and spaces on others") }
      context.output.write("\(TextStyle.printable(app.dataFilePath)): \(facts.joined(separator: ", "))\n")
      for note in bookkeeping { context.output.write("\(note)\n") }
      for finding in file.findings {
        let shortID = index.shortID(for: finding.id)
        var message = finding.message
        if let tagName = finding.tagName {
          message += " (taskman tag \(shortID) '@\(tagName)(YYYY-MM-DD)' rewrites it; relative dates like tomorrow are welcome there)"
        }
        context.output.write("line \(finding.line) (\(shortID)): \(TextStyle.printable(message))\n")
      }
      context.output.write(count == 0 ? "Nothing to look at.\n" : "\(count) \(count == 1 ? "thing" : "things") to look at.\n")
      return count == 0 ? .success : .nothingMatched
    }
  }
}
