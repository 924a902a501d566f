import Composable
import Foundation
import TaskManager

/// `taskman delete <id>... [--yes]`
struct DeleteCommand: ParsableCommand, Equatable {
  var ids: [String] = []
  var yes = false

  static let configuration = CommandConfiguration<Self>(
    name: "delete",
    abstract: "Delete items and everything under them, after asking.",
    discussion: "On a terminal, asks 'Are you sure?' first; the end of input means Cancel. Without a terminal on standard input it deletes nothing and exits with status 5, unless --yes is given.",
    examples: ["taskman delete 3f2a", "taskman delete 3f2a 9c01 --yes"],
    parameters: [
      .arguments(\.ids, name: "id", value: .id, help: "The items' ids, or unique prefixes of them."),
      .flag(\.yes, name: "yes", short: "y", help: "Delete without asking."),
    ]
  )

  /// For each item, shows the list's delete confirmation (its `AlertState`) as a prompt; then
  /// deletes the items whose answer was the confirmation's delete button, as one change that
  /// one `undo` reverts.
  ///
  /// With `--yes` the destructive button is chosen without asking, all under one lock. When
  /// asking, the data file is not locked while waiting for the answers (so other `taskman`s
  /// are not held up by a person thinking): the list is reloaded, and the deletions made,
  /// under the lock again. An item confirmed but changed or deleted elsewhere meanwhile stops
  /// the command, with nothing deleted: what was confirmed is what was shown.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let app = try context.appStore()
    if yes || !context.canAsk {
      return try await app.withLoadedTasks { () throws(TaskmanError) in
        let index = app.shortIDs()
        let items = try app.resolve(ids, in: index)
        var confirmed: [UUID] = []
        var answers: [(deleted: Bool, rows: [TaskRowRenderer.Row])] = []
        for item in items {
          let rows = app.rows(for: [item.id], index: index)
          let alert = try present(item, in: app)
          let prompt = ConfirmationPrompt(alert)
          let choice = try context.confirm(prompt, command: Self.name, assumeYes: yes)
          let id = Self.deletion(alert, prompt: prompt, choice: choice)
          if let id { confirmed.append(id) }
          answers.append((id != nil, rows))
        }
        try await delete(confirmed, in: app)
        context.output.write(answers.map { Self.report(deleted: $0.deleted, rows: $0.rows, style: context.style) }.joined())
        return .success
      }
    }

    let questions = try await app.withLoadedTasks { () throws(TaskmanError) in
      let index = app.shortIDs()
      return try app.resolve(ids, in: index).map { item throws(TaskmanError) in
        (
          alert: try present(item, in: app), rows: app.rows(for: [item.id], index: index), id: item.id, title: item.title,
          text: TaskPaperPrinter.print(item)
        )
      }
    }
    var confirmed: [UUID] = []
    var answers: [(deleted: Bool, rows: [TaskRowRenderer.Row])] = []
    for question in questions {
      let prompt = ConfirmationPrompt(question.alert)
      let choice = try context.confirm(prompt, command: Self.name, assumeYes: false)
      let id = Self.deletion(question.alert, prompt: prompt, choice: choice)
      if let id { confirmed.append(id) }
      answers.append((id != nil, question.rows))
    }
    try await app.withLoadedTasks { () throws(TaskmanError) in
      // What was confirmed is what was shown: an item changed or deleted elsewhere while the
      // person answered is not deleted, nor is anything else of this command.
      for question in questions where confirmed.contains(question.id) {
        let title = TextStyle.printable(question.title)
        guard let current = app.state.item(withID: question.id) else {
          throw TaskmanError(
            .nothingMatched, "“\(title)” was deleted elsewhere while you answered; nothing was deleted",
            hint: questions.count > 1 ? "Run 'taskman delete' again for the others." : nil
          )
        }
        guard TaskPaperPrinter.print(current) == question.text else {
          throw TaskmanError(
            .dataFileUnreadable, "“\(title)” was changed elsewhere while you answered; nothing was deleted",
            hint: "Run 'taskman delete' again to see it as it is now."
          )
        }
      }
      try await delete(confirmed, in: app)
      context.output.write(answers.map { Self.report(deleted: $0.deleted, rows: $0.rows, style: context.style) }.joined())
    }
    return .success
  }

  /// Deletes the confirmed items as one change, and waits for it to be saved.
  @MainActor
  private func delete(_ ids: [UUID], in app: AppStore) async throws(TaskmanError) {
    guard !ids.isEmpty else { return }
    try await app.change(.deleteItems(ids: ids))
  }

  /// Taps the item's delete button and returns the confirmation the list presents, which is
  /// then dismissed: the answers are applied together (see ``delete(_:in:)``).
  @MainActor
  private func present(_ item: Item, in app: AppStore) throws(TaskmanError) -> AlertState<TaskList.Action.Alert> {
    app.send(.deleteButtonTapped(item))
    guard let alert = app.state.alert else {
      throw TaskmanError(.usage, "the task list did not ask for a confirmation; nothing was deleted")
    }
    app.send(.alert(.dismiss))
    return alert
  }

  /// The item that the button `choice` stands for deletes, or nil (Cancel, end of input).
  private static func deletion(
    _ alert: AlertState<TaskList.Action.Alert>,
    prompt: ConfirmationPrompt,
    choice: PromptChoice?
  ) -> UUID? {
    guard let choice, case .confirmDeletion(let id)? = prompt.button(for: choice, in: alert)?.action else { return nil }
    return id
  }

  private static func report(deleted: Bool, rows: [TaskRowRenderer.Row], style: TextStyle) -> String {
    TaskRowRenderer.render(rows, style: style)
      .split(separator: "\n").map { (deleted ? "Deleted " : "Kept ") + $0 + "\n" }.joined()
  }
}
