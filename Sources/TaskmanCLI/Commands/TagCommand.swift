import Foundation
import TaskManager

/// `taskman tag <id> <@tag>...`
struct TagCommand: ParsableCommand, Equatable {
  var id = ""
  /// As typed; the feature parses each and words the error for a bad one.
  var tags: [String] = []
  var replace = false

  static let configuration = CommandConfiguration<Self>(
    name: "tag",
    abstract: "Add tags to an item, or change the value of a tag it has.",
    examples: ["taskman tag 3f2a @today @due(2026-12-01)"],
    parameters: [
      .argument(\.id, name: "id", value: .id, help: "The item's id, or any unique prefix of it."),
      .arguments(\.tags, name: "tag", value: .taskPaperTag, help: "Tags in TaskPaper form: @name or @name(value)."),
      .flag(
        \.replace, name: "replace",
        help: "Let a tag without a value replace one with a value (@due over @due(2026-11-30)); without it, that is refused."
      ),
    ]
  )

  /// Sends `addTags`; the feature's error for a bad tag (`Unable to convert … into a tag.`) is
  /// a usage error and nothing changes. Prints the item's row.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    try await context.changeItems([id], hint: Self.hint(for: tags)) { items in
      .addTags(tags, to: items[0].id, replacingValues: replace)
    } afterwards: { app, items in
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
