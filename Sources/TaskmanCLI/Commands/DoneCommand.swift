import Foundation
import TaskManager

/// `taskman done (<id>... | --where <search>) [--yes]`
struct DoneCommand: ParsableCommand, Equatable {
  var ids: [String] = []
  var whereSearch: String?
  var yes = false

  static let configuration = CommandConfiguration<Self>(
    name: "done",
    abstract: "Mark items done: adds @done(<today>). A repeating task gets its next instance right after it.",
    discussion: "An item already done keeps the day it was done; 'taskman undone' removes it. With the done.date-format setting datetime, the stamp has the minute too: @done(2026-11-28 14:05) (see 'taskman help config'). A task with @repeat(<rule>) and a @due date repeats: its next instance (the same text and tags, without @done) is added after it, its @due moved by the rule from the previous @due, never from today, so two machines completing the same instance write the same line. Rules: daily, weekdays, weekly, monthly, yearly, every <n> days|weeks|months|years, and 'on <day>' after a monthly or yearly one. A rule taskman does not read, or a missing @due, only marks the task done, and says so on standard error. 'taskman skip' moves a repeating task on without completing it. \(ItemSelection.whereDiscussion)",
    examples: ["taskman done 3f2a 9c01", "taskman done --where '@errand and not @done'"],
    parameters: [
      .arguments(\.ids, name: "id", value: .id, replacedBy: "where", help: "The items' ids, or unique prefixes of them."),
      .option(\.whereSearch, name: "where", short: "w", valueName: "search", value: .search, help: ItemSelection.whereHelp),
      .flag(\.yes, name: "yes", short: "y", help: ItemSelection.yesHelp),
    ]
  )

  /// Sends `markDone` for the items; prints their rows, then the next instances of the
  /// repeating ones, and warns about a repeating task that could not repeat.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    var repeating: [UUID] = []
    var nextRows = ""
    let exit = try await context.changeItems(
      try ItemSelection(ids: ids, where: whereSearch), command: Self.name, yes: yes,
      question: { .manyItems("Mark the \($0.count) items done?", confirm: "Done") },
      { items in
        for item in items where !item.isDone && item.hasTag(named: "repeat") {
          do throws(RepeatError) {
            _ = try item.nextRepetition(id: item.id)
            repeating.append(item.id)
          } catch {
            context.errors.write(
              "taskman: \(TextStyle.printable(error.description)) “\(TextStyle.printable(item.title))” was marked done without repeating.\n"
            )
          }
        }
        return .markDone(ids: items.map(\.id))
      },
      afterwards: { app, _ in
        guard !repeating.isEmpty else { return }
        let rows = TaskRowRenderer.render(app.rows(for: Self.itemsAfter(repeating, in: app.state.outline), index: app.shortIDs()), style: context.style)
        nextRows = rows.split(separator: "\n").map { "Next: " + $0 + "\n" }.joined()
      }
    )
    context.output.write(nextRows)
    return exit
  }

  /// The ids of the items right after `ids` among their siblings: the next instances `done`
  /// added.
  static func itemsAfter(_ ids: [UUID], in outline: Outline) -> [UUID] {
    ids.compactMap { id in
      guard let entry = outline.entry(withID: id) else { return nil }
      let siblings = entry.parentID.flatMap { outline.item(withID: $0)?.children } ?? outline.items
      guard let index = siblings.firstIndex(where: { $0.id == id }), index + 1 < siblings.count else { return nil }
      return siblings[index + 1].id
    }
  }
}
