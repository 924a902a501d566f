import Foundation

/// The stored form of a ``TaskJournal``: UTF-8 text, one record a line, so it can be read
/// when something goes wrong.
///
/// ```
/// taskman journal v1
/// applied 2
/// entry done “Buy milk”
/// ~ 0b7a5e2c-1d4f-4e7a-8c3b-2a9d6e5f4c22 	- Buy milk @shopping
/// = 21  @done(2026-11-25)
/// entry add “Call Bob”
/// + 2e8d7c6b-5a49-4b38-8c27-1d0e9f8a7b55 6f1c0d52-8d1e-4a8b-9b8e-0c3f1d2a4b11 1 1 - Call Bob
/// ```
///
/// - `applied N`: how many entries, from the first, are in effect.
/// - `entry <description>` starts an entry; its changes follow, two lines each or one:
///   - a line that changed in place: `~ <id> <line before>`, then `= <n> <rest>`, the line after
///     being the first `n` bytes of the line before followed by `<rest>` (so `done` stores
///     only ` @done(…)`);
///   - an item added, removed or moved: `- <id> <parent> <position> <level> <line>` where it
///     was, `+ …` where it is (an added item has only `+`, a removed one only `-`). `<parent>`
///     is the parent's id or `-` at the top level.
///   A line runs to the end of the record.
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
      guard let side = line.first, "-+~=".contains(side), line.dropFirst().first == " " else {
        throw failure(number, "expected \"entry\", \"~\", \"=\", \"-\" or \"+\"")
      }
      let body = line.dropFirst(2)
      let last = entries.count - 1
      switch side {
      case "~":
        let fields = body.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        guard fields.count == 2, let id = UUID(uuidString: String(fields[0])) else {
          throw failure(number, "expected \"~ <id> <line>\"")
        }
        let before = Self.unescaped(fields[1])
        entries[last].changes.append(.line(id: id, before: before, after: before))
      case "=":
        let fields = body.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        guard fields.count == 2, let kept = Int(fields[0]), kept >= 0, case let .line(id, before, _)? = entries[last].changes.last,
          kept <= before.utf8.count
        else { throw failure(number, "expected \"= <bytes kept> <rest>\" after a \"~\" line") }
        let after = String(decoding: before.utf8.prefix(kept), as: UTF8.self) + Self.unescaped(fields[1])
        entries[last].changes[entries[last].changes.count - 1] = .line(id: id, before: before, after: after)
      default:
        let fields = body.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
        guard fields.count == 5, let id = UUID(uuidString: String(fields[0])),
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
        if side == "+", case let .place(lastID, before?, nil)? = entries[last].changes.last, lastID == id {
          entries[last].changes[entries[last].changes.count - 1] = .place(id: id, before: before, after: placement)
        } else {
          entries[last].changes.append(.place(id: id, before: side == "-" ? placement : nil, after: side == "+" ? placement : nil))
        }
      }
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
      switch change {
      case let .line(id, before, after):
        let (old, new) = (Array(before.utf8), Array(after.utf8))
        var kept = 0
        while kept < min(old.count, new.count), old[kept] == new[kept] { kept += 1 }
        // What is kept ends on a character boundary, so the rest is whole UTF-8.
        while kept > 0, kept < new.count, new[kept] & 0xC0 == 0x80 { kept -= 1 }
        text += "~ \(id.uuidString.lowercased()) \(TaskJournal.escaped(before))\n"
        text += "= \(kept) \(TaskJournal.escaped(String(decoding: new[kept...], as: UTF8.self)))\n"
      case let .place(id, before, after):
        if let before { Self.encode("-", id, before, into: &text) }
        if let after { Self.encode("+", id, after, into: &text) }
      }
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
      switch change {
      case let .line(_, before, after): size + 45 + before.utf8.count + after.utf8.count - min(before.utf8.count, after.utf8.count)
      case let .place(_, before, after): size + (before.map { $0.line.utf8.count + 90 } ?? 0) + (after.map { $0.line.utf8.count + 90 } ?? 0)
      }
    }
  }
}
