import TaskManager

extension CommandContext {
  /// The one body of the commands that change named items and print them (`done`, `undone`,
  /// `tag`, `untag`): under the file's lock, resolves the typed ids, sends the change `action`
  /// makes of the items and waits for its save (a refusal is exit 2, with `hint`; see
  /// ``AppStore/change(_:hint:)``), runs `afterwards`, and prints the items' rows.
  ///
  /// These changes add and remove no items, so the short ids the rows show are the ones the
  /// command started with.
  @MainActor
  func changeItems(
    _ ids: [String],
    hint: @autoclosure () -> String? = nil,
    _ action: ([Item]) -> TaskList.Action,
    afterwards: (AppStore, [Item]) -> Void = { _, _ in }
  ) async throws(TaskmanError) -> ExitCode {
    try await changeItems(.ids(ids), command: "", hint: hint(), action, afterwards: afterwards)
  }

  /// ``changeItems(_:hint:_:afterwards:)`` on the items `selection` names: with a search, after
  /// saying how many it matches and, for more than one, asking `question` unless `yes` (see
  /// ``withSelectedItems(_:in:command:yes:askingForOne:question:_:)``). The answer no changes nothing, and
  /// is no failure.
  @MainActor
  func changeItems(
    _ selection: ItemSelection,
    command: String,
    yes: Bool = false,
    question: ([Item]) -> ConfirmationPrompt = { .manyItems("Change the \($0.count) items?", confirm: "Change") },
    hint: @autoclosure () -> String? = nil,
    _ action: ([Item]) -> TaskList.Action,
    afterwards: (AppStore, [Item]) -> Void = { _, _ in }
  ) async throws(TaskmanError) -> ExitCode {
    let app = try appStore()
    let exit = try await withSelectedItems(selection, in: app, command: command, yes: yes, question: question) {
      items, index throws(TaskmanError) in
      // The person's settings say how some changes are made (`done.date-format`).
      app.send(.settingsChanged(settings))
      try await app.change(action(items), hint: hint())
      afterwards(app, items)
      output.write(TaskRowRenderer.render(app.rows(for: items.map(\.id), index: index), style: style))
      return ExitCode.success
    }
    return exit ?? .success
  }
}
