import Foundation

/// The stored form of a ``TaskJournal``: UTF-8 text, one record a line, so it can be read
/// when something goes wrong. The list of changes (`tasks.journal`):
///
/// ```
/// taskman journal v2
/// applied 2
/// next 18
/// entry 16 5398 import “tasks.taskpaper”
/// inline 17 98 done “Buy milk”
///   ~ 0b7a5e2c-1d4f-4e7a-8c3b-2a9d6e5f4c22 \t- Buy milk @shopping
///   = 21  @done(2026-11-25)
/// ```
///
/// - `applied N`: how many records, from the first, are in effect;
/// - `next N`: the serial the next record gets;
/// - `step <record|undo|redo> <before> <after>`, when present: the last step saved with the file
///   and the file's ``FileHash`` before and after it, 16 hex digits each (see
///   ``TaskJournal/lastStep``; a taskman built before this line refuses the journal);
/// - `entry <serial> <size> <description>`: a change, oldest first, whose entry is the document
///   `tasks.journal.<serial>`, about `<size>` bytes long;
/// - `inline <serial> <size> <description>`: a change whose entry follows, each of its lines
///   indented by two spaces (a small change: ``TaskJournal/inlineEntryLimit``);
/// - `at <time>`, right after an `entry` or `inline` line, when known: when that change was
///   made, in UTC (`at 2026-11-29T06:31:03Z`; see ``TaskJournal/Record/date``, which
///   `taskman log` shows; a taskman built before this line refuses the journal).
///
/// The first version, `taskman journal v1`, had only `entry` records; it is still read.
///
/// An entry's document (see ``TaskJournal/Entry/encoded()``):
///
/// ```
/// taskman journal entry v1
/// ~ 0b7a5e2c-1d4f-4e7a-8c3b-2a9d6e5f4c22 \t- Buy milk @shopping
/// = 21  @done(2026-11-25)
/// + 2e8d7c6b-5a49-4b38-8c27-1d0e9f8a7b55 6f1c0d52-8d1e-4a8b-9b8e-0c3f1d2a4b11 1 1 - Call Bob
/// > 9d4c3b2a-1f0e-4d5c-8b7a-695847362514 1 - 0
/// ```
///
/// - a line that changed in place: `~ <id> <line before>`, then `= <n> <rest>`, the line after
///   being the first `n` bytes of the line before followed by `<rest>` (so `done` stores only
///   ` @done(…)`);
/// - an item added, removed or moved: `- <id> <parent> <position> <level> <line>` where it was,
///   `+ …` where it is (an added item has only `+`, a removed one only `-`). `<parent>` is the
///   parent's id or `-` at the top level;
/// - after the `-` or `+` line of the first of a run of siblings a change adds or removes, and
///   of each item it moves among its siblings, its neighbours there: `> <before> <distance> <after> <distance>`, the nearest
///   siblings before and after it that are not blank lines (the one after also not placed by
///   the change; ids, or `-` for none) and how many positions away, so that undo and redo put
///   it back between them after lines were added or removed around it by hand (a taskman built
///   before these lines refuses to undo or redo a change recorded with them);
/// - `$ added-final-line-break`, last, when the change gave a file that ended without a line
///   break one (see ``TaskJournal/Entry/addedFinalLineBreak``);
/// - `$ emptied-file-line-break \r\n`, last, when the change left a file whose line breaks were
///   not `\n` without any (emptied, or with one line without one; see
///   ``TaskJournal/Entry/emptiedFileLineBreak``);
/// - `$ usual-line-break \r\n \n`, last, for a change that added, removed or moved items: the
///   file's line break when it was made, and its first line's after it, if it had one (see
///   ``TaskJournal/Entry/usualLineBreak`` and ``TaskJournal/Entry/usualLineBreakAfter``);
/// - `$ line-break <id> \n`, last, for each line the change took out, or left last without a
///   line break, whose line break was another (see ``TaskJournal/Entry/lineBreaks``). A
///   taskman built before these two marks refuses to undo or redo a change recorded with them.
///
/// A line runs to the end of the record. In descriptions and lines, `\` is written `\\`, a
/// line feed `\n` and a carriage return `\r`.
extension TaskJournal {
  /// The first line of the list of changes.
  static let header = "taskman journal v2"
  /// The first line of the list of changes as the first version wrote it, without inline entries.
  static let firstVersionHeader = "taskman journal v1"
  /// The indentation of an inline entry's lines.
  static let inlineIndent = "  "
  /// The first line of an entry's document.
  static let entryHeader = "taskman journal entry v1"

  /// The name of the document that holds the entry of the record with `serial`.
  public static func entryName(_ serial: Int) -> String { "\(TaskFile.journalName).\(serial)" }

  /// The stored list of changes, with the inline entries and without the others.
  public func encoded() -> Data {
    var text = Self.header + "\napplied \(applied)\nnext \(nextSerial)\n"
    if let step = lastStep {
      text += "step \(step.kind.rawValue) \(Self.hex(step.before)) \(Self.hex(step.after))\n"
    }
    for record in records {
      // An inline record with nothing loaded or stored has an entry that changes nothing.
      let lines = record.isInline ? record.entry.map { $0.encodedLines() } ?? record.storedEntry?.lines ?? "" : nil
      text += lines == nil ? "entry " : "inline "
      text += "\(record.serial) \(record.size) " + Self.escaped(record.description) + "\n"
      if let date = record.date { text += "at " + Self.timeText(date) + "\n" }
      guard let lines else { continue }
      for line in Self.linesSplitAtLineFeeds(lines).dropLast() {
        // String to String: `String + Substring` is generic, and looked up at run time.
        text += Self.inlineIndent
        text += String(line)
        text += "\n"
      }
    }
    return Data(utf8Of: text)
  }

  /// The list of changes stored in `data`, with the inline entries as stored (loaded by
  /// ``TaskFile/loadEntry(of:from:)``) and without the others.
  ///
  /// - Throws: ``TaskDocumentError`` naming the first line that is not as ``encoded()`` writes.
  public init(decoding data: Data) throws(TaskDocumentError) {
    let lines = Self.lines(of: data)
    func failure(_ number: Int, _ detail: String) -> TaskDocumentError {
      TaskDocumentError(line: number, problem: .malformedHistory(detail))
    }
    let header = lines.first.map(String.init)
    guard header == Self.header || header == Self.firstVersionHeader else { throw failure(1, "expected \"\(Self.header)\"") }
    guard lines.count > 2, lines[1].hasPrefix("applied "), let applied = Int(lines[1].dropFirst(8)), applied >= 0 else {
      throw failure(2, "expected \"applied <number>\"")
    }
    guard lines[2].hasPrefix("next "), let next = Int(lines[2].dropFirst(5)), next > 0 else {
      throw failure(3, "expected \"next <number>\"")
    }
    let recordForm = header == Self.header ? "entry|inline <serial> <size> <description>" : "entry <serial> <size> <description>"
    var records: [Record] = []
    // Where the lines of the inline entry being read start in `lines`, and how many there are.
    var inlineStart = 0
    var inlineCount = 0
    func endInlineEntry() {
      guard inlineCount > 0 else { return }
      // The lines in one piece, their indentation taken out.
      var text = ""
      for line in lines[inlineStart..<(inlineStart + inlineCount)] {
        // String to String: appending a substring is generic, and looked up at run time.
        text += String(line.dropFirst(Self.inlineIndent.count))
        text += "\n"
      }
      records[records.count - 1].storedEntry = StoredEntry(lines: text, firstLine: inlineStart + 1)
      inlineCount = 0
    }
    var lastStep: FileStep?
    var firstRecordLine = 3
    if lines.count > 3, lines[3].hasPrefix("step ") {
      let fields = Self.fields(of: lines[3], maxSplits: 3)
      guard fields.count == 4, let kind = FileStep.Kind(rawValue: String(fields[1])),
        let before = UInt64(fields[2], radix: 16), let after = UInt64(fields[3], radix: 16)
      else { throw failure(4, "expected \"step record|undo|redo <hash> <hash>\"") }
      lastStep = FileStep(kind: kind, before: before, after: after)
      firstRecordLine = 4
    }
    for index in lines.indices.dropFirst(firstRecordLine) {
      let line = lines[index]
      if line.hasPrefix(Self.inlineIndent), header == Self.header {
        guard records.last?.isInline == true else { throw failure(index + 1, "an indented line belongs under an \"inline\" record") }
        if inlineCount == 0 { inlineStart = index }
        inlineCount += 1
        continue
      }
      if line.hasPrefix("at "), header == Self.header, inlineCount == 0, let last = records.indices.last,
        records[last].date == nil
      {
        guard let date = Self.time(fromText: line.dropFirst(3)) else { throw failure(index + 1, "expected \"at <time>\"") }
        records[last].date = date
        continue
      }
      endInlineEntry()
      let fields = Self.fields(of: line, maxSplits: 3)
      let isInline = fields.first == "inline" && header == Self.header
      guard fields.count == 4, fields[0] == "entry" || isInline, let serial = Int(fields[1]), serial > 0, serial < next,
        let size = Int(fields[2]), size >= 0, !records.contains(where: { $0.serial == serial })
      else { throw failure(index + 1, "expected \"\(recordForm)\"") }
      var record = Record(serial: serial, description: Self.unescaped(fields[3]), size: size, entry: nil, isInline: isInline)
      // An entry without lines (a change of nothing) has none to follow.
      if isInline { record.storedEntry = StoredEntry(lines: "", firstLine: index + 2) }
      records.append(record)
    }
    endInlineEntry()
    guard applied <= records.count else {
      throw failure(2, "\(applied) changes applied, but the journal has \(records.count)")
    }
    self.init(records: records, applied: applied, nextSerial: next)
    self.lastStep = lastStep
  }

  /// `date` as `2026-11-29T06:31:03Z`: how the journal stores a change's time.
  public static func timeText(_ date: Date) -> String {
    let point = TaskDate.Point(date, in: TimeZone(identifier: "UTC") ?? .current)
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let second = ((seconds % 60) + 60) % 60
    return "\(point.day)T\(point.time?.description ?? "00:00"):\(second < 10 ? "0" : "")\(second)Z"
  }

  /// The time `timeText(_:)` wrote, or nil.
  static func time(fromText text: Substring) -> Date? {
    let parts = text.split(separator: "T")
    guard parts.count == 2, parts[1].hasSuffix("Z"), let day = try? TaskDate.parse(String(parts[0])), day.end == nil else {
      return nil
    }
    let clock = parts[1].dropLast().split(separator: ":").compactMap { Int($0) }
    guard clock.count == 3, (0..<24).contains(clock[0]), (0..<60).contains(clock[1]), (0..<60).contains(clock[2]) else {
      return nil
    }
    let seconds = day.start.day.daysSince1970 * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2]
    return Date(timeIntervalSince1970: Double(seconds))
  }

  /// `value` as 16 hex digits.
  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The space-separated fields of `line`, split at spaces themselves (not at characters: a
  /// field that starts with a combining mark makes one character with the space before it).
  static func fields(of line: Substring, maxSplits: Int) -> [Substring] {
    line.unicodeScalars.split(separator: " ", maxSplits: maxSplits, omittingEmptySubsequences: false).map(Substring.init)
  }

  static func lines(of data: Data) -> [Substring] {
    var lines = linesSplitAtLineFeeds(String(decoding: data, as: UTF8.self))
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// `text` split at each line feed. Not at characters: a carriage return and the line feed
  /// after it make one character, so a line of a damaged journal that ends with a `\r` would
  /// run into the next one.
  static func linesSplitAtLineFeeds(_ text: String) -> [Substring] {
    text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(Substring.init)
  }

  static func escaped(_ text: some StringProtocol) -> String {
    // Scalars, not characters: `\r\n` is one character, neither `\r` nor `\n`.
    guard text.unicodeScalars.contains(where: { $0 == "\\" || $0 == "\n" || $0 == "\r" }) else { return String(text) }
    var result = ""
    for character in text.unicodeScalars {
      switch character {
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  static func unescaped(_ text: some StringProtocol) -> String {
    guard text.unicodeScalars.contains("\\") else { return String(text) }
    var result = ""
    var escaping = false
    for character in text.unicodeScalars {
      if escaping {
        switch character {
        case "n": result += "\n"
        case "r": result += "\r"
        default: result.unicodeScalars.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.unicodeScalars.append(character)
      }
    }
    return result
  }
}
