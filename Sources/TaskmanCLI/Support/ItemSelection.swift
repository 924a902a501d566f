import TaskManager

/// What a command that changes items acts on: the ids typed (`done 3f2a 9c01`), or the items a
/// TaskPaper search finds (`done --where '@errand and not @done'`).
enum ItemSelection: Hashable, Sendable {
  /// Typed ids, or unique prefixes of them.
  case ids([String])
  /// The items the search finds, in document order.
  case search(TaskPaperSearch)

  /// The selection a command's words make: the `--where` search when it is given, else the ids.
  /// A search that does not parse is a usage error naming the column, with a caret under it
  /// (as `query` and `list --where` report it). The parser refuses ids and `--where` together,
  /// or neither (see ``ParameterDefinition/replacedBy``); so does this, for a command built in
  /// code.
  init(ids: [String], where text: String?) throws(TaskmanError) {
    let hint = "Give the items' ids, or --where '<search>' to act on the items it finds."
    if let text {
      guard ids.isEmpty else { throw .usage("ids and --where cannot be given together", hint: hint) }
      self = .search(try SearchArgument.parse(text, origin: "the --where search"))
    } else {
      guard !ids.isEmpty else { throw .usage("missing <id>", hint: hint) }
      self = .ids(ids)
    }
  }

  /// The search, for a `--where` selection.
  var search: TaskPaperSearch? {
    if case .search(let search) = self { search } else { nil }
  }
}

extension AppStore {
  /// The items `selection` names, each once: the typed ids' in the order given (exit 1 when one
  /// names none or several, exit 2 for a blank line's), or the items the search finds in
  /// document order, which may be none. The one place a command turns what was typed into items.
  func resolve(_ selection: ItemSelection, in index: ShortIDIndex) throws(TaskmanError) -> [Item] {
    switch selection {
    case .ids(let texts):
      return try resolve(texts, in: index)
    case .search(let search):
      return search.entries(in: state.outline, today: today).map(\.item)
    }
  }
}

extension CommandContext {
  /// Runs `body` under the file's lock on the items `selection` names, with the short ids of
  /// the list as loaded. Returns nil, having changed nothing, when the person answered no.
  ///
  /// For a search: says on standard error how many items it matches (`3 items match '@errand'.`);
  /// none is exit 1. More than one asks `question` first (worded under the lock; what it throws
  /// stops the command), unless `yes`; when it cannot be asked
  /// (standard input is no terminal, outside the shell) that is exit 5, naming `command`. One
  /// item is changed without asking, as one id is (unless `askingForOne`: `delete` asks for
  /// one id too). The file is not locked while the question
  /// waits, so other `taskman`s are not held up: the search runs again afterwards, under the
  /// lock, and when it no longer finds the very items asked about (one was changed elsewhere
  /// meanwhile), nothing is changed (exit 3). What was confirmed is what is changed.
  @MainActor
  func withSelectedItems<R>(
    _ selection: ItemSelection,
    in app: AppStore,
    command: String,
    yes: Bool,
    askingForOne: Bool = false,
    question: ([Item]) throws(TaskmanError) -> ConfirmationPrompt,
    _ body: ([Item], ShortIDIndex) async throws(TaskmanError) -> R
  ) async throws(TaskmanError) -> R? {
    guard let search = selection.search else {
      return try await app.withLoadedTasks { () throws(TaskmanError) in
        let index = app.shortIDs()
        return try await body(try app.resolve(selection, in: index), index)
      }
    }
    let quoted = "'" + TextStyle.printable(search.text) + "'"
    var asked: [Item]?
    var prompt: ConfirmationPrompt?
    let result = try await app.withLoadedTasks { () throws(TaskmanError) -> R? in
      let index = app.shortIDs()
      let items = try app.resolve(selection, in: index)
      guard !items.isEmpty else {
        throw .nothingMatched("no item matches \(quoted); nothing was changed", hint: "See what a search finds with 'taskman query'.")
      }
      errors.write("\(items.count) \(items.count == 1 ? "item matches" : "items match") \(quoted).\n")
      guard items.count > 1 || askingForOne, !yes else { return try await body(items, index) }
      guard canAsk else { throw .confirmationImpossible(command: command) }
      // Worded while the list is loaded: it may name other items (a move's place).
      prompt = try question(items)
      asked = items
      return nil
    }
    guard let asked, let prompt else { return result }
    guard let choice = try confirm(prompt, command: command, assumeYes: false), choice != prompt.cancelChoice else {
      errors.write("Nothing was changed.\n")
      return nil
    }
    return try await app.withLoadedTasks { () throws(TaskmanError) in
      let index = app.shortIDs()
      let items = try app.resolve(selection, in: index)
      guard items.map(\.id) == asked.map(\.id), items.map(TaskPaperPrinter.print) == asked.map(TaskPaperPrinter.print) else {
        throw TaskmanError(
          .dataFileUnreadable, "what \(quoted) matches changed elsewhere while you answered; nothing was changed",
          hint: "Run 'taskman \(command)' again to see the items as they are now."
        )
      }
      return try await body(items, index)
    }
  }
}

extension ConfirmationPrompt {
  /// The question asked before changing several items a search found: `Are you sure?`, what
  /// will be done (`Mark the 3 items done?`), then `label` or Cancel.
  static func manyItems(_ message: String, confirm label: String, destructive: Bool = false) -> ConfirmationPrompt {
    ConfirmationPrompt(
      title: "Are you sure?", message: message,
      choices: [PromptChoice(label, role: destructive ? .destructive : nil), PromptChoice("Cancel", role: .cancel)]
    )
  }
}

extension ItemSelection {
  /// The help of `--where`, the same for every command that changes items.
  static let whereHelp =
    "Instead of ids, the items this TaskPaper search finds (see 'taskman help query' and Documentation/Searches.md); quote it for the shell."
  /// The help of `--yes` beside `--where`.
  static let yesHelp = "With --where, change more than one item without asking."
  /// The paragraph each such command's help has about `--where`.
  static let whereDiscussion =
    "With --where '<search>' instead of ids, the command changes the items the search finds (as 'taskman query' lists them): it says on standard error how many match, and asks before changing more than one, unless --yes is given (without a terminal on standard input and without --yes, it changes nothing and exits with status 5). No match exits with status 1. The whole change is one: one 'taskman undo' puts every item back."
}
