import Foundation

/// The config file, `key = value` lines a person edits by hand, as taskman reads and writes it:
/// bytes in, ``Settings`` and the file's lines out, and a change written back as a change of
/// one line.
///
/// ```
/// # Colour even when piping into less -R.
/// color = always
/// list.sort = due
/// ```
///
/// Lines are blank, comments (`#` first, after any spaces) or `key = value`, with any spaces
/// or tabs around the key, the `=` and the value; the value runs to the end of the line (a `#`
/// in it is part of it). A key taskman does not know but could be a setting's name
/// (``SettingsKey/isValidName(_:)``: `future.key = x`) is kept as it is; every other line that
/// is not one of these, a bad value for a known key and a known key given twice are
/// ``problems``, with their line numbers. The lines that are fine still set ``settings``.
///
/// ```swift
/// var file = SettingsFile(data: Data("# mine\ncolor = auto\r\n".utf8))
/// try file.set(.color, to: "never")
/// String(decoding: file.data, as: UTF8.self)  // "# mine\ncolor = never\r\n"
/// ```
///
/// ``set(_:to:)`` replaces only the bytes of the key's value, or appends a line when the key
/// has none (with the file's line ending, keeping whether it ends with one), so every comment,
/// unknown key and space stays as it was. It refuses a file with problems: taskman never
/// writes over a file it could not read in full.
public struct SettingsFile: Equatable, Sendable {
  /// The file's bytes.
  public private(set) var bytes: [UInt8]
  /// The defaults, with every readable line of a known key applied.
  public private(set) var settings: Settings
  /// The lines that could not be read, in order.
  public private(set) var problems: [SettingsFileProblem]
  /// Every readable `key = value` line, known keys and others, in order.
  public private(set) var entries: [Entry]

  /// One readable `key = value` line.
  public struct Entry: Hashable, Sendable {
    /// The key, as written (without spaces).
    public var name: String
    /// The value, without the spaces around it.
    public var value: String
    /// The line's number, from 1.
    public var line: Int
    /// Where the value's bytes are in ``SettingsFile/bytes``.
    public var valueRange: Range<Int>
  }

  /// The file read from `data`; empty data (or no file) is an empty file.
  public init(data: Data) {
    self.init(bytes: Array(data))
  }

  /// The file read from `bytes`.
  public init(bytes: [UInt8]) {
    self.bytes = bytes
    settings = Settings()
    problems = []
    entries = []
    parse()
  }

  /// A file with nothing in it.
  public static let empty = SettingsFile(bytes: [])

  /// The file's bytes, to save.
  public var data: Data { Data(bytes) }

  /// The line that sets `key`, if any.
  public func entry(for key: SettingsKey) -> Entry? {
    entries.first { $0.name == key.name }
  }

  /// The lines whose keys taskman does not know (kept as they are).
  public var unknownEntries: [Entry] {
    entries.filter { SettingsKey.named($0.name) == nil && CommandAlias.name(inKey: $0.name) == nil }
  }

  /// The `alias.<name> = <command line>` lines (see ``CommandAlias``), in the order written;
  /// of a name given twice, the later line, as git reads its config.
  public var aliases: [CommandAlias] {
    var found: [CommandAlias] = []
    for entry in entries {
      guard let name = CommandAlias.name(inKey: entry.name) else { continue }
      found.removeAll { $0.name == name }
      found.append(CommandAlias(name: name, text: entry.value, line: entry.line))
    }
    return found
  }

  /// Sets `key` to `text` (spaces around it ignored): the value of the key's line is replaced,
  /// or a line `key = text` is appended when there is none; every other byte stays.
  ///
  /// - Throws: ``SettingsFailure/fileHasProblems(_:)`` when the file has lines taskman cannot
  ///   read (nothing is changed), ``SettingsFailure/invalidValue(key:value:reason:)`` when
  ///   `text` is not a value of `key`.
  public mutating func set(_ key: SettingsKey, to text: String) throws(SettingsFailure) {
    guard problems.isEmpty else { throw .fileHasProblems(problems) }
    let value = Self.trimmed(Array(text.utf8))
    let valueText = String(decoding: value, as: UTF8.self)
    if value.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
      throw .invalidValue(key: key.name, value: text, reason: "a value is one line of text, without control characters")
    }
    do throws(SettingValueError) {
      try key.validate(valueText)
    } catch {
      throw .invalidValue(key: key.name, value: valueText, reason: error.reason)
    }
    var newBytes = bytes
    if let entry = entry(for: key) {
      var replacement = value
      // `key =` with nothing after it: `key = value`, not `key =value`.
      if entry.valueRange.isEmpty, !value.isEmpty, entry.valueRange.lowerBound > 0,
        bytes[entry.valueRange.lowerBound - 1] == UInt8(ascii: "=")
      {
        replacement.insert(UInt8(ascii: " "), at: 0)
      }
      newBytes.replaceSubrange(entry.valueRange, with: replacement)
    } else {
      let line = Array("\(key.name) = ".utf8) + value
      let ending = lineEnding
      if bytes.isEmpty {
        newBytes = line + ending
      } else if bytes.last == UInt8(ascii: "\n") {
        newBytes += line + ending
      } else {
        // The file did not end with a line break: neither does it now.
        newBytes += ending + line
      }
    }
    self = SettingsFile(bytes: newBytes)
  }

  /// The file's line ending: that of its first line, else `\n`.
  var lineEnding: [UInt8] {
    guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return [UInt8(ascii: "\n")] }
    return newline > 0 && bytes[newline - 1] == UInt8(ascii: "\r") ? Array("\r\n".utf8) : [UInt8(ascii: "\n")]
  }

  private mutating func parse() {
    var lineStart = 0
    var number = 0
    var seen: [String: Int] = [:]
    while lineStart < bytes.count {
      number += 1
      let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n"))
      var lineEnd = newline ?? bytes.count
      if lineEnd > lineStart, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
      readLine(lineStart..<lineEnd, number: number, seen: &seen)
      guard let newline else { break }
      lineStart = newline + 1
    }
  }

  private mutating func readLine(_ range: Range<Int>, number: Int, seen: inout [String: Int]) {
    let line = bytes[range]
    guard let text = String(validating: line, as: UTF8.self) else {
      problems.append(SettingsFileProblem(line: number, message: "it is not UTF-8 text", fix: "Save the file as UTF-8, or remove the line."))
      return
    }
    let content = Self.trimmed(line)
    if content.isEmpty || content.first == UInt8(ascii: "#") { return }
    guard let equals = line.firstIndex(of: UInt8(ascii: "=")) else {
      problems.append(
        SettingsFileProblem(
          line: number, message: "'\(Self.shown(text))' has no '='",
          fix: "Write it as key = value, like color = never, or start it with # to make it a comment."
        )
      )
      return
    }
    let name = String(decoding: Self.trimmed(bytes[range.lowerBound..<equals]), as: UTF8.self)
    guard SettingsKey.isValidName(name) else {
      let names = SettingsKey.all.map(\.name).joined(separator: ", ")
      problems.append(
        SettingsFileProblem(
          line: number, message: "'\(Self.shown(name))' is not a setting's name",
          fix: "A name is lowercase words joined by '.' or '-', like list.sort; taskman's are \(names)."
        )
      )
      return
    }
    // The value's bytes: after the `=` and its spaces, up to the spaces ending the line.
    var valueStart = equals + 1
    while valueStart < range.upperBound, Self.isSpace(bytes[valueStart]) { valueStart += 1 }
    var valueEnd = range.upperBound
    while valueEnd > valueStart, Self.isSpace(bytes[valueEnd - 1]) { valueEnd -= 1 }
    let value = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
    if let key = SettingsKey.named(name) {
      if let first = seen[name] {
        problems.append(
          SettingsFileProblem(
            line: number, message: "\(name) is set already, on line \(first)",
            fix: "Remove one of the two lines."
          )
        )
        return
      }
      do throws(SettingValueError) {
        try key.set(value, in: &settings)
      } catch {
        let example = key.allowedValues.isEmpty ? "" : ", like \(name) = \(key.allowedValues[0])"
        let fix = key.allowedValues.isEmpty
          ? "Fix the value (see 'taskman help config'), or remove the line for the default."
          : "Write one of \(key.allowedValues.joinedAsAlternatives())\(example), or remove the line for the default."
        problems.append(
          SettingsFileProblem(line: number, message: "invalid value '\(Self.shown(value))' for \(name): \(error.reason)", fix: fix)
        )
        return
      }
      seen[name] = number
    }
    entries.append(Entry(name: name, value: value, line: number, valueRange: valueStart..<valueEnd))
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }

  private static func trimmed(_ bytes: some BidirectionalCollection<UInt8>) -> [UInt8] {
    Array(bytes.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
  }

  /// `text` as a message may quote it: trimmed, and at most 60 characters.
  private static func shown(_ text: String) -> String {
    let trimmed = String(decoding: Self.trimmed(Array(text.utf8)), as: UTF8.self)
    return trimmed.count > 60 ? String(trimmed.prefix(57)) + "…" : trimmed
  }
}
