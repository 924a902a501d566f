import Foundation
import Testing

@testable import TaskManager

/// An outline `depth` levels deep: one task under another, `level 0` to `level <depth - 1>`,
/// each with the id `testID(level)`.
private func chain(depth: Int) -> [Item] {
  var item = Item(id: testID(UInt64(depth - 1)), kind: .task, title: "level \(depth - 1)", level: depth - 1)
  for level in (0..<(depth - 1)).reversed() {
    item = Item(id: testID(UInt64(level)), kind: .task, title: "level \(level)", level: level, children: [item])
  }
  return [item]
}

/// What a change to one item does, as `taskman` does it: find it and change it in place,
/// record the change, compare, undo it and redo it. Returns the items the walks looked at.
private func changeDeepest(of items: [Item], depth: Int) throws -> Int {
  let counter = OutlineWork.Counter()
  try OutlineWork.$counter.withValue(counter) {
    let deepest = testID(UInt64(depth - 1))
    var outline = Outline(items: items)
    #expect(outline.item(withID: deepest)?.title == "level \(depth - 1)")
    #expect(outline.modifyItem(withID: deepest) { $0.tags.append(Tag(name: "done")) })
    let entry = TaskJournal.Entry("done", from: items, to: outline.items)
    #expect(entry.changes.count == 1)
    #expect(outline.items != items)

    var undone = outline.items
    #expect(try entry.apply(.undo, to: &undone) != .alreadyInEffect)
    #expect(undone == items)
    var redone = undone
    _ = try entry.apply(.redo, to: &redone)
    #expect(redone == outline.items)

    var moved = outline
    try moved.move(deepest, to: .top, newProjectID: UUID())
    #expect(moved.items.count == 2 && moved.items[1].level == 0)
    let removed = moved.removeItem(withID: testID(UInt64(depth / 2)))
    #expect(removed?.title == "level \(depth / 2)")
    #expect(Outline(items: items).hashValue == Outline(items: chain(depth: depth)).hashValue)
  }
  return counter.items
}

@Suite struct DeepOutlineTests {
  /// Recursion over the tree overflowed the stack at about 4,500 levels (in `Item.find`, the
  /// journal's recorder, `==`, applying undo).
  @Test func changesAnItem20000LevelsDeep() throws {
    let items = chain(depth: 20_000)
    _ = try changeDeepest(of: items, depth: 20_000)
  }

  /// Twice as deep is about twice the work, not four times: no walk starts over at each level.
  @Test func theWorkOfAChangeGrowsWithTheDepth() throws {
    let work = try changeDeepest(of: chain(depth: 2_000), depth: 2_000)
    let twice = try changeDeepest(of: chain(depth: 4_000), depth: 4_000)
    #expect(work > 2_000)
    #expect(Double(twice) < 2.2 * Double(work), "\(work) items looked at for 2,000 levels, \(twice) for 4,000")
  }

  @Test func relativeDatesAreResolvedAllTheWayDown() {
    var outline = Outline(items: chain(depth: 20_000))
    outline.modifyItem(withID: testID(19_999)) { $0.tags = [Tag(name: "due", value: "2026-01-01")] }
    let items = outline.items
    let resolved = items[0].resolvingRelativeDatesInOutline(today: TaskDate.Day(daysSince1970: 0))
    #expect(resolved.item(withID: testID(19_999))?.tags == [Tag(name: "due", value: "2026-01-01")])
    var shifted = items[0]
    shifted.shiftLevels(by: 1)
    #expect(shifted.item(withID: testID(19_999))?.level == 20_000)
  }
}
