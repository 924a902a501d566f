#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
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

  @Test func aWrongPipedAnswerCancelsAndTheLinesAfterItAreCommandsAgain() throws {
    let (data, milk, bob) = try twoTasks()
    let result = try data.run(["shell"], input: "delete \(milk)\nmaybe\nadd Extra\nlsit\nlist\n")
    // The answer is read once: "maybe" cancels, and "add Extra" is a command, not a second try.
    #expect(try data.listedTitles() == ["Buy milk", "Call Bob", "Extra"])
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "Kept \(milk)  Buy milk")
    #expect(result.output.hasSuffix("  - Extra\n"))
    #expect(result.output.contains("\(bob)  - Call Bob\n"))
    // Error lines count every line read, the answer included.
    #expect(
      result.errors == """
        Are you sure?
        Delete “Buy milk” and the 1 item under it?
        Delete or Cancel? [d/C] “maybe” is not an answer (delete or cancel); taken as Cancel.
        taskman: line 4: unknown command 'lsit'. Did you mean 'list'?
        Run 'taskman help' to see every command.

        """
    )
    // A line failed, so the piped shell fails, though its last command did not.
    #expect(result.status == 2)
  }

  @Test func anItemChangedElsewhereWhileTheQuestionWaitsIsNotDeleted() throws {
    let (data, milk, _) = try twoTasks()
    // The shell asks on standard error and reads the answer from standard input: both FIFOs,
    // so that the file can be changed right while the question waits.
    let input = data.path + "/answers", errors = data.path + "/questions"
    try #require(mkfifo(input, 0o600) == 0 && mkfifo(errors, 0o600) == 0)
    // Both opened before the process starts, which waits for its opens of them: posix_spawn
    // returns only once the process runs.
    let answers = open(input, O_RDWR | O_CLOEXEC), questions = open(errors, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    try #require(answers >= 0 && questions >= 0 && fcntl(questions, F_SETFL, 0) == 0)
    let shell = try TaskmanProcess.start(
      [Array("shell".utf8)], inputFile: input, errorsFile: errors, environment: ["TASKMAN_DATA_DIR": data.path]
    )
    func write(_ text: String) { _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(answers, $0.baseAddress, text.utf8.count) } }
    var asked: [UInt8] = []
    func readUntil(_ text: String) {
      var buffer = [UInt8](repeating: 0, count: 256)
      while !String(decoding: asked, as: UTF8.self).contains(text) {
        let count = read(questions, &buffer, buffer.count)
        if count <= 0 { return }
        asked += buffer[..<count]
      }
    }
    write("delete \(milk)\n")
    readUntil("Delete or Cancel? [d/C] ")
    #expect(try data.run(["edit", milk, "Buy milk 2"]).status == 0)
    write("d\n")
    close(answers)
    readUntil("\u{0}")  // to the end
    close(questions)
    let result = shell.wait()
    #expect(String(decoding: asked, as: UTF8.self).contains("taskman: line 1: “Buy milk” was changed elsewhere while you answered; nothing was deleted\n"))
    #expect(!result.output.contains("Deleted"))
    #expect(try data.listedTitles() == ["Buy milk 2", "Call Bob"])
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
