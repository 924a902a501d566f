import Foundation
import Testing

@Suite("taskman undo")
struct UndoCommandTests {
  @Test func undoesSeveralCommandsNewestFirst() throws {
    let data = try TaskmanDataDirectory()
    let milk = try data.add("Buy milk")
    #expect(try data.run(["tag", milk, "@today"]).status == 0)
    #expect(try data.run(["done", milk]).status == 0)
    #expect(try data.run(["delete", milk, "--yes"]).status == 0)

    let outputs = try (1...4).map { _ in try data.run(["undo"]) }
    #expect(outputs.map(\.status) == [0, 0, 0, 0])
    #expect(
      outputs.map(\.output) == [
        "Undid: delete “Buy milk”\n",
        "Undid: done “Buy milk”\n",
        "Undid: tag “Buy milk” @today\n",
        "Undid: add “Buy milk”\n",
      ]
    )
    #expect(try data.export() == "")
  }

  @Test func eachUndoRestoresTheStateBeforeThatCommand() throws {
    let data = try TaskmanDataDirectory()
    let milk = try data.add("Buy milk")
    let afterAdd = try data.export()
    #expect(try data.run(["tag", milk, "@today"]).status == 0)
    let afterTag = try data.export()
    #expect(try data.run(["delete", milk, "--yes"]).status == 0)
    #expect(try data.run(["undo"]).status == 0)
    #expect(try data.export() == afterTag)
    #expect(try data.run(["undo"]).status == 0)
    #expect(try data.export() == afterAdd)
    // The undone item keeps its id.
    #expect(try data.listed().first?["shortId"] as? String == milk)
  }

  @Test func nothingToUndoIsTheFeaturesMessage() throws {
    let data = try TaskmanDataDirectory()
    let result = try data.run(["undo"])
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    // Nothing was ever changed: the limits would explain nothing.
    #expect(result.errors == "taskman: There is nothing to undo.\n")
    // Past the oldest change of a new file, when none was forgotten: the limits would explain
    // nothing either.
    _ = try data.add("Buy milk")
    #expect(try data.run(["undo"]).status == 0)
    let past = try data.run(["undo"])
    #expect(past.status == 1)
    #expect(past.errors == "taskman: There is nothing to undo.\n")
  }

  @Test func pastTheOldestChangeKeptTheLimitsAreNamed() throws {
    // A hundred and one changes: the first is forgotten. Both limits are named, since a large
    // import can push out changes long before the hundredth.
    let data = try TaskmanDataDirectory()
    let adds = try data.run(["shell"], input: (1...101).map { "add Task \($0)\n" }.joined())
    try #require(adds.status == 0, "\(adds.errors)")
    let undos = try data.run(["shell"], input: String(repeating: "undo\n", count: 100))
    try #require(undos.status == 0, "\(undos.errors)")
    #expect(try data.export() == "- Task 1\n")
    let past = try data.run(["undo"])
    #expect(past.status == 1)
    #expect(past.errors.hasPrefix("taskman: There is nothing to undo.\n"))
    #expect(past.errors.contains("its last 100 changes to undo, fewer when they are larger than 4 MiB together"))
  }

  @Test func aChangeIsDescribedByFiveTitlesAtMostAndAHundredCharactersOfEach() throws {
    let data = try TaskmanDataDirectory()
    let long = String(repeating: "word ", count: 60).trimmingCharacters(in: .whitespaces)
    _ = try data.add(long)
    #expect(try data.run(["undo"]).output == "Undid: add “\(long.prefix(99))…”\n")
    let ids = try (1...7).map { try data.add("Task \($0)") }
    #expect(try data.run(["done"] + ids).status == 0)
    #expect(try data.run(["undo"]).output == "Undid: done “Task 1”, “Task 2”, “Task 3”, “Task 4”, “Task 5” and 2 more\n")
  }

  @Test func anUndoRefusedForAnotherReasonSaysOnlyThatReason() throws {
    let data = try TaskmanDataDirectory()
    let milk = try data.add("Buy milk")
    _ = try data.add("Call Bob")
    #expect(try data.run(["done", milk]).status == 0)
    // The line undo would change is deleted by hand.
    try Data("- Call Bob\n".utf8).write(to: URL(fileURLWithPath: data.dataFile))
    let result = try data.run(["undo"])
    #expect(result.status == 1)
    #expect(result.errors.hasPrefix("taskman: "), "\(result.errors)")
    #expect(result.errors.contains("deleted since"), "\(result.errors)")
    #expect(!result.errors.contains("changes to undo"), "the limits are no reason here: \(result.errors)")
    #expect(result.errors.contains("taskman undo --skip"), "the way past it is named: \(result.errors)")
  }

  @Test func skipDropsAChangeThatCannotBeUndoneAndUndoGoesOnBeforeIt() throws {
    let data = try TaskmanDataDirectory()
    let milk = try data.add("Buy milk")
    _ = try data.add("Call Bob")
    #expect(try data.run(["done", milk]).status == 0)
    // The line the last change touched is deleted by hand: that change can never be undone.
    try Data("- Call Bob\n".utf8).write(to: URL(fileURLWithPath: data.dataFile))
    for _ in 0..<2 { #expect(try data.run(["undo"]).status == 1) }
    let skipped = try data.run(["undo", "--skip"])
    #expect(skipped.status == 0, "\(skipped.errors)")
    #expect(skipped.output == "Skipped: done “Buy milk”, without undoing it; it is no longer in the history.\n")
    #expect(data.dataFileText == "- Call Bob\n", "the file is left as it is")
    // The changes before it can be undone again.
    #expect(try data.run(["undo"]).output == "Undid: add “Call Bob”\n")
    #expect(data.dataFileText == "")
    #expect(try data.run(["undo", "--skip"]).output == "Skipped: add “Buy milk”, without undoing it; it is no longer in the history.\n")
    let nothing = try data.run(["undo", "--skip"])
    #expect(nothing.status == 1)
    #expect(nothing.errors.hasPrefix("taskman: There is nothing to undo."))
  }

  @Test func aDamagedJournalIsSetAsideAsItWasSaidOnceAndReportedByDoctor() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("Buy milk")
    _ = try data.add("Call Bob")
    let journal = data.stateDirectory + "/tasks.journal"
    var damaged = try Data(contentsOf: URL(fileURLWithPath: journal))
    damaged.append(contentsOf: Array("garbage\u{1}\n".utf8))
    try damaged.write(to: URL(fileURLWithPath: journal))

    let add = try data.run(["add", "Pay rent"])
    #expect(add.status == 0, "\(add.errors)")
    let aside = try #require(add.errors.firstMatch(of: #/it is set aside, as it was, as (\S+);/#)?.1, "\(add.errors)")
    #expect(aside.hasPrefix(data.stateDirectory + "/tasks.journal.damaged-"))
    // The line appended: after two changes, each with its time (`at …`) and its inline lines.
    #expect(add.errors.hasPrefix("taskman: the undo journal \(journal) cannot be read (line 15: "), "\(add.errors)")
    #expect(add.errors.hasSuffix("a new one is started, and the changes recorded in it can no longer be undone.\n"), "\(add.errors)")
    #expect(add.errors.split(separator: "\n").count == 1)
    #expect(try Data(contentsOf: URL(fileURLWithPath: String(aside))) == damaged, "never written over")
    // Said once: the next change finds the new journal.
    let more = try data.run(["add", "More"])
    #expect(more.errors.isEmpty, "\(more.errors)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: String(aside))) == damaged)

    let doctor = try data.run(["doctor"])
    #expect(doctor.status == 1)
    #expect(doctor.output.contains("undo: a damaged journal was set aside as \(aside); the changes in it cannot be undone (remove it once you no longer need it)"), "\(doctor.output)")
    #expect(doctor.output.hasSuffix("1 thing to look at.\n"), "\(doctor.output)")
    #expect(try data.run(["undo"]).output == "Undid: add “More”\n")
  }
}
