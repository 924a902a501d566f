import TaskManager

/// `taskman untag (<id> | --where <search>) <name>... [--yes]`
struct UntagCommand: ParsableCommand, Equatable {
  var id = ""
  var names: [TagName] = []
  var whereSearch: String?
  var yes = false

  static let configuration = CommandConfiguration<Self>(
    name: "untag",
    abstract: "Remove tags from an item, whatever their values.",
    discussion: "A name the item has no tag of changes nothing, and is named on standard error (with --where, a name none of the items has). "
      + ItemSelection.whereDiscussion + " Every word after the command is then a tag's name.",
    examples: ["taskman untag 3f2a today due", "taskman untag --where '@today and @done' today"],
    parameters: [
      .argument(\.id, name: "id", value: .id, replacedBy: "where", help: "The item's id, or any unique prefix of it."),
      .arguments(\.names, name: "name", value: .tag, help: "Tag names, with or without the @."),
      .option(\.whereSearch, name: "where", short: "w", valueName: "search", value: .search, help: ItemSelection.whereHelp),
      .flag(\.yes, name: "yes", short: "y", help: ItemSelection.yesHelp),
    ]
  )

  /// Sends `removeTags` (`removeTagsFromItems` for a search); prints the items' rows.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let selection = try ItemSelection(ids: whereSearch == nil ? [id] : [], where: whereSearch)
    let names = names.map(\.name)
    let nameList = names.map { "@" + $0 }.joined(separator: " ")
    return try await context.changeItems(
      selection, command: Self.name, yes: yes,
      question: { .manyItems("Remove \(TextStyle.printable(nameList)) from the \($0.count) items?", confirm: "Untag") }
    ) { items in
      selection.search == nil ? .removeTags(names: names, from: items[0].id) : .removeTagsFromItems(names: names, ids: items.map(\.id))
    } afterwards: { _, items in
      // Removing a tag that is not there changes nothing, as asked, but a typo should show.
      var missing: [String] = []
      for name in names where !items.contains(where: { $0.hasTag(named: name) }) && !missing.contains(name) {
        missing.append(name)
      }
      guard !missing.isEmpty else { return }
      let list = missing.map { "@" + $0 }.joined(separator: ", ")
      guard items.count == 1 else {
        context.errors.write("taskman: none of the \(items.count) items had \(list) to remove.\n")
        return
      }
      let item = items[0]
      var seen = Set<String>()
      let tags = item.tags.map(\.name).filter { seen.insert($0).inserted }
      let has = tags.isEmpty ? "it has no tags" : "its tags: " + tags.map { "@" + $0 }.joined(separator: " ")
      context.errors.write("taskman: “\(TextStyle.printable(item.title))” had no \(list) to remove (\(has)).\n")
    }
  }
}
