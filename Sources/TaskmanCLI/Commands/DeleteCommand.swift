import Composable
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
      .arguments(\.ids, name: "id", help: "The items' ids, or unique prefixes of them."),
      .flag(\.yes, name: "yes", help: "Delete without asking."),
    ]
  )

  /// For each item, shows the list's delete confirmation (its `AlertState`) as a prompt and
  /// sends the chosen button's action, or dismisses it.
  ///
  /// With `--yes` the destructive button is chosen without asking, all under one lock. When
  /// asking, the data file is not locked while waiting for the answer (so other `taskman`s are
  /// not held up by a person thinking): the item is reloaded, and the answer applied, under the
  /// lock again.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let app = try context.appStore()
    if yes || !context.canAsk {
      return try await app.withLoadedTasks { () throws(TaskmanError) in
        let index = app.shortIDs()
        let items = try app.resolve(ids, in: index)
        var changed = false
        var report = ""
        for item in items {
          // Gone already when it sat under an item deleted before it.
          guard let current = app.state.item(withID: item.id) else { continue }
          let rows = app.rows(for: [item.id], index: index)
          let alert = try present(current, in: app)
          let prompt = ConfirmationPrompt(alert)
          let choice: PromptChoice?
          do throws(TaskmanError) {
            choice = try context.confirm(prompt, command: Self.name, assumeYes: yes)
          } catch {
            app.send(.alert(.dismiss))
            throw error
          }
          let deleted = answer(alert, prompt: prompt, choice: choice, in: app)
          changed = changed || deleted
          report += Self.report(deleted: deleted, rows: rows, style: context.style)
        }
        if changed { try await app.finishChanges() }
        context.output.write(report)
        return .success
      }
    }

    let items = try await app.withLoadedTasks { () throws(TaskmanError) in try app.resolve(ids) }
    for item in items {
      let question = try await app.withLoadedTasks { () throws(TaskmanError) -> (AlertState<TaskList.Action.Alert>, [TaskRowRenderer.Row])? in
        guard let current = app.state.item(withID: item.id) else { return nil }
        return (try present(current, in: app), app.rows(for: [item.id], index: app.shortIDs()))
      }
      guard let (alert, rows) = question else { continue }
      let prompt = ConfirmationPrompt(alert)
      let choice = try context.confirm(prompt, command: Self.name, assumeYes: false)
      try await app.withLoadedTasks { () throws(TaskmanError) in
        guard app.state.item(withID: item.id) != nil else {
          // Deleted by someone else while the question was open.
          app.send(.alert(.dismiss))
          return
        }
        let deleted = answer(alert, prompt: prompt, choice: choice, in: app)
        if deleted { try await app.finishChanges() }
        context.output.write(Self.report(deleted: deleted, rows: rows, style: context.style))
      }
    }
    return .success
  }

  /// Taps the item's delete button and returns the confirmation the list presents.
  @MainActor
  private func present(_ item: Item, in app: AppStore) throws(TaskmanError) -> AlertState<TaskList.Action.Alert> {
    app.send(.deleteButtonTapped(item))
    guard let alert = app.state.alert else {
      throw TaskmanError(.usage, "the task list did not ask for a confirmation; nothing was deleted")
    }
    return alert
  }

  /// Sends the action of the button `choice` stands for, or dismisses the alert (Cancel, end of
  /// input); true when an action was sent.
  @MainActor
  private func answer(
    _ alert: AlertState<TaskList.Action.Alert>,
    prompt: ConfirmationPrompt,
    choice: PromptChoice?,
    in app: AppStore
  ) -> Bool {
    guard let choice, let action = prompt.button(for: choice, in: alert)?.action else {
      app.send(.alert(.dismiss))
      return false
    }
    app.send(.alert(.presented(action)))
    return true
  }

  private static func report(deleted: Bool, rows: [TaskRowRenderer.Row], style: TextStyle) -> String {
    TaskRowRenderer.render(rows, style: style)
      .split(separator: "\n").map { (deleted ? "Deleted " : "Kept ") + $0 + "\n" }.joined()
  }
}
