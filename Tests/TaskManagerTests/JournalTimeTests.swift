import Foundation
import TaskManager
import Testing

/// The time each change of the undo journal keeps, for `taskman log`.
@Suite struct JournalTimeTests {
  static let milk = parseLine("- Buy milk")
  static let done = parseLine("- Buy milk @done(2026-11-22)")

  @Test func timesAreStoredAfterTheirRecordAndReadBack() throws {
    let big = (1...200).map { parseOutline("- Task \($0)\n").items[0] }
    var journal = TaskJournal()
    journal.record(TaskJournal.Entry("done “Buy milk”", from: [Self.milk], to: [Self.done]), at: Date(timeIntervalSince1970: 1_795_341_600))
    journal.record(TaskJournal.Entry("import", from: [], to: big), at: Date(timeIntervalSince1970: 1_795_341_659))
    journal.record(TaskJournal.Entry("undone “Buy milk”", from: [Self.done], to: [Self.milk]))
    #expect(journal.records.map(\.isInline) == [true, false, true])
    let text = String(decoding: journal.encoded(), as: UTF8.self)
    #expect(text.contains("inline 1 ") && text.contains("\nat 2026-11-22T10:00:00Z\n  "))
    #expect(text.contains("\nat 2026-11-22T10:00:59Z\ninline 3 "), "the large entry's time follows its line")
    #expect(text.components(separatedBy: "\nat ").count == 3, "a change without a time has no line")

    let read = try TaskJournal(decoding: journal.encoded())
    #expect(read.records.map(\.date) == [Date(timeIntervalSince1970: 1_795_341_600), Date(timeIntervalSince1970: 1_795_341_659), nil])
    #expect(read.records.map(\.description) == ["done “Buy milk”", "import", "undone “Buy milk”"])
  }

  @Test func aTimeThatIsNotOneNamesItsLine() {
    let text = "taskman journal v2\napplied 1\nnext 2\nentry 1 10 done\nat yesterday\n"
    #expect(throws: TaskDocumentError(line: 5, problem: .malformedHistory("expected \"at <time>\""))) {
      try TaskJournal(decoding: Data(text.utf8))
    }
  }
}
