import Foundation
import TaskManager

/// `taskman tag (<id> | --where <search>) <@tag>... [--replace] [--yes]`
struct TagCommand: ParsableCommand, Equatable {
  var id = ""
  /// As typed; the feature parses each and words the error for a bad one.
  var tags: [String] = []
  var replace = false
  var whereSearch: String?
  var yes = false

  static let configuration = CommandConfiguration<Self>(
    name: "tag",
    abstract: "Add tags to an item, or change the value of a tag it has.",
    discussion: ItemSelection.whereDiscussion + " Every word after the command is then a tag.",
    examples: ["taskman tag 3f2a @today @due(2026-12-01)", "taskman tag --where 'project Errands and not @done' @today"],
    parameters: [
      .argument(\.id, name: "id", value: .id, replacedBy: "where", help: "The item's id, or any unique prefix of it."),
      .arguments(\.tags, name: "tag", value: .taskPaperTag, help: "Tags in TaskPaper form: @name or @name(value)."),
      .flag(
        \.replace, name: "replace",
        help: "Let a tag without a value replace one with a value (@due over @due(2026-11-30)); without it, that is refused."
      ),
      .option(\.whereSearch, name: "where", short: "w", valueName: "search", value: .search, help: ItemSelection.whereHelp),
      .flag(\.yes, name: "yes", short: "y", help: ItemSelection.yesHelp),
    ]
  )

  /// Sends `addTags` (`addTagsToItems` for a search); the feature's error for a bad tag
  /// (`Unable to convert … into a tag.`) is a usage error and nothing changes. Prints the
  /// items' rows.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let selection = try ItemSelection(ids: whereSearch == nil ? [id] : [], where: whereSearch)
    // With --where every word is a tag: an id typed as well reads as a word that is none.
    if selection.search != nil, let word = tags.first(where: { !$0.hasPrefix("@") && (try? TaskPaperParser.parseTag($0)) == nil }) {
      throw .usage(
        "'\(TextStyle.printable(word))' is not a tag: with --where, every word after the command is a tag to add",
        usage: Self.usage, hint: "Give the item's id, or --where '<search>', not both."
      )
    }
    let tagList = tags.joined(separator: " ")
    return try await context.changeItems(
      selection, command: Self.name, yes: yes,
      question: { .manyItems("Add \(TextStyle.printable(tagList)) to the \($0.count) items?", confirm: "Tag") },
      hint: Self.hint(for: tags)
    ) { items in
      selection.search == nil
        ? .addTags(tags, to: items[0].id, replacingValues: replace)
        : .addTagsToItems(tags, ids: items.map(\.id), replacingValues: replace)
    } afterwards: { app, items in
      // The same tags on every item: a date among them is looked at once.
      let given = tags.compactMap { try? TaskPaperParser.parseTag($0).name }
      context.warnAboutDates(in: app.state.item(withID: items[0].id)?.tags.filter { tag in given.contains { tag.hasName($0) } } ?? [])
    }
  }

  /// What to type instead of the first text that is not a tag: `@weekend` for `weekend`, escaped
  /// parentheses for a value that holds some; nil when every text is a tag (the feature refused
  /// the change for another reason, which its message says).
  static func hint(for texts: [String]) -> String? {
    guard let text = texts.first(where: { (try? TaskPaperParser.parseTag($0)) == nil }) else { return nil }
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if !trimmed.hasPrefix("@"), (try? TaskPaperParser.parseTag("@" + trimmed)) != nil {
      return "A tag starts with @: did you mean @\(trimmed)?"
    }
    if let open = trimmed.firstIndex(of: "("), trimmed.last == ")" {
      let value = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
      let escaped = value.replacingOccurrences(of: "\\(", with: "(").replacingOccurrences(of: "\\)", with: ")")
        .replacingOccurrences(of: "(", with: "\\(").replacingOccurrences(of: ")", with: "\\)")
      let suggestion = String(trimmed[...open]) + escaped + ")"
      if (try? TaskPaperParser.parseTag(suggestion)) != nil {
        return "A value holds parentheses written \\( and \\): \(suggestion) (quote it for the shell)."
      }
    }
    return "A tag is @name or @name(value), like @today or @due(2026-12-01)."
  }
}
