/// Text made safe for roff (the man(7) macros), the way `ManPage` writes `taskman.1`.
///
/// Every `-` becomes `\-` (a minus, so option names and command lines copy as typed), a backslash
/// `\e`, any character beyond ASCII `\[uXXXX]` (groff reads its input as Latin-1 unless told
/// otherwise; the escape reads the same everywhere), and a line that would start with `.` or `'`
/// (a request) starts with `\&` instead.
enum Roff {
  /// One line of running text, escaped.
  static func text(_ line: String) -> String { guardingLineStart(escape(line)) }

  /// `line` escaped, for the middle of a line.
  private static func escape(_ line: String) -> String {
    var escaped = ""
    for scalar in line.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\e"
      case "-": escaped += "\\-"
      case "\n", "\t": escaped += " "
      case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
      case _ where scalar.value > 0x7F:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// `text` in bold (a literal: a command, an option).
  static func bold(_ text: String) -> String { "\\fB" + escape(text) + "\\fR" }

  /// `text` in italics (a placeholder: `<id>`'s `id`).
  static func italic(_ text: String) -> String { "\\fI" + escape(text) + "\\fR" }

  /// Paragraphs of text (as commands' discussions hold them) as roff lines: a blank line starts
  /// a new paragraph (`.PP`), a single line break stays one (`.br`).
  static func paragraphs(_ text: String) -> [String] {
    var lines: [String] = []
    var lastWasText = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingSpaces
      if trimmed.isEmpty {
        if lastWasText { lines.append(".PP") }
        lastWasText = false
      } else {
        if lastWasText { lines.append(".br") }
        lines.append(Self.text(trimmed))
        lastWasText = true
      }
    }
    if lines.last == ".PP" { lines.removeLast() }
    return lines
  }

  /// A command line or usage as taskman writes it, marked up: options and the words before the
  /// first placeholder in bold (`taskman list`), `<placeholders>` in italics without their
  /// brackets, the rest (`[`, `]`, `|`, `...`) as it is.
  ///
  /// `taskman show <id> [--json]` becomes `\fBtaskman show\fR \fIid\fR [\fB\-\-json\fR]`.
  static func synopsis(_ usage: String) -> String {
    var result = ""
    var characters = usage[...]
    var atWordStart = true
    var leadingWords = true
    while let character = characters.first {
      if character == "<", let end = characters.firstIndex(of: ">") {
        result += italic(String(characters[characters.index(after: characters.startIndex)..<end]))
        characters = characters[characters.index(after: end)...]
        leadingWords = false
        atWordStart = false
      } else if atWordStart && (character == "-" || (leadingWords && character.isLetter)) {
        let word = characters.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        result += bold(String(word))
        characters = characters[word.endIndex...]
        atWordStart = false
      } else {
        if character == "[" || character == "|" || character == "." { leadingWords = false }
        result += escape(String(character))
        characters = characters.dropFirst()
        atWordStart = character == " " || character == "[" || character == "|"
      }
    }
    // `\fBtaskman\fR \fBlist\fR` reads better, and the same, as `\fBtaskman list\fR`.
    return guardingLineStart(result.replacing("\\fR \\fB", with: " "))
  }

  /// `line` with `\&` before a leading `.` or `'`, which would make it a request.
  private static func guardingLineStart(_ line: String) -> String {
    line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
