import Composable
import Foundation
import TaskManager

/// `taskman delete (<id>... | --where <search>) [--yes]`
struct DeleteCommand: ParsableCommand, Equatable {
  var ids: [String] = []
  var whereSearch: String?
  var yes = false

  static let configuration = CommandConfiguration<Self>(
    name: "delete",
    abstract: "Delete items and everything under them, after asking.",
    discussion: "On a terminal, asks 'Are you sure?' first; the end of input means Cancel. Without a terminal on standard input it deletes nothing and exits with status 5, unless --yes is given. With --where '<search>' instead of ids, it deletes the items the search finds (as 'taskman query' lists them): it says on standard error how many match, then asks once for them all, unless --yes is given; no match exits with status 1. An item found under another found item goes with it. One 'taskman undo' puts every item back.",
    examples: ["taskman delete 3f2a", "taskman delete 3f2a 9c01 --yes", "taskman delete --where '@done < [d]today - 30 days'"],
    parameters: [
      .arguments(\.ids, name: "id", value: .id, replacedBy: "where", help: "The items' ids, or unique prefixes of them."),
      .option(\.whereSearch, name: "where", short: "w", valueName: "search", value: .search, help: ItemSelection.whereHelp),
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
    let selection = try ItemSelection(ids: ids, where: whereSearch)
    let app = try context.appStore()
    if selection.search != nil { return try await deleteFound(selection, in: app, context: context) }
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

  /// `--where`: one question for every item the search finds (the list's own for one item),
  /// then one change. An item under another found item is deleted with it, and not reported
  /// apart.
  @MainActor
  private func deleteFound(_ selection: ItemSelection, in app: AppStore, context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let exit = try await context.withSelectedItems(
      selection, in: app, command: Self.name, yes: yes, askingForOne: true,
      question: { items in
        let outline = app.state.outline
        let outermost = outline.outermostItems(among: Set(items.map(\.id))).compactMap { outline.item(withID: $0) }
        if outermost.count == 1 { return ConfirmationPrompt(TaskList.deleteConfirmation(for: outermost[0])) }
        let under = outermost.reduce(0) { $0 + Self.descendantCount(of: $1) }
        let count = "the \(outermost.count) items" + (under == 0 ? "" : " and the \(under) \(under == 1 ? "item" : "items") under them")
        return .manyItems("Delete \(count)?", confirm: "Delete", destructive: true)
      }
    ) { items, index throws(TaskmanError) -> ExitCode in
      let outermost = app.state.outline.outermostItems(among: Set(items.map(\.id)))
      let rows = app.rows(for: outermost, index: index)
      try await delete(outermost, in: app)
      context.output.write(Self.report(deleted: true, rows: rows, style: context.style))
      return .success
    }
    return exit ?? .success
  }

  /// How many items are under `item`, at any depth.
  private static func descendantCount(of item: Item) -> Int {
    var walk = OutlineWalk(item.children)
    var count = 0
    while walk.next() { count += 1 }
    return count
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
