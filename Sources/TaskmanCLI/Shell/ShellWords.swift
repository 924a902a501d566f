/// Splits a `taskman shell` line into words the way a POSIX shell does, without expansions:
///
/// - spaces and tabs separate words;
/// - `'single quotes'` keep everything literally;
/// - `"double quotes"` keep everything but `\"` and `\\`, which stand for `"` and `\`;
/// - outside quotes, `\` makes the next character literal (`Buy\ milk` is one word);
/// - `''` and `""` make an empty word.
///
/// ```swift
/// try ShellWords.split(#"add "Buy milk" @due(2026-12-01)"#)  // ["add", "Buy milk", "@due(2026-12-01)"]
/// ```
///
/// An unterminated quote or a final lone backslash is a usage error for the line.
enum ShellWords {
  static func split(_ line: String) throws(TaskmanError) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var iterator = line.unicodeScalars.makeIterator()
    while let scalar = iterator.next() {
      switch scalar {
      case " ", "\t":
        if inWord { words.append(word) }
        word = ""
        inWord = false
      case "'":
        inWord = true
        while true {
          guard let next = iterator.next() else { throw unterminated("'") }
          if next == "'" { break }
          word.unicodeScalars.append(next)
        }
      case "\"":
        inWord = true
        while true {
          guard let next = iterator.next() else { throw unterminated("\"") }
          if next == "\"" { break }
          if next == "\\" {
            guard let escaped = iterator.next() else { throw unterminated("\"") }
            if escaped != "\"" && escaped != "\\" { word.unicodeScalars.append("\\") }
            word.unicodeScalars.append(escaped)
          } else {
            word.unicodeScalars.append(next)
          }
        }
      case "\\":
        guard let escaped = iterator.next() else {
          throw .usage(
            "the line ends with a backslash",
            hint: "A backslash makes the next character literal; write \\\\ for a backslash."
          )
        }
        inWord = true
        word.unicodeScalars.append(escaped)
      default:
        inWord = true
        word.unicodeScalars.append(scalar)
      }
    }
    if inWord { words.append(word) }
    return words
  }

  private static func unterminated(_ quote: String) -> TaskmanError {
    .usage(
      "the line has an unterminated \(quote) quote",
      hint: quote == "'"
        ? #"Close the quote. For an apostrophe, write \' outside quotes or use double quotes: "it's"."#
        : #"Close the quote. Inside double quotes, write \" for a literal "."#
    )
  }
}
