import Foundation
import Testing
@testable import TaskManager

@Suite("Tag counts")
struct TagCountTests {
  @Test func everyTagNameWithTheNumberOfItemsCarryingIt() {
    let outline = parseOutline(
      """
      Work: @office
      \t- Call @bob about it @due(2024-10-31) @home
      \t\t- Nested @home @due(2024-11-01)
      \tNote @home @home
      - Zebra @zoo @Apple
      - apple pie @apple

      """
    )
    #expect(
      outline.tagCounts() == [
        // Names that differ only in case are one tag, shown as first written when no spelling
        // is more common.
        TagCount(name: "Apple", count: 2),
        TagCount(name: "bob", count: 1),
        TagCount(name: "due", count: 2),
        TagCount(name: "home", count: 3),
        TagCount(name: "office", count: 1),
        TagCount(name: "zoo", count: 1),
      ]
    )
    #expect(outline.tagCounts().map(\.description).first == "Apple: 2")
  }

  @Test func spellingsOfANameCountTogetherUnderTheMostCommonOne() {
    let outline = parseOutline("- a @Weekend\n- b @weekend\n- c @weekend @WEEKEND\n- d @日本\n- e @Zoë @zoë\n")
    #expect(outline.tagCounts() == [TagCount(name: "weekend", count: 3), TagCount(name: "Zoë", count: 1), TagCount(name: "日本", count: 1)])
  }

  @Test func anEmptyOutlineHasNoTags() {
    #expect(Outline().tagCounts() == [])
    #expect(parseOutline("- No tags\n\tAt all\n").tagCounts() == [])
  }

  @Test func countsOfAFilteredList() {
    let outline = parseOutline("- a @home @x\n- b @home @done\n\t- c @x\n")
    let open = TaskFilter().apply(to: outline)
    // c sits under a done task, so it is hidden with it.
    #expect(open.tagCounts() == [TagCount(name: "home", count: 1), TagCount(name: "x", count: 1)])
    #expect(TaskFilter(status: .all).apply(to: outline).tagCounts() == [TagCount(name: "done", count: 1), TagCount(name: "home", count: 2), TagCount(name: "x", count: 2)])
    #expect(TagCount.counts(in: [Item]()) == [])
  }

  @Test func agreesWithCountingEachItemsDistinctNames() {
    var random = SplitMix64(seed: 0x7A5C_7A6C_0001)
    for _ in 0..<300 {
      let outline = parseOutline(TaskPaperPropertyTests.document(using: &random))
      var expected: [String: Int] = [:]
      for entry in outline.entries() {
        for name in Set(entry.item.tags.map { $0.name.lowercased() }) { expected[name, default: 0] += 1 }
      }
      let counts = outline.tagCounts()
      let names = counts.map { $0.name.lowercased() }
      guard Dictionary(uniqueKeysWithValues: counts.map { ($0.name.lowercased(), $0.count) }) == expected, names == names.sorted() else {
        Issue.record("wrong counts \(counts) for:\n\(TaskPaperPrinter.print(outline))")
        return
      }
    }
  }

  @Test func anItemWithManyTagsIsCountedInLinearWork() {
    // 100,000 tags on one task (taskman 0.1 compared each with every earlier one).
    let tags = (0..<100_000).map { Tag(name: "t\($0 % 50_000)") }
    let outline = Outline(items: [Item(id: UUID(), kind: .task, title: "Many", tags: tags)])
    let counter = outline.tagCounter()
    #expect(counter.work <= 2 * tags.count)
    #expect(counter.sorted().count == 50_000)
    #expect(counter.sorted().allSatisfy { $0.count == 1 })

    // A few tags are compared directly, still a bounded amount per tag.
    let few = Outline(items: [Item(id: UUID(), kind: .task, title: "Few", tags: (0..<16).map { Tag(name: "t\($0 % 4)") })])
    #expect(few.tagCounter().work <= 16 * 16 / 2)
    #expect(few.tagCounts().map(\.count) == [1, 1, 1, 1])
  }
}
