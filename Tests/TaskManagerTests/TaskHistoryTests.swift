import Composable
import Foundation
import TaskManager
import Testing

@Suite struct TaskHistoryTests {
  private let tricky = Item(
    id: testID(1), kind: .task, title: "step \"quoted\" previous 3 1", tags: [tag("added")],
    children: [Item(id: testID(2), kind: .note, title: "undo", level: 1)]
  )
  private let other = Item(id: testID(3), kind: .project, title: "Home")

  @Test func aStepRecordsOnlyTheTopLevelItemsThatChanged() {
    var history = TaskHistory()
    let before: IdentifiedArrayOf<Item> = [tricky, other]
    var after = before
    after[id: other.id]?.title = "House"
    history.record("rename", from: before, to: after)
    #expect(history.steps == [TaskHistory.Step(description: "rename", previousItems: [.init(index: 1, item: other)])])

    history.record("nothing", from: after, to: after)
    #expect(history.steps.count == 1)

    var tasks = after
    #expect(history.undo(&tasks)?.description == "rename")
    #expect(tasks == before)
    #expect(history.undo(&tasks) == nil)
  }

  @Test func undoPutsRemovedItemsBackWhereTheyWereAndRemovesAddedOnes() {
    var history = TaskHistory()
    let before: IdentifiedArrayOf<Item> = [tricky, other]
    var after = before
    after.remove(id: tricky.id)
    after.append(Item(id: testID(9), kind: .task, title: "New"))
    history.record("mixed", from: before, to: after)

    var tasks = after
    history.undo(&tasks)
    #expect(tasks == before)
  }

  @Test func onlyTheNewestStepsAreKept() {
    var history = TaskHistory()
    var tasks: IdentifiedArrayOf<Item> = []
    for number in 0..<(TaskHistory.limit + 5) {
      let before = tasks
      tasks.append(Item(id: testID(UInt64(100 + number)), kind: .task, title: "\(number)"))
      history.record("add \(number)", from: before, to: tasks)
    }
    #expect(history.steps.count == TaskHistory.limit)
    #expect(history.steps.first?.description == "add 5")
  }

  @Test func theHistoryRoundTripsThroughTheDocumentWhateverTheTitles() throws {
    let history = TaskHistory(steps: [
      TaskHistory.Step(description: "delete “step 1”\n\"odd\"", addedIDs: [testID(7), testID(8)], previousItems: [.init(index: 0, item: tricky)]),
      TaskHistory.Step(description: "import", addedIDs: [testID(5)]),
    ])
    let outline = Outline(items: [other])
    let data = TaskDocument.encode(outline, history: history)
    let decoded = try TaskDocument.decodeWithHistory(data)
    #expect(decoded.outline == outline)
    #expect(decoded.history == history)
    // A reader that only wants the items ignores the history.
    #expect(try TaskDocument.decode(data) == outline)
  }

  @Test func aDamagedHistoryNamesItsLine() throws {
    let outline = Outline(items: [other])
    var text = String(decoding: TaskDocument.encode(outline), as: UTF8.self)
    text += "undo\nstep \"add\"\nadded not-an-id\n"
    #expect(throws: TaskDocumentError(line: 5, problem: .malformedHistory("invalid id \"not-an-id\""))) {
      try TaskDocument.decodeWithHistory(Data(text.utf8))
    }

    let truncated = String(decoding: TaskDocument.encode(outline), as: UTF8.self) + "undo\nstep \"edit\"\nadded\nprevious 0 3\n"
    #expect(throws: TaskDocumentError(line: 6, problem: .malformedHistory("expected: previous <index> <line count>, followed by that many lines"))) {
      try TaskDocument.decodeWithHistory(Data(truncated.utf8))
    }
  }
}
