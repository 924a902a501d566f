import Foundation
import Testing

/// Random hand-written files, random changes, then every change undone and redone: each undo
/// must give back the very bytes the file had before the change, and redoing them all the bytes
/// after the last one. (A longer run of the same kind found the cases the tests beside this one
/// pin down: blank lines under moved items, re-indented lines, emptied files, CRLF.)
@Suite("taskman's undo and redo on random files")
struct UndoRoundTripTests {
  /// A file of odd corners: tabs, spaces and both, blank and whitespace-only lines, trailing
  /// blanks, tags with and without values, `@25%`, `a@b.com`, unicode, notes ending in `:`,
  /// CRLF or LF, a final line break or none.
  static func document(_ random: inout SplitMix64) -> String {
    let words = ["Buy", "milk", "café", "🍮", "@25%", "a@b.com", "Plan:", "(y)", "@due(2026-12-01)", "@t", "@v(a b)", "@done(2026-11-01)", "1:2"]
    var lines: [String] = []
    for _ in 0..<(1 + random.below(12)) {
      let indentation = random.pick(["", "", "\t", "\t\t", "  ", "    ", " \t", "\t "])
      let text = (0..<random.below(4)).map { _ in random.pick(words) }.joined(separator: " ")
      let line: String
      switch random.below(10) {
      case 0..<5: line = random.pick(["- ", "-"]) + text
      case 5..<7: line = (text.isEmpty ? "P" : text) + ":" + random.pick(["", " @t", "   "])
      case 7: line = random.pick(["", " ", "\t"])
      default: line = text
      }
      lines.append(indentation + line + random.pick(["", "", " ", "\t"]))
    }
    let lineBreak = random.pick(["\n", "\n", "\r\n"])
    return lines.joined(separator: lineBreak) + random.pick([lineBreak, lineBreak, ""])
  }

  /// The serial the journal gives its next change: it moves when a command records one.
  static func nextSerial(_ data: TaskmanDataDirectory) -> String {
    let journal = (try? String(contentsOfFile: data.stateDirectory + "/tasks.journal", encoding: .utf8)) ?? ""
    return journal.split(separator: "\n").first { $0.hasPrefix("next ") }.map(String.init) ?? ""
  }

  @Test(arguments: 1...6)
  func undoGivesBackEachStateAndRedoTheLast(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    for round in 0..<4 {
      let data = try TaskmanDataDirectory()
      let original = Self.document(&random)
      try Data(original.utf8).write(to: URL(fileURLWithPath: data.dataFile))
      var states = [data.dataFileBytes]
      var log: [String] = []
      // The ids listed once, and those of items added since: an id deleted since just matches
      // nothing (exit 1), which changes nothing either. (A listing per step took most of the time.)
      let items = (try? data.json(["list", "--json", "--all", "--search", ""])["items"] as? [[String: Any]]) ?? nil
      var ids = (items ?? []).compactMap { $0["shortId"] as? String }
      guard !ids.isEmpty else { continue }
      for _ in 0..<(1 + random.below(8)) {
        let (a, b) = (random.pick(ids), random.pick(ids))
        let command = random.pick([
          ["done", a], ["undone", a], ["tag", a, "@x"], ["tag", a, "@v(1 2)"], ["untag", a, "t"], ["edit", a, "- Renamed @n"],
          ["delete", "--yes", a], ["move", a, "--top"], ["move", a, "--top-level"], ["move", a, "--under", b], ["move", a, "--after", b],
          ["move", a, "--before", b], ["add", "Fresh @f"], ["note", a, "A note"], ["project", "Proj"],
        ])
        let serial = Self.nextSerial(data)
        let result = try data.run(command)
        log.append("\(command) → \(result.status)")
        if result.status == 0, ["add", "note", "project"].contains(command[0]) {
          ids.append(result.output.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(result.status <= 2, "seed \(seed), round \(round): \(log)\n\(result.errors)")
        if Self.nextSerial(data) != serial {
          states.append(data.dataFileBytes)
        } else {
          #expect(data.dataFileBytes == states.last!, "a command that recorded nothing changed the file: \(log)")
        }
      }
      let context = "seed \(seed), round \(round): \(String(reflecting: original)), \(log)"
      for state in states.reversed().dropFirst() {
        #expect(try data.run(["undo"]).status == 0, "\(context)")
        #expect(data.dataFileText == state.map { String(decoding: $0, as: UTF8.self) }, "\(context)")
      }
      for _ in states.dropFirst() { #expect(try data.run(["redo"]).status == 0, "\(context)") }
      #expect(data.dataFileBytes == states.last!, "\(context)")
    }
  }
}
