/// Checks raw input (command-line arguments, words of a shell line) before anything parses it:
/// it must be UTF-8, free of control characters, and not huge. Failures are usage errors (exit 2),
/// raised before any command runs, so bad input never changes anything.
///
/// Why these rules:
/// - Swift's `CommandLine.arguments` silently replaces invalid UTF-8 with U+FFFD, which would
///   store mangled text; so the raw bytes are read and checked here.
/// - A control character (U+0000–U+001F, U+007F–U+009F) has no place in one line of TaskPaper:
///   a line feed would split the task in two, a tab is TaskPaper's indentation, and an escape
///   character would later drive the terminal of whoever lists the task. Tabs are refused too;
///   write spaces instead.
/// - A bidirectional control (``isBidiControl(_:)``) is refused for the same reason: it would
///   make the task show in another order than it is stored (`invoice<U+202E>fdp.exe` shows as
///   `invoiceexe.pdf`). Text that holds one already (the file, `import`, the editor of `edit <id>`)
///   keeps it; every command shows it as `�` on a terminal.
/// - One argument may be at most ``maximumArgumentBytes`` (64 KiB): far more than any task line,
///   little enough that a runaway script cannot bloat the data file. Long text goes through
///   `taskman import <file>`.
enum InputText {
  /// The longest argument (or shell word) accepted, in UTF-8 bytes.
  static let maximumArgumentBytes = 64 * 1024
  /// The longest line `taskman shell` reads, in bytes.
  static let maximumLineBytes = 1024 * 1024

  /// The largest document `taskman import` reads, in bytes: ten times a list of 100,000 tasks.
  static let maximumDocumentBytes = 64 * 1024 * 1024

  /// Decodes a whole TaskPaper document (`taskman import`), named `name` in errors: UTF-8 (CRLF
  /// becomes LF; a leading byte order mark is dropped), at most ``maximumDocumentBytes``. Errors
  /// name the line.
  ///
  /// Control characters are kept, as in the task file itself: `export` writes them as they are,
  /// and a copy must import as it was exported. Every command shows them as `�` on a terminal.
  /// A document whose lines end with carriage returns alone (classic Mac OS) is refused: read
  /// as TaskPaper, it would be one line.
  static func decodeDocument(_ bytes: [UInt8], name: String) throws(TaskmanError) -> String {
    if bytes.count > maximumDocumentBytes {
      throw .usage(
        "\(name) is over \(maximumDocumentBytes / 1024 / 1024) MiB, the most 'import' reads",
        hint: "Split it into smaller TaskPaper files and import each."
      )
    }
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    // Checked once the text is known to be UTF-8: a binary file has carriage returns too.
    let classicLineBreaks =
      !body.contains(UInt8(ascii: "\n")) && body.firstIndex(of: UInt8(ascii: "\r")).map { body.index(after: $0) < body.endIndex } == true
    var text = ""
    text.reserveCapacity(body.count)
    var lineNumber = 0
    for var line in body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      lineNumber += 1
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      guard let decoded = String(validating: line, as: UTF8.self) else {
        throw .usage(
          "\(name), line \(lineNumber), is not valid UTF-8: \(quoted(line))",
          hint: "taskman reads text as UTF-8; convert the file (for example with iconv) and try again."
        )
      }
      if lineNumber > 1 { text += "\n" }
      text += decoded
    }
    if classicLineBreaks {
      throw .usage(
        "\(name) ends its lines with carriage returns alone (classic Mac OS line breaks), which TaskPaper reads as one line",
        hint: "Convert them to line feeds (for example: tr '\\r' '\\n' < old > new) and try again."
      )
    }
    return text
  }

  /// Decodes `bytes` as UTF-8 and checks it; `position` names it in errors ("argument 2").
  static func decode(_ bytes: some Collection<UInt8>, position: String) throws(TaskmanError) -> String {
    try checkLength(bytes.count, position: position)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .usage(
        "\(position) is not valid UTF-8: \(quoted(bytes))",
        hint: "taskman reads text as UTF-8; convert it (for example with iconv) and try again."
      )
    }
    try check(text, position: position)
    return text
  }

  /// Checks text that is already decoded (a word of a shell line): length and control characters.
  static func check(_ text: String, position: String) throws(TaskmanError) {
    try checkLength(text.utf8.count, position: position)
    if let control = text.unicodeScalars.first(where: isControl) {
      throw .usage(
        "\(position) contains a control character (\(name(of: control))): \(quoted(Array(text.utf8)))",
        hint: "Task text is one line of plain text: remove the control character (write spaces instead of tabs)."
      )
    }
    if let control = text.unicodeScalars.first(where: isBidiControl) {
      throw .usage(
        "\(position) contains a bidirectional control (\(name(of: control))): \(quoted(Array(text.utf8)))",
        hint: "It would make the text show in another order than it is stored (invoice\\u{202E}fdp.exe shows as invoiceexe.pdf): remove it."
      )
    }
  }

  private static func checkLength(_ count: Int, position: String) throws(TaskmanError) {
    if count > maximumArgumentBytes {
      throw .usage(
        "\(position) is \(count) bytes long; the limit is \(maximumArgumentBytes) bytes (64 KiB)",
        hint: "Put long text in a TaskPaper file and use 'taskman import <file>'."
      )
    }
  }

  /// Decodes every argument after the program name; positions count from 1.
  static func decodeArguments(_ arguments: [[UInt8]]) throws(TaskmanError) -> [String] {
    var decoded: [String] = []
    decoded.reserveCapacity(arguments.count)
    for (index, bytes) in arguments.enumerated() {
      decoded.append(try decode(bytes, position: "argument \(index + 1)"))
    }
    return decoded
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// The bidirectional controls (Unicode's Bidi_Control): U+061C, U+200E, U+200F, U+202A to
  /// U+202E and U+2066 to U+2069. Printed as they are, they reorder the text around them on a
  /// terminal, so `invoice<U+202E>fdp.exe` shows as `invoiceexe.pdf`.
  static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// `U+000A, a line feed`: the code point, and a name for the few people meet.
  static func name(of scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    let names: [UInt32: String] = [
      0x00: "a NUL byte", 0x09: "a tab", 0x0A: "a line feed", 0x0D: "a carriage return",
      0x1B: "an escape", 0x7F: "a delete",
      0x061C: "an Arabic letter mark", 0x200E: "a left-to-right mark", 0x200F: "a right-to-left mark",
      0x202A: "a left-to-right embedding", 0x202B: "a right-to-left embedding", 0x202C: "a pop directional formatting",
      0x202D: "a left-to-right override", 0x202E: "a right-to-left override", 0x2066: "a left-to-right isolate",
      0x2067: "a right-to-left isolate", 0x2068: "a first strong isolate", 0x2069: "a pop directional isolate",
    ]
    return names[scalar.value].map { "\(code), \($0)" } ?? code
  }

  /// The input in double quotes, readable whatever it holds: printable UTF-8 as is, anything else
  /// as `\n`, `\t`, `\u{1B}` or `\xFF`, cut after 60 characters.
  static func quoted(_ bytes: some Collection<UInt8>) -> String {
    var result = "\""
    var rest = Array(bytes)[...]
    var shown = 0
    // Scalar by scalar, so that each invalid byte can be shown on its own.
    while let first = rest.first, shown < 60 {
      let length =
        first < 0x80 ? 1 : first >> 5 == 0b110 ? 2 : first >> 4 == 0b1110 ? 3 : first >> 3 == 0b11110 ? 4 : 0
      if length > 0, let scalar = String(validating: rest.prefix(length), as: UTF8.self)?.unicodeScalars.first {
        result += escaped(scalar)
        rest = rest.dropFirst(length)
      } else {
        result += "\\x" + hexByte(first)
        rest = rest.dropFirst()
      }
      shown += 1
    }
    result += "\""
    if !rest.isEmpty { result += "…" }
    return result
  }

  private static func escaped(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\n": return "\\n"
    case "\t": return "\\t"
    case "\r": return "\\r"
    case "\"": return "\\\""
    case "\\": return "\\\\"
    default:
      return isControl(scalar) || isBidiControl(scalar) ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
    }
  }

  private static func hexByte(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}
