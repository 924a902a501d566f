import Foundation
import Testing

/// The journal is saved before the file, so a file found as it was before the journal's last
/// step never got that step (taskman was killed between the two renames) or lost it to a hand
/// revert: the step is taken out of the history, never undone again nor replayed (issue 40).
@Suite("a journal step the file does not have")
struct JournalStepNotInFileTests {
  @Test func aChangeTheFileNeverGotIsSteppedOverAndNeverRedone() throws {
    let file = try UserFile("")
    #expect(try file.run(["add", "four"]).status == 0)
    let copy = file.bytes
    #expect(try file.run(["add", "five"]).status == 0)
    // As if taskman had been killed after renaming the journal, before renaming the file.
    try copy.write(to: URL(fileURLWithPath: file.path))
    let undo = try file.run(["undo"])
    #expect(undo.status == 0)
    #expect(undo.output.hasPrefix("Stepped over: add “five”, which is not in the file"), "\(undo.output)")
    #expect(file.text == "- four\n")
    #expect(try file.run(["undo"]).output == "Undid: add “four”\n")
    #expect(try file.run(["redo"]).output == "Redid: add “four”\n")
    let redo = try file.run(["redo"])
    #expect(redo.status == 1, "five was never reported: it is never replayed")
    #expect(file.text == "- four\n")
  }

  @Test func anUndoAfterTheUserRevertedTheChangeByHandDoesNotPutTheItemBackTwice() throws {
    let file = try UserFile("- keep\n")
    let id = try file.run(["add", "added task"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    let copy = file.bytes
    #expect(try file.run(["delete", id, "--yes"]).status == 0)
    try copy.write(to: URL(fileURLWithPath: file.path))
    let undo = try file.run(["undo"])
    #expect(undo.output.hasPrefix("Stepped over: delete “added task”"), "\(undo.output)")
    #expect(file.text == "- keep\n- added task\n")
    // Any other change says once that the history lost that step.
    let again = try file.run(["delete", try #require(try file.ids()["added task"]), "--yes"])
    #expect(again.status == 0)
    try copy.write(to: URL(fileURLWithPath: file.path))
    let other = try file.run(["add", "other"])
    #expect(other.errors.contains("delete “added task” is not in the file"), "\(other.errors)")
    #expect(file.text == "- keep\n- added task\n- other\n")
    #expect(try file.run(["undo"]).output == "Undid: add “other”\n")
  }

  @Test func anUndoTheFileNeverGotIsTakenBackSoRedoDoesNotMakeTheChangeTwice() throws {
    let file = try UserFile("")
    #expect(try file.run(["add", "one"]).status == 0)
    let withOne = file.bytes
    #expect(try file.run(["undo"]).status == 0)
    try withOne.write(to: URL(fileURLWithPath: file.path))
    let redo = try file.run(["redo"])
    #expect(redo.output.hasPrefix("Stepped over: undo of add “one”"), "\(redo.output)")
    #expect(try file.run(["redo"]).status == 1)
    #expect(file.text == "- one\n")
  }
}
