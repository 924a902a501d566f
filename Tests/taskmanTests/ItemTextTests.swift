import Foundation
import TaskManager
import Testing

@testable import TaskmanCLI

@Suite("An item's TaskPaper text")
struct ItemTextTests {
  @Test func aNestedItemStartsAtTheLeftWithItsChildrenBelowIt() {
    var next = 0
    let outline = TaskPaperParser.parse(
      "Errands:\n\t- Buy milk @shopping\n\t\tOat, not soy\n\n\t\t- Ask for a bag\n- Other\n",
      makeID: {
        next += 1
        return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", next))!
      }
    )
    let milk = outline.items[0].children[0]
    #expect(ItemText.taskPaper(milk) == "- Buy milk @shopping\n\tOat, not soy\n\n\t- Ask for a bag\n")
    #expect(ItemText.taskPaper(outline.items[1]) == "- Other\n")
  }
}
