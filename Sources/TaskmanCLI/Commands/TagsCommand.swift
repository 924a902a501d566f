import TaskManager
import TerminalUI

/// `taskman tags [--json]`
struct TagsCommand: ParsableCommand, Equatable {
  var json = false

  static let configuration = CommandConfiguration<Self>(
    name: "tags",
    abstract: "List every tag name with the number of items carrying it.",
    discussion: "Names are counted ignoring case, as filters match them: @Weekend and @weekend are one name, shown in its most common spelling (of equally common ones, the first in the file).",
    parameters: [
      .flag(\.json, name: "json", help: "Print JSON (see Documentation/taskman-json.md) instead of text.")
    ]
  )

  /// Prints every tag name with its count, from the list's tag counts.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let app = try context.appStore(forReading: true)
    return try await app.withLoadedTasks(readOnly: true) { () throws(TaskmanError) in
      let counts = app.state.tagCounts
      if json {
        context.output.write(TaskJSON.tags(counts.map { (name: $0.name, count: $0.count) }).text)
        return .success
      }
      // Names are padded by the columns they take, so wide characters (`@日本`) line up too.
      let names = counts.map { "@" + TextStyle.printable($0.name) }
      let widths = names.map(DisplayWidth.of)
      let width = widths.max() ?? 0
      for (index, count) in counts.enumerated() {
        let name = names[index]
        let padding = String(repeating: " ", count: max(0, width - widths[index]))
        context.output.write(context.style.tag(name) + padding + "  \(count.count)\n")
      }
      return .success
    }
  }
}
