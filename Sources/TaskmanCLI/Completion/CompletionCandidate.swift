/// One word completion offers: a command, an option, or a value (an id, a tag, a project),
/// with what it is, for shells that show it (zsh, fish) and the line editor of `taskman shell`.
///
/// ```swift
/// CompletionCandidate(value: "3f2a", description: "Buy milk")
/// ```
struct CompletionCandidate: Hashable, Sendable {
  /// The whole word, as it replaces the partial word.
  var value: String
  /// One line about it (an id's title, an option's help's first sentence), or nil.
  var description: String?

  init(value: String, description: String? = nil) {
    self.value = value
    self.description = description
  }

  /// `value<TAB>description`, or `value` alone: one line of `taskman __complete`. Tabs and
  /// line breaks in either would break the line up, so they become spaces.
  var line: String {
    let value = Self.oneLine(value)
    guard let description, !description.isEmpty else { return value }
    return value + "\t" + Self.oneLine(description)
  }

  private static func oneLine(_ text: String) -> String {
    guard text.contains(where: { $0 == "\t" || $0.isNewline }) else { return text }
    return String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
  }
}
