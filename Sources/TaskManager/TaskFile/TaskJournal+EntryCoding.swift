import Foundation

extension TaskJournal.Entry {
  /// The entry's stored document (its description is kept in the list of changes).
  public func encoded() -> Data {
    Data(utf8Of: TaskJournal.entryHeader + "\n" + encodedLines())
  }

  /// The lines of ``encoded()`` after its first, each ending with a line feed: the form of an
  /// inline entry.
  func encodedLines() -> String {
    var text = ""
    for change in changes {
      switch change {
      case let .line(id, before, after):
        let (old, new) = (Array(before.utf8), Array(after.utf8))
        var kept = 0
        while kept < min(old.count, new.count), old[kept] == new[kept] { kept += 1 }
        // What is kept ends on a character boundary, so the rest is whole UTF-8.
        while kept > 0, kept < new.count, new[kept] & 0xC0 == 0x80 { kept -= 1 }
        text += "~ \(id.lowercasedText) \(TaskJournal.escaped(before))\n"
        text += "= \(kept) \(TaskJournal.escaped(String(decoding: new[kept...], as: UTF8.self)))\n"
      case let .place(id, before, after):
        if let before { Self.encode("-", id, before, into: &text) }
        if let after { Self.encode("+", id, after, into: &text) }
      }
    }
    if addedFinalLineBreak { text += "$ \(Self.addedFinalLineBreakMark)\n" }
    if let emptiedFileLineBreak { text += "$ \(Self.emptiedFileLineBreakMark) \(TaskJournal.escaped(emptiedFileLineBreak))\n" }
    if let usualLineBreak {
      text += "$ \(Self.usualLineBreakMark) \(TaskJournal.escaped(usualLineBreak))"
      text += usualLineBreakAfter.map { " " + TaskJournal.escaped($0) } ?? ""
      text += "\n"
    }
    // In a stable order, so that an entry is always stored with the same bytes.
    for (id, lineBreak) in lineBreaks.sorted(by: { $0.key.precedesInTextOrder($1.key) }) {
      text += "$ \(Self.lineBreakMark) \(id.lowercasedText) \(TaskJournal.escaped(lineBreak))\n"
    }
    return text
  }

  private static let addedFinalLineBreakMark = "added-final-line-break"
  private static let emptiedFileLineBreakMark = "emptied-file-line-break"
  private static let lineBreakMark = "line-break"
  private static let usualLineBreakMark = "usual-line-break"

  /// The entry stored in `data`, described as `description`.
  ///
  /// - Throws: ``TaskDocumentError`` naming the first line that is not as ``encoded()`` writes.
  public init(decoding data: Data, description: String) throws(TaskDocumentError) {
    let lines = TaskJournal.lines(of: data)
    func failure(_ number: Int, _ detail: String) -> TaskDocumentError {
      TaskDocumentError(line: number, problem: .malformedHistory(detail))
    }
    guard lines.first.map(String.init) == TaskJournal.entryHeader else {
      throw failure(1, "expected \"\(TaskJournal.entryHeader)\"")
    }
    var changes: [TaskJournal.Change] = []
    // The side of the placement a `>` line gives the neighbours of: that of the line before.
    var lastPlacementSide: Character?
    var addedFinalLineBreak = false
    var emptiedFileLineBreak: String?
    var usualLineBreak: String?
    var usualLineBreakAfter: String?
    var lineBreaks: [UUID: String] = [:]
    // The marks about the file's end come after the changes.
    let firstMark = (lines.lastIndex { !$0.hasPrefix("$ ") } ?? 0) + 1
    for (offset, line) in lines.dropFirst().enumerated() {
      let number = offset + 2
      if offset + 1 >= firstMark {
        if line == "$ \(Self.addedFinalLineBreakMark)" {
          addedFinalLineBreak = true
          continue
        }
        if line.hasPrefix("$ \(Self.emptiedFileLineBreakMark) ") {
          emptiedFileLineBreak = TaskJournal.unescaped(line.dropFirst(Self.emptiedFileLineBreakMark.count + 3))
          continue
        }
        if line.hasPrefix("$ \(Self.lineBreakMark) ") {
          let fields = TaskJournal.fields(of: line.dropFirst(Self.lineBreakMark.count + 3), maxSplits: 1)
          guard fields.count == 2, let id = UUID(uuidString: String(fields[0])), let lineBreak = Self.lineBreak(fields[1]) else {
            throw failure(number, "expected \"$ \(Self.lineBreakMark) <id> <line break>\"")
          }
          lineBreaks[id] = lineBreak
          continue
        }
        if line.hasPrefix("$ \(Self.usualLineBreakMark) ") {
          let fields = TaskJournal.fields(of: line.dropFirst(Self.usualLineBreakMark.count + 3), maxSplits: 1)
          let breaks = fields.map(Self.lineBreak)
          guard (1...2).contains(breaks.count), let before = breaks[0], breaks.count == 1 || breaks[1] != nil else {
            throw failure(number, "expected \"$ \(Self.usualLineBreakMark) <line break> [<line break>]\"")
          }
          usualLineBreak = before
          usualLineBreakAfter = breaks.count == 2 ? breaks[1] : nil
          continue
        }
      }
      guard let side = line.first, "-+~=>".contains(side), line.dropFirst().first == " " else {
        throw failure(
          number,
          "expected \"~\", \"=\", \"-\", \"+\", \">\" or, last, \"$ \(Self.addedFinalLineBreakMark)\" or \"$ \(Self.emptiedFileLineBreakMark) <line break>\" or \"$ \(Self.usualLineBreakMark) …\" or \"$ \(Self.lineBreakMark) <id> <line break>\""
        )
      }
      let body = line.dropFirst(2)
      if side != ">" { lastPlacementSide = nil }
      switch side {
      case ">":
        let fields = TaskJournal.fields(of: body, maxSplits: 3)
        // `-` for none, else an id.
        func neighbour(_ field: Substring) -> (id: UUID?, isValid: Bool) {
          if field == "-" { return (nil, true) }
          let id = UUID(uuidString: String(field))
          return (id, id != nil)
        }
        guard fields.count == 4, case let before = neighbour(fields[0]), before.isValid, let beforeDistance = Int(fields[1]),
          beforeDistance >= 0, case let after = neighbour(fields[2]), after.isValid, let afterDistance = Int(fields[3]),
          afterDistance >= 0, let placedSide = lastPlacementSide, case let .place(id, placedBefore, placedAfter)? = changes.last
        else { throw failure(number, "expected \"> <id> <distance> <id> <distance>\" after a \"-\" or \"+\" line") }
        let neighbours = TaskJournal.Placement.Neighbours(
          before: before.id, beforeDistance: beforeDistance, after: after.id, afterDistance: afterDistance
        )
        if placedSide == "-", var placement = placedBefore {
          placement.neighbours = neighbours
          changes[changes.count - 1] = .place(id: id, before: placement, after: placedAfter)
        } else if placedSide == "+", var placement = placedAfter {
          placement.neighbours = neighbours
          changes[changes.count - 1] = .place(id: id, before: placedBefore, after: placement)
        }
        lastPlacementSide = nil
      case "~":
        let fields = TaskJournal.fields(of: body, maxSplits: 1)
        guard fields.count == 2, let id = UUID(uuidString: String(fields[0])) else {
          throw failure(number, "expected \"~ <id> <line>\"")
        }
        let before = TaskJournal.unescaped(fields[1])
        changes.append(.line(id: id, before: before, after: before))
      case "=":
        let fields = TaskJournal.fields(of: body, maxSplits: 1)
        guard fields.count == 2, let kept = Int(fields[0]), kept >= 0, case let .line(id, before, _)? = changes.last,
          kept <= before.utf8.count
        else { throw failure(number, "expected \"= <bytes kept> <rest>\" after a \"~\" line") }
        let after = String(decoding: before.utf8.prefix(kept), as: UTF8.self) + TaskJournal.unescaped(fields[1])
        changes[changes.count - 1] = .line(id: id, before: before, after: after)
      default:
        let fields = TaskJournal.fields(of: body, maxSplits: 4)
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
        let placement = TaskJournal.Placement(parentID: parent, position: position, level: level, line: TaskJournal.unescaped(fields[4]))
        if side == "+", case let .place(lastID, before?, nil)? = changes.last, lastID == id {
          changes[changes.count - 1] = .place(id: id, before: before, after: placement)
        } else {
          changes.append(.place(id: id, before: side == "-" ? placement : nil, after: side == "+" ? placement : nil))
        }
        lastPlacementSide = side
      }
    }
    self.init(
      description: description, changes: changes, addedFinalLineBreak: addedFinalLineBreak, emptiedFileLineBreak: emptiedFileLineBreak,
      usualLineBreak: usualLineBreak, usualLineBreakAfter: usualLineBreakAfter, lineBreaks: lineBreaks
    )
  }

  /// The line break a mark's field holds (`\n` or `\r\n`, escaped), or nil.
  private static func lineBreak(_ field: Substring) -> String? {
    let lineBreak = TaskJournal.unescaped(field)
    return lineBreak == "\n" || lineBreak == "\r\n" ? lineBreak : nil
  }

  private static func encode(_ side: String, _ id: UUID, _ placement: TaskJournal.Placement, into text: inout String) {
    let parent = placement.parentID.map { $0.lowercasedText } ?? "-"
    text += "\(side) \(id.lowercasedText) \(parent) \(placement.position) \(placement.level) "
    text += TaskJournal.escaped(placement.line) + "\n"
    if let neighbours = placement.neighbours {
      let before = neighbours.before.map { $0.lowercasedText } ?? "-"
      let after = neighbours.after.map { $0.lowercasedText } ?? "-"
      text += "> \(before) \(neighbours.beforeDistance) \(after) \(neighbours.afterDistance)\n"
    }
  }

  /// About how many bytes the entry's stored document takes (without encoding it).
  var encodedSize: Int {
    let marks = (addedFinalLineBreak ? 25 : 0) + (emptiedFileLineBreak == nil ? 0 : 32) + (usualLineBreak == nil ? 0 : 28) + lineBreaks.count * 54
    return changes.reduce(TaskJournal.entryHeader.utf8.count + 1 + marks) { size, change in
      switch change {
      case let .line(_, before, after): size + 48 + before.utf8.count + max(0, after.utf8.count - before.utf8.count) + 8
      case let .place(_, before, after):
        size + [before, after].reduce(0) { $0 + ($1.map { 85 + $0.line.utf8.count + ($0.neighbours == nil ? 0 : 80) } ?? 0) }
      }
    }
  }
}
