import TaskManager

/// `taskman untag <id> <name>...`
struct UntagCommand: ParsableCommand, Equatable {
  var id = ""
  var names: [TagName] = []

  static let configuration = CommandConfiguration<Self>(
    name: "untag",
    abstract: "Remove tags from an item, whatever their values.",
    discussion: "A name the item has no tag of changes nothing, and is named on standard error.",
    examples: ["taskman untag 3f2a today due"],
    parameters: [
      .argument(\.id, name: "id", value: .id, help: "The item's id, or any unique prefix of it."),
      .arguments(\.names, name: "name", value: .tag, help: "Tag names, with or without the @."),
    ]
  )

  /// Sends `removeTags`; prints the item's row.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    try await context.changeItems([id]) { .removeTags(names: names.map(\.name), from: $0[0].id) } afterwards: { _, items in
      // Removing a tag that is not there changes nothing, as asked, but a typo should show.
      let item = items[0]
      var missing: [String] = []
      for name in names.map(\.name) where !item.hasTag(named: name) && !missing.contains(name) {
        missing.append(name)
      }
      guard !missing.isEmpty else { return }
      let list = missing.map { "@" + $0 }.joined(separator: ", ")
      var seen = Set<String>()
      let tags = item.tags.map(\.name).filter { seen.insert($0).inserted }
      let has = tags.isEmpty ? "it has no tags" : "its tags: " + tags.map { "@" + $0 }.joined(separator: " ")
      context.errors.write("taskman: “\(TextStyle.printable(item.title))” had no \(list) to remove (\(has)).\n")
    }
  }
}
