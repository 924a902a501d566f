/// The values and characters of a search: quoted and unquoted values, `count(…)`, keywords and
/// the failures noted on the way.
extension SearchParser {
  // MARK: - Values

  func startsValue() -> Bool {
    guard position < chars.count else { return false }
    if peek("\"") || peek("@") { return true }
    if peek("/") || peek(")") || peek("(") || peek("[") || peek("]") { return false }
    return !Self.keywords.contains(where: peekKeyword)
  }

  /// Words that end an unquoted value when written as a whole word.
  static let keywords = ["and", "or", "not", "union", "except", "intersect"]
    + ["=", "!=", "<", ">", "<=", ">=", "contains", "beginswith", "endswith", "matches"]

  mutating func parseValue() -> TaskPaperSearch.Operand? {
    if peek("@") {
      guard let name = parseAttributeName() else { return nil }
      return .attribute(name)
    }
    if peek("count(") {
      let start = position
      position += 6
      guard let path = parsePath() else { return fail("a path after 'count('", at: start + 6) }
      skipSpace()
      guard take(")") else { return fail("')' to end 'count('") }
      return .count(path)
    }
    if peek("\"") { return parseQuoted().map(TaskPaperSearch.Operand.text) }
    var words: [String] = []
    while true {
      let before = position
      skipSpace()
      guard words.isEmpty || before < position, startsValue(), !peek("\""), !(peek("@") && !words.isEmpty) else {
        position = before
        break
      }
      let start = position
      while position < chars.count, !chars[position].isWhitespace, !"()[]/\"".contains(chars[position]) { position += 1 }
      if position == start {
        position = before
        break
      }
      words.append(String(chars[start..<position]))
    }
    return .text(words.joined(separator: " "))
  }

  /// `"…"` with `\"` and `\\` escapes.
  mutating func parseQuoted() -> String? {
    position += 1
    var value = ""
    while position < chars.count {
      let char = chars[position]
      position += 1
      if char == "\"" { return value }
      if char == "\\", position < chars.count {
        value.append(chars[position])
        position += 1
      } else {
        value.append(char)
      }
    }
    return fail("'\"' to end the quoted value")
  }

  // MARK: - Characters

  func isNameCharacter(_ char: Character) -> Bool {
    char.isLetter || char.isNumber || char == "_" || char == "-" || char == "."
  }

  func isWordCharacter(_ char: Character) -> Bool {
    !char.isWhitespace && !"()[]/\"".contains(char)
  }

  mutating func skipSpace() {
    while position < chars.count, chars[position].isWhitespace { position += 1 }
  }

  /// Where the next non-space character is.
  func afterSpace() -> Int {
    var index = position
    while index < chars.count, chars[index].isWhitespace { index += 1 }
    return index
  }

  func peek(_ literal: String) -> Bool {
    var index = position
    for char in literal {
      guard index < chars.count, chars[index] == char else { return false }
      index += 1
    }
    return true
  }

  /// Whether `word` is here as a whole word: not followed by a letter of a longer word.
  func peekWord(_ word: String) -> Bool {
    guard peekIgnoringCase(word) else { return false }
    let end = position + word.count
    return end == chars.count || !(chars[end].isLetter || chars[end].isNumber || chars[end] == "_" || chars[end] == "-")
  }

  /// Whether `word` is here as a keyword: a whole word followed by a space, a parenthesis or the
  /// end (`notandor` is a value).
  func peekKeyword(_ word: String) -> Bool {
    guard peekIgnoringCase(word) else { return false }
    let end = position + word.count
    return end == chars.count || chars[end].isWhitespace || chars[end] == "(" || (word.first?.isLetter == false && chars[end] != "=")
  }

  func peekIgnoringCase(_ word: String) -> Bool {
    var index = position
    for char in word {
      guard index < chars.count, chars[index].lowercased() == String(char) else { return false }
      index += 1
    }
    return true
  }

  mutating func take(_ literal: String) -> Bool {
    guard peek(literal) else { return false }
    position += literal.count
    return true
  }

  /// Takes `keyword` after optional space; leaves the position alone when it is not there.
  mutating func take(keyword: String) -> Bool {
    let before = position
    skipSpace()
    guard peekKeyword(keyword) else {
      position = before
      return false
    }
    position += keyword.count
    return true
  }

  /// Notes that `expected` was expected at `offset` (the position by default) and returns nil.
  mutating func fail<T>(_ expected: String, at offset: Int? = nil) -> T? {
    note(expected, at: offset)
    return nil
  }

  /// Notes that `expected` was expected at `offset` (the position by default). A later note at
  /// the same place replaces an earlier one: it comes from the rule around the one that failed,
  /// which knows more of what was meant ("a predicate after 'and'" rather than "a value").
  mutating func note(_ expected: String, at offset: Int? = nil) {
    let offset = offset ?? position
    if furthest.map({ offset >= $0.offset }) ?? true { furthest = (offset, expected) }
  }
}
