import Foundation
import Testing

@testable import TaskManager

/// Merges `base`, `ours` and `theirs` (texts) line by line, the shortcuts for equal versions
/// left out; returns the merged text and the conflicts.
func merged(_ base: String, _ ours: String, _ theirs: String) throws -> (text: String, conflicts: [OutlineMergeConflict]) {
  let result = try OutlineMerge.merge(base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8), shortcuts: false)
  return (String(decoding: result.bytes, as: UTF8.self), result.conflicts)
}

/// The rules of issue 46 for the merge driver, each on a small outline.
@Suite struct OutlineMergeTests {
  @Test func theDocumentedExample() throws {
    let base = Array("Home:\n\t- Call mom\n".utf8)
    let ours = Array("Home:\n\t- Call mom @today\n".utf8)
    let theirs = Array("Home:\n\t- Call mom @done(2026-11-29)\n\t- Buy milk\n".utf8)
    let result = try OutlineMerge.merge(base: base, ours: ours, theirs: theirs)
    #expect(String(decoding: result.bytes, as: UTF8.self) == "Home:\n\t- Call mom @done(2026-11-29) @today\n\t- Buy milk\n")
    #expect(result.conflicts.isEmpty)
  }

  @Test func changesToDifferentItemsMerge() throws {
    let base = "Home:\n\t- Call mom\n\t- Buy milk\nWork:\n\t- Write report\n"
    let ours = "Home:\n\t- Call mom @today\n\t- Buy milk\nWork:\n\t- Write report\n"
    let theirs = "Home:\n\t- Call mom\n\t- Buy milk\nWork:\n\t- Write report @done(2026-11-29)\n"
    let result = try merged(base, ours, theirs)
    #expect(result.text == "Home:\n\t- Call mom @today\n\t- Buy milk\nWork:\n\t- Write report @done(2026-11-29)\n")
    #expect(result.conflicts.isEmpty)
  }

  @Test func differentTagsOfOneItemMerge() throws {
    let base = "Home:\n\t- Call mom\n"
    let ours = "Home:\n\t- Call mom @x\n"
    let theirs = "Home:\n\t- Call mom @done(2026-11-29)\n"
    let result = try merged(base, ours, theirs)
    #expect(result.text == "Home:\n\t- Call mom @done(2026-11-29) @x\n")
    #expect(result.conflicts.isEmpty)
    // Whichever side is ours.
    #expect(try merged(base, theirs, ours).text == result.text)
  }

  @Test func aTagRemovedOnOneSideAndAnotherAddedOnTheOther() throws {
    let base = "- Pay rent @today @due(2026-11-30)\n"
    let ours = "- Pay rent @due(2026-11-30)\n"
    let theirs = "- Pay rent @today @due(2026-11-30) @done\n"
    #expect(try merged(base, ours, theirs).text == "- Pay rent @due(2026-11-30) @done\n")
    #expect(try merged(base, theirs, ours).text == "- Pay rent @due(2026-11-30) @done\n")
  }

  @Test func aTitleEditedOnOneSideAndATagAddedOnTheOther() throws {
    let base = "- Call mom about the trip\n"
    let ours = "- Call mom about the summer trip\n"
    let theirs = "- Call mom about the trip @done\n"
    #expect(try merged(base, ours, theirs).text == "- Call mom about the summer trip @done\n")
    #expect(try merged(base, theirs, ours).text == "- Call mom about the summer trip @done\n")
  }

  @Test func theOrderOfUntouchedItemsIsKept() throws {
    let base = "- a\n- b\n- c\n- d\n"
    let ours = "- a\n- b @x\n- c\n- d\n"
    let theirs = "- a\n- b\n- c\n- d @y\n"
    #expect(try merged(base, ours, theirs).text == "- a\n- b @x\n- c\n- d @y\n")
  }

  @Test func anAddedItemGoesBetweenTheSameNeighbours() throws {
    let base = "Home:\n\t- a\n\t- b\n\t- c\n"
    let ours = "Home:\n\t- a\n\t- new\n\t- b\n\t- c\n"
    let theirs = "Home:\n\t- a\n\t- b\n\t- c\n\t- last\n"
    #expect(try merged(base, ours, theirs).text == "Home:\n\t- a\n\t- new\n\t- b\n\t- c\n\t- last\n")
    #expect(try merged(base, theirs, ours).text == "Home:\n\t- a\n\t- new\n\t- b\n\t- c\n\t- last\n")
  }

  @Test func itemsAddedAtOnePlaceOnBothSidesAreOrderedTheSameWhicheverSideIsOurs() throws {
    let base = "- a\n- b\n"
    let ours = "- a\n- Walk the dog\n- Feed it\n- b\n"
    let theirs = "- a\n- Buy milk\n- b\n"
    let expected = "- a\n- Buy milk\n- Walk the dog\n- Feed it\n- b\n"
    #expect(try merged(base, ours, theirs).text == expected)
    #expect(try merged(base, theirs, ours).text == expected)
  }

  @Test func theSameLineAddedOnBothSidesIsKeptOnce() throws {
    let base = "- a\n"
    let both = "- a\n- b\n"
    #expect(try merged(base, both + "- c\n", both).text == "- a\n- b\n- c\n")
  }

  @Test func identicalLinesUnderDifferentParentsAreToldApart() throws {
    let base = "Home:\n\t- Call mom\nWork:\n\t- Call mom\n"
    // Ours deletes the one at home; theirs tags the one at work.
    let ours = "Home:\nWork:\n\t- Call mom\n"
    let theirs = "Home:\n\t- Call mom\nWork:\n\t- Call mom @today\n"
    #expect(try merged(base, ours, theirs).text == "Home:\nWork:\n\t- Call mom @today\n")
    #expect(try merged(base, theirs, ours).text == "Home:\nWork:\n\t- Call mom @today\n")
    // Ours tags the one at home, theirs the one at work.
    let tagged = "Home:\n\t- Call mom @home\nWork:\n\t- Call mom\n"
    #expect(try merged(base, tagged, theirs).text == "Home:\n\t- Call mom @home\nWork:\n\t- Call mom @today\n")
  }

  @Test func aRealConflictKeepsBothVersionsTheSecondMarked() throws {
    let base = "Home:\n\t- Call mom\n\t\tAsk about the trip\n\t- Buy milk\n"
    let ours = "Home:\n\t- Call mom tonight\n\t\tAsk about the trip\n\t- Buy milk\n"
    let theirs = "Home:\n\t- Call mother\n\t\tAsk about the trip\n\t- Buy milk\n"
    let result = try merged(base, ours, theirs)
    #expect(result.text == "Home:\n\t- Call mom tonight\n\t\tAsk about the trip\n\t- Call mother @conflict\n\t- Buy milk\n")
    #expect(!result.text.contains("<<<<<<<"))
    #expect(result.conflicts == [OutlineMergeConflict(line: 2, conflictLine: 4, ours: "- Call mom tonight", theirs: "- Call mother")])
  }

  @Test func theSameTagChangedDifferentlyIsAConflict() throws {
    let base = "- Pay rent @due(2026-11-30)\n"
    let result = try merged(base, "- Pay rent @due(2026-12-01)\n", "- Pay rent @due(2026-12-02)\n")
    #expect(result.text == "- Pay rent @due(2026-12-01)\n- Pay rent @due(2026-12-02) @conflict\n")
    #expect(result.conflicts.count == 1)
  }

  @Test func theSameEditOnBothSidesIsNoConflict() throws {
    let base = "- a\n- b\n"
    let both = "- a @done\n- b\n"
    #expect(try merged(base, both, both).text == both)
    #expect(try merged(base, both, both).conflicts.isEmpty)
  }

  @Test func aDeleteAgainstAnEditKeepsTheEdit() throws {
    let base = "Home:\n\t- Call mom\n\t- Buy milk\n"
    let ours = "Home:\n\t- Buy milk\n"
    let theirs = "Home:\n\t- Call mom @today\n\t- Buy milk\n"
    #expect(try merged(base, ours, theirs).text == theirs)
    #expect(try merged(base, theirs, ours).text == theirs)
  }

  @Test func aDeleteAgainstNoChangeDeletes() throws {
    let base = "- a\n- b\n- c\n"
    #expect(try merged(base, "- a\n- c\n", "- a\n- b\n- c @x\n").text == "- a\n- c @x\n")
  }

  @Test func aDeletedProjectStaysWhenTheOtherSideAddedUnderIt() throws {
    let base = "Home:\n\t- a\n\t- b\nWork:\n\t- c\n"
    let ours = "Work:\n\t- c\n"
    let theirs = "Home:\n\t- a\n\t- b\n\t- new\nWork:\n\t- c\n"
    #expect(try merged(base, ours, theirs).text == "Home:\n\t- new\nWork:\n\t- c\n")
  }

  @Test func movesOnOneSideAndEditsOnTheOther() throws {
    let base = "Home:\n\t- a\n\t- b\nWork:\n\t- c\n"
    // Ours moves b to Work; theirs tags it where it was.
    let ours = "Home:\n\t- a\nWork:\n\t- c\n\t- b\n"
    let theirs = "Home:\n\t- a\n\t- b @today\nWork:\n\t- c\n"
    #expect(try merged(base, ours, theirs).text == "Home:\n\t- a\nWork:\n\t- c\n\t- b @today\n")
    #expect(try merged(base, theirs, ours).text == "Home:\n\t- a\nWork:\n\t- c\n\t- b @today\n")
  }

  @Test func movesOnBothSides() throws {
    let base = "- a\n- b\n- c\n- d\n"
    // Different items moved: both moves.
    #expect(try merged(base, "- b\n- a\n- c\n- d\n", "- a\n- b\n- d\n- c\n").text == "- b\n- a\n- d\n- c\n")
    // The same item moved to different places: ours' move.
    #expect(try merged(base, "- b\n- c\n- d\n- a\n", "- b\n- a\n- c\n- d\n").text == "- b\n- c\n- d\n- a\n")
  }

  @Test func movesIntoEachOtherOnBothSidesMakeNoCycle() throws {
    let base = "A:\n\t- a\nB:\n\t- b\n"
    let ours = "B:\n\t- b\n\tA:\n\t\t- a\n"
    let theirs = "A:\n\t- a\n\tB:\n\t\t- b\n"
    let result = try merged(base, ours, theirs)
    // Every line is still there, once.
    #expect(result.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.sorted() == ["- a", "- b", "A:", "B:"])
  }

  @Test func theFilesOwnBytesAreKept() throws {
    // CRLF, spaces for indentation, trailing whitespace, no final line break.
    let base = "Home:\r\n  - Call mom  \r\n  - Buy milk\r\nWork:\r\n  -Write report"
    let ours = "Home:\r\n  - Call mom  \r\n  - Buy milk @today\r\nWork:\r\n  -Write report"
    let theirs = "Home:\r\n  - Call mom  \r\n  - Buy milk\r\nWork:\r\n  -Write report\r\n  - New"
    #expect(try merged(base, ours, theirs).text == "Home:\r\n  - Call mom  \r\n  - Buy milk @today\r\nWork:\r\n  -Write report\r\n  - New")
    #expect(try merged(base, theirs, ours).text == "Home:\r\n  - Call mom  \r\n  - Buy milk @today\r\nWork:\r\n  -Write report\r\n  - New")
  }

  @Test func lineBreaksConvertedOnOneSideStayConverted() throws {
    let base = "- a\n- b\n"
    let ours = "- a\r\n- b\r\n"
    let theirs = "- a\n- b\n- c\n"
    #expect(try merged(base, ours, theirs).text == "- a\r\n- b\r\n- c\r\n")
  }

  @Test func aStrayCarriageReturnAtTheEndStays() throws {
    let base = "- a\n- b\r"
    #expect(try merged(base, "- a @x\n- b\r", base).text == "- a @x\n- b\r")
  }

  @Test func aLineAddedAfterALastLineWithoutLineBreak() throws {
    let base = "- a\n- b"
    #expect(try merged(base, "- a @x\n- b", "- a\n- b\n- c").text == "- a @x\n- b\n- c")
    #expect(try merged(base, "- a\n- b\n", "- a @x\n- b").text == "- a @x\n- b\n")
  }

  @Test func indentationFollowsTheMergedParent() throws {
    // Ours moves the project under another one (indenting its tasks); theirs adds a task to it.
    let base = "Home:\n\t- a\nErrands:\n\t- b\n"
    let ours = "Home:\n\t- a\n\tErrands:\n\t\t- b\n"
    let theirs = "Home:\n\t- a\nErrands:\n\t- b\n\t- c\n"
    let result = try merged(base, ours, theirs)
    #expect(result.text == "Home:\n\t- a\n\tErrands:\n\t\t- b\n\t\t- c\n")
    let outline = parseOutline(result.text)
    #expect(outline.items[0].children[1].children.map(\.title) == ["b", "c"])
  }

  @Test func anEmptyAncestorAndAddsOnBothSides() throws {
    #expect(try merged("", "- a\n", "- b\n").text == "- a\n- b\n")
    #expect(try merged("", "", "- b\n").text == "- b\n")
  }

  @Test func aVersionMergedWithItselfOrTheAncestorIsGivenBackByteForByte() throws {
    let base = "\u{FEFF}Home:\r\n  - Call mom  \r\n\r\nWork: @focus\n\t-Write report\n\t\tnotes here\n- x"
    let other = "Home:\n\t- Call mom @today\nWork:\n\t- b\n"
    for version in [base, other] {
      #expect(try merged(version, version, version).text == version)
      #expect(try merged(base, version, base).text == version)
      #expect(try merged(base, base, version).text == version)
    }
  }

  @Test func unreadableVersionsAreRefused() throws {
    let bad: [UInt8] = [0x2D, 0x20, 0xFF, 0x0A]
    #expect(throws: OutlineMergeError.self) { try OutlineMerge.merge(base: Array("- a\n".utf8), ours: Array("- a @x\n".utf8), theirs: bad) }
    #expect(throws: OutlineMergeError.self) {
      try OutlineMerge.merge(base: Array("- a\n".utf8), ours: Array("- a\r- b\r".utf8), theirs: Array("- a @x\n".utf8))
    }
    // Two equal versions need no reading.
    #expect(try OutlineMerge.merge(base: bad, ours: bad, theirs: Array("- a\n".utf8)).bytes == Array("- a\n".utf8))
  }
}
