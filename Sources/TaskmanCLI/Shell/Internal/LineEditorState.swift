import TerminalUI

/// The line being edited at `taskman shell`'s prompt, where it is in the history, and what each
/// key does to it: the line editor without the terminal.
struct LineEditorState {
  /// The line and its cursor.
  private(set) var field = TextFieldState()
  /// The history's lines, then the line being typed; a line recalled and edited keeps its
  /// edits while the person moves through the history, until a line is submitted.
  private var lines: [String]
  private var index: Int
  /// Whether the key before was a Tab that completed nothing whole: a second Tab lists.
  private var afterTab = false
  /// The Tab being completed: the range of the word it replaces, and whether to list.
  private var pendingCompletion: (range: Range<Int>, partial: String, listing: Bool)?

  /// The longest line in UTF-8 bytes: what the shell takes from piped input too.
  let maximumLineBytes: Int

  init(history: [String], maximumLineBytes: Int = InputText.maximumLineBytes) {
    self.maximumLineBytes = maximumLineBytes
    lines = history + [""]
    index = history.count
  }

  /// What the editor does after a key.
  enum Outcome: Equatable {
    /// The line may have changed: show it.
    case edited
    /// Enter: the line.
    case submit(String)
    /// Ctrl-D on an empty line.
    case endOfInput
    /// Ctrl-C: the line is dropped, a fresh one begins.
    case interrupt
    /// Ctrl-L: clear the screen and draw the line at its top.
    case clearScreen
    /// Tab: the editor asks for the candidates for `partial` after `words`, and hands them
    /// to ``complete(with:)``.
    case completion(words: [String], partial: String)
    /// A second Tab: list the candidates below the line.
    case list([CompletionCandidate])
    /// Nothing to do for the key (the terminal's bell says so).
    case bell
  }

  mutating func handle(_ key: Key) -> Outcome {
    let wasAfterTab = afterTab
    afterTab = false
    let control = key.modifiers == .control
    switch key.code {
    case .enter:
      return .submit(field.text)
    case .character("c") where control:
      return .interrupt
    case .character("d") where control:
      if field.text.isEmpty { return .endOfInput }
      field = field.applying(.delete)
      return .edited
    case .character("l") where control:
      return .clearScreen
    case .tab where key.modifiers.isEmpty:
      return completionRequest(listing: wasAfterTab)
    case .up where key.modifiers.isEmpty, .character("p") where control:
      return recall(index - 1)
    case .down where key.modifiers.isEmpty, .character("n") where control:
      return recall(index + 1)
    case .character("b") where control:
      field = field.applying(.left)
      return .edited
    case .character("f") where control:
      field = field.applying(.right)
      return .edited
    default:
      guard let edit = TextFieldState.Edit(key: key) else { return .bell }
      field = field.applying(edit)
      return .edited
    }
  }

  /// Types `text` at the cursor: a run of typed characters at once (a paste arrives as many),
  /// so that a long one costs one edit rather than one per character. Refused (the bell)
  /// past the longest line the shell takes.
  mutating func insert(_ text: String) -> Outcome {
    afterTab = false
    let edited = field.applying(.insert(text))
    guard edited.text.utf8.count <= maximumLineBytes else { return .bell }
    field = edited
    return .edited
  }

  /// Moves to line `target` of the history, keeping the edits of the line left.
  private mutating func recall(_ target: Int) -> Outcome {
    guard lines.indices.contains(target) else { return .bell }
    lines[index] = field.text
    index = target
    field = TextFieldState(lines[index])
    return .edited
  }

  // MARK: - Completion

  /// The words before the cursor's word and what is typed of it, both unquoted.
  private mutating func completionRequest(listing: Bool) -> Outcome {
    let characters = Array(field.text)
    let cursor = min(field.cursor, characters.count)
    let word = Self.wordStart(characters[..<cursor])
    var before = Self.words(String(characters[..<word.start]))
    if before.first == "taskman" { before.removeFirst() }
    let typed = String(characters[word.start..<cursor])
    let partial = Self.words(typed + (word.quote.map(String.init) ?? "")).first ?? ""
    pendingCompletion = (word.start..<cursor, partial, listing)
    return .completion(words: before, partial: partial)
  }

  /// Completes the word of the Tab just pressed with `candidates`.
  mutating func complete(with candidates: [CompletionCandidate]) -> Outcome {
    guard let (range, partial, listing) = pendingCompletion else { return .bell }
    pendingCompletion = nil
    let characters = Array(field.text)
    guard !candidates.isEmpty else { return .bell }
    if candidates.count == 1 {
      let value = candidates[0].value
      let ending = value.hasSuffix("/") || value.hasSuffix("=") ? "" : " "
      replace(range, in: characters, with: Self.quoted(value) + ending)
      return .edited
    }
    let common = Self.commonPrefix(candidates.map(\.value))
    afterTab = true
    if common.count > partial.count {
      replace(range, in: characters, with: Self.quoted(common))
      return .edited
    }
    return listing ? .list(candidates) : .bell
  }

  private mutating func replace(_ range: Range<Int>, in characters: [Character], with text: String) {
    var characters = characters
    characters.replaceSubrange(range, with: Array(text))
    field = TextFieldState(String(characters), cursor: range.lowerBound + text.count)
  }

  /// Where the word the cursor is in starts (after the last space outside quotes), and the
  /// quote left open in it, if any.
  static func wordStart(_ characters: ArraySlice<Character>) -> (start: Int, quote: Character?) {
    var start = characters.startIndex
    var quote: Character?
    var escaped = false
    for index in characters.indices {
      let character = characters[index]
      if escaped {
        escaped = false
      } else if let open = quote {
        if character == open { quote = nil } else if character == "\\", open == "\"" { escaped = true }
      } else if character == "\\" {
        escaped = true
      } else if character == "'" || character == "\"" {
        quote = character
      } else if character == " " || character == "\t" {
        start = index + 1
      }
    }
    return (start, quote)
  }

  /// The words of `text` as the shell splits them, or split at spaces when it cannot.
  private static func words(_ text: String) -> [String] {
    (try? ShellWords.split(text)) ?? text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
  }

  /// `value` written so that the shell reads it back as one word.
  static func quoted(_ value: String) -> String {
    var result = ""
    for character in value {
      if character == " " || character == "\t" || character == "'" || character == "\"" || character == "\\" {
        result.append("\\")
      }
      result.append(character)
    }
    return result
  }

  static func commonPrefix(_ values: [String]) -> String {
    guard var prefix = values.first.map(Array.init) else { return "" }
    for value in values.dropFirst() {
      var count = 0
      for (a, b) in zip(prefix, value) {
        guard a == b else { break }
        count += 1
      }
      prefix.removeSubrange(count...)
    }
    return String(prefix)
  }
}
