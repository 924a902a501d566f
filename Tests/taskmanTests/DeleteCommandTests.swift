import Foundation
import Testing

@Suite("taskman delete")
struct DeleteCommandTests {
  private func twoTasks() throws -> (TaskmanDataDirectory, String, String) {
    let data = try TaskmanDataDirectory()
    let file = try data.write("- Buy milk\n\tOat, not soy.\n- Call Bob\n", to: "in.taskpaper")
    try #require(try data.run(["import", file]).status == 0)
    let ids = try data.listed().compactMap { $0["shortId"] as? String }
    try #require(ids.count == 2)
    return (data, ids[0], ids[1])
  }

  @Test func yesDeletesTheItemsAndTheirChildrenWithoutAsking() throws {
    let (data, milk, bob) = try twoTasks()
    let result = try data.run(["delete", milk, bob, "--yes"])
    #expect(result.status == 0)
    #expect(result.output == "Deleted \(milk)  Buy milk\nDeleted \(bob)  Call Bob\n")
    #expect(result.errors.isEmpty)
    #expect(try data.export() == "")
    // One command, one change: one undo brings both back.
    #expect(try data.run(["undo"]).output == "Undid: delete “Buy milk”, “Call Bob”\n")
    #expect(try data.export() == "- Buy milk\n\tOat, not soy.\n- Call Bob\n")
  }

  @Test func withoutATerminalItRefusesAndDeletesNothing() throws {
    let (data, milk, _) = try twoTasks()
    let before = data.dataFileBytes
    let result = try data.run(["delete", milk], input: "y\n")
    #expect(result.status == 5)
    #expect(result.output.isEmpty)
    #expect(
      result.errors == """
        taskman: 'delete' needs a confirmation, but standard input is not a terminal; nothing was changed
        Run it again with --yes to go ahead without asking.

        """
    )
    #expect(data.dataFileBytes == before)
  }

  @Test func aShellAsksAndReadsPipedAnswers() throws {
    let (data, milk, bob) = try twoTasks()
    let result = try data.run(["shell"], input: "delete \(milk)\ndelete\ndelete \(bob)\nCancel\nlist\n")
    #expect(result.status == 0)
    #expect(result.output == "Deleted \(milk)  Buy milk\nKept \(bob)  Call Bob\n\(bob)  - Call Bob\n")
    #expect(
      result.errors == """
        Are you sure?
        Delete “Buy milk” and the 1 item under it?
        Delete or Cancel? [d/C] Are you sure?
        Delete “Call Bob”?
        Delete or Cancel? [d/C] 
        """
    )
  }

  @Test func theEndOfInputIsCancel() throws {
    let (data, milk, _) = try twoTasks()
    let result = try data.run(["shell"], input: "delete \(milk)\n")
    #expect(result.status == 0)
    #expect(result.output == "Kept \(milk)  Buy milk\n")
    #expect(try data.listedTitles() == ["Buy milk", "Call Bob"])
  }

  @Test func anUnknownIDDeletesNothing() throws {
    let (data, milk, _) = try twoTasks()
    let result = try data.run(["delete", milk, "0000000", "--yes"])
    #expect(result.status == 1)
    #expect(try data.listedTitles() == ["Buy milk", "Call Bob"])
  }
}
