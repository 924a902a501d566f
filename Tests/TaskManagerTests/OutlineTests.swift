import Foundation
import Testing
import TaskManager

@Suite("Outline model")
struct OutlineTests {
  static let text = """
    Inbox:
    \t- Buy milk @today
    Work: @office
    \tMeeting notes
    \t- Call Bob @due(2024-10-31)
    \t\t- Find number @phone
    \t\tSub:
    \t\t\t- Deep @p1
    - Loose task @done

    """

  // Ids in document order: Inbox 1, Buy milk 2, Work 3, Meeting notes 4, Call Bob 5,
  // Find number 6, Sub 7, Deep 8, Loose task 9.

  @Test func entriesCarryDepthParentAndProject() {
    let entries = parseOutline(Self.text).entries()
    #expect(entries.map(\.item.title) == [
      "Inbox", "Buy milk", "Work", "Meeting notes", "Call Bob", "Find number", "Sub", "Deep", "Loose task",
    ])
    #expect(entries.map(\.depth) == [0, 1, 0, 1, 1, 2, 2, 3, 0])
    #expect(entries.map(\.parentID) == [nil, testID(1), nil, testID(3), testID(3), testID(5), testID(5), testID(7), nil])
    #expect(entries.map { $0.project?.title } == [nil, "Inbox", nil, "Work", "Work", "Work", "Work", "Sub", nil])
  }

  @Test func walkingVisitsEveryItemOnce() {
    let outline = parseOutline(Self.text)
    var ids: [UUID] = []
    outline.forEachEntry { ids.append($0.item.id) }
    #expect(ids == (1...9).map { testID(UInt64($0)) })
    #expect(outline.itemCount == 9)
  }

  @Test func allTagsInTheOutlineAndInASubtree() {
    let outline = parseOutline(Self.text)
    #expect(outline.allTagNames == ["today", "office", "due", "phone", "p1", "done"])
    #expect(outline.allTags.count == 6)
    let work = outline.items[1]
    #expect(work.allTags.map(\.name) == ["office", "due", "phone", "p1"])
  }

  @Test func findById() throws {
    let outline = parseOutline(Self.text)
    #expect(outline.item(withID: testID(8))?.title == "Deep")
    #expect(outline.item(withID: testID(99)) == nil)
    #expect(outline.items[1].item(withID: testID(6))?.title == "Find number")
    #expect(outline.items[1].item(withID: testID(3))?.title == "Work")
    #expect(outline.items[1].item(withID: testID(2)) == nil)
    let entry = try #require(outline.entry(withID: testID(6)))
    #expect(entry.depth == 2)
    #expect(entry.project?.id == testID(3))
    #expect(entry.parentID == testID(5))
  }

  @Test func modifyInPlaceAtAnyDepth() {
    var outline = parseOutline(Self.text)
    let found = outline.modifyItem(withID: testID(8)) { $0.setTag(Tag(name: "done")) }
    #expect(found)
    #expect(outline.item(withID: testID(8))?.isDone == true)
    #expect(!outline.modifyItem(withID: testID(99)) { _ in Issue.record("must not be called") })
    #expect(TaskPaperPrinter.print(outline).contains("\t\t\t- Deep @p1 @done\n"))

    var work = outline.items[1]
    work.modifyItem(withID: testID(4)) { $0.title = "Agenda" }
    #expect(work.children[0].title == "Agenda")
  }

  @Test func removeWithChildren() {
    var outline = parseOutline(Self.text)
    let removed = outline.removeItem(withID: testID(5))
    #expect(removed?.title == "Call Bob")
    #expect(removed?.children.map(\.title) == ["Find number", "Sub"])
    #expect(outline.item(withID: testID(8)) == nil)
    #expect(TaskPaperPrinter.print(outline) == "Inbox:\n\t- Buy milk @today\nWork: @office\n\tMeeting notes\n- Loose task @done\n")
    #expect(outline.removeItem(withID: testID(5)) == nil)

    var work = parseOutline(Self.text).items[1]
    #expect(work.removeItem(withID: testID(7))?.title == "Sub")
    #expect(work.removeItem(withID: testID(3)) == nil)  // an item cannot remove itself
  }

  @Test func blankItems() {
    let outline = parseOutline("a\n\n\t\n@t\n")
    #expect(outline.entries().map(\.item.isBlank) == [false, true, true, false])
  }

  @Test func codableRoundTrip() throws {
    let outline = parseOutline(Self.text)
    let data = try JSONEncoder().encode(outline)
    #expect(try JSONDecoder().decode(Outline.self, from: data) == outline)
  }

  @Test func convenienceInitAndText() {
    var next: UInt64 = 0
    let outline = Outline(taskPaper: Self.text) {
      next += 1
      return testID(next)
    }
    #expect(outline == parseOutline(Self.text))
    #expect(outline.taskPaperText == Self.text)
  }
}
