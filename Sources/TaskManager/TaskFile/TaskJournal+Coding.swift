import Foundation

/// The stored form of a ``TaskJournal``: UTF-8 text, one record a line, so it can be read
/// when something goes wrong.
///
/// ```
/// taskman journal v1
/// applied 1
/// entry done “Buy milk”
/// - 6f1c0d52-8d1e-4a8b-9b8e-0c3f1d2a4b11 - 0 0 - Buy milk @shopping
/// + 6f1c0d52-8d1e-4a8b-9b8e-0c3f1d2a4b11 - 0 0 - Buy milk @shopping @done(2026-11-25)
/// ```
///
/// - `applied N`: how many entries, from the first, are in effect.
/// - `entry <description>` starts an entry; its changes follow, one or two lines each:
///   `- <id> <parent> <position> <level> <line>` where the item was before the change,
///   `+ …` where it is after (an added item has only `+`, a removed one only `-`). `<parent>`
///   is the parent's id or `-` at the top level; `<line>` runs to the end of the line.
/// - In the description and the lines, `\` is written `\\`, a line feed `\n` and a carriage
///   return `\r`.
extension TaskJournal {
  /// The first line of every journal.
  static let header = "taskman journal v1"

  /// The stored form.
  public func encoded() -> Data {
    var text = Self.header + "\napplied \(applied)\n"
    for entry in entries { entry.encode(into: &text) }
    return Data(text.utf8)
  }

  /// The journal stored in `data`.
  ///
  /// - Throws: ``TaskDocumentError`` naming the first line that is not as ``encoded()`` writes.
  public init(decoding data: Data) throws(TaskDocumentError) {
    let text = String(decoding: data, as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    func failure(_ number: Int, _ detail: String) -> TaskDocumentError {
      TaskDocumentError(line: number, problem: .malformedHistory(detail))
    }
    guard lines.first.map(String.init) == Self.header else {
      throw failure(1, "expected \"\(Self.header)\"")
    }
    guard lines.count > 1, lines[1].hasPrefix("applied "), let applied = Int(lines[1].dropFirst(8)), applied >= 0 else {
      throw failure(2, "expected \"applied <number>\"")
    }
    var entries: [Entry] = []
    var number = 2
    for line in lines.dropFirst(2) {
      number += 1
      if line.hasPrefix("entry ") {
        entries.append(Entry(description: Self.unescaped(line.dropFirst(6)), changes: []))
        continue
      }
      guard !entries.isEmpty else { throw failure(number, "expected \"entry <description>\"") }
      guard let side = line.first, side == "-" || side == "+" else {
        throw failure(number, "expected \"entry\", \"-\" or \"+\"")
      }
      let fields = line.dropFirst(2).split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
      guard line.dropFirst().first == " ", fields.count == 5, let id = UUID(uuidString: String(fields[0])),
        let position = Int(fields[2]), position >= 0, let level = Int(fields[3]), level >= 0
      else { throw failure(number, "expected \"\(side) <id> <parent> <position> <level> <line>\"") }
      let parent: UUID?
      if fields[1] == "-" {
        parent = nil
      } else if let id = UUID(uuidString: String(fields[1])) {
        parent = id
      } else {
        throw failure(number, "invalid parent id \(String(reflecting: String(fields[1])))")
      }
      let placement = Placement(parentID: parent, position: position, level: level, line: Self.unescaped(fields[4]))
      var changes = entries[entries.count - 1].changes
      if side == "+", let last = changes.last, last.id == id, last.after == nil, last.before != nil {
        changes[changes.count - 1].after = placement
      } else {
        changes.append(Change(id: id, before: side == "-" ? placement : nil, after: side == "+" ? placement : nil))
      }
      entries[entries.count - 1].changes = changes
    }
    guard applied <= entries.count else {
      throw failure(2, "\(applied) entries applied, but the journal has \(entries.count)")
    }
    self.init(entries: entries, applied: applied)
  }

  static func escaped(_ text: some StringProtocol) -> String {
    guard text.contains(where: { $0 == "\\" || $0 == "\n" || $0 == "\r" }) else { return String(text) }
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
    guard text.contains("\\") else { return String(text) }
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

extension TaskJournal.Entry {
  func encode(into text: inout String) {
    text += "entry " + TaskJournal.escaped(description) + "\n"
    for change in changes {
      if let before = change.before { Self.encode("-", change.id, before, into: &text) }
      if let after = change.after { Self.encode("+", change.id, after, into: &text) }
    }
  }

  private static func encode(_ side: String, _ id: UUID, _ placement: TaskJournal.Placement, into text: inout String) {
    let parent = placement.parentID.map { $0.uuidString.lowercased() } ?? "-"
    text += "\(side) \(id.uuidString.lowercased()) \(parent) \(placement.position) \(placement.level) "
    text += TaskJournal.escaped(placement.line) + "\n"
  }

  /// About how many bytes the entry takes in the stored journal.
  var encodedSize: Int {
    changes.reduce(description.utf8.count + 7) { size, change in
      size + (change.before.map { $0.line.utf8.count + 100 } ?? 0) + (change.after.map { $0.line.utf8.count + 100 } ?? 0)
    }
  }
}
