import Foundation
import Testing

@testable import TaskmanCLI

/// The built `taskman`, run as a separate process.
@Suite("The taskman binary")
struct TaskmanBinaryTests {
  @Test func helpPrintsTheOverviewAndExitsZero() throws {
    let result = try TaskmanProcess.run(["--help"])
    #expect(result.status == 0)
    #expect(result.output == HelpFormatter.overview())
    #expect(result.errors.isEmpty)
  }

  @Test func commandHelpAndVersion() throws {
    let help = try TaskmanProcess.run(["delete", "--help"])
    #expect(help.status == 0)
    #expect(help.output.hasPrefix("OVERVIEW: Delete items and everything under them, after asking.\n"))
    #expect(help.output.contains("\nUSAGE: taskman delete (<id> ... | --where <search>) [--yes]\n"))

    let version = try TaskmanProcess.run(["--version"])
    #expect(version.status == 0)
    #expect(version.output == "taskman \(Taskman.version)\n")
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func outputThatCannotBeWrittenIsAFailureNamingWhy() throws {
    // `taskman export > backup.taskpaper` on a full disk used to exit 0 with an empty backup.
    let data = try TaskmanDataDirectory()
    _ = try data.add("Buy milk")
    for command in [["export"], ["list"], ["add", "Call Bob"]] {
      let result = try TaskmanProcess.start(
        command.map { Array($0.utf8) }, outputFile: "/dev/full", environment: ["TASKMAN_DATA_DIR": data.path]
      ).wait()
      #expect(result.status == 3, "\(command)")
      #expect(result.errors.hasPrefix("taskman: could not write the output: No space left on device (errno 28)\n"), "\(command): \(result.errors)")
    }
    // The change itself was made.
    #expect(try data.export() == "- Buy milk\n- Call Bob\n")
  }

  @Test func anUnknownCommandSuggestsTheNearestAndExitsTwo() throws {
    let result = try TaskmanProcess.run(["lsit"])
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.errors == "taskman: unknown command 'lsit'. Did you mean 'list'?\nRun 'taskman help' to see every command.\n")
  }

  @Test func invalidUTF8InAnArgumentIsAClearUsageError() throws {
    let result = try TaskmanProcess.run([Array("add".utf8), Array("Buy ".utf8) + [0xC3, 0x28] + Array(" milk".utf8)])
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(
      result.errors == """
        taskman: argument 2 is not valid UTF-8: "Buy \\xC3( milk"
        taskman reads text as UTF-8; convert it (for example with iconv) and try again.

        """
    )
  }

  @Test func controlCharactersAndHugeArgumentsAreUsageErrors() throws {
    let newline = try TaskmanProcess.run(["add", "Buy\nmilk"])
    #expect(newline.status == 2)
    #expect(newline.errors.hasPrefix(#"taskman: argument 2 contains a control character (U+000A, a line feed): "Buy\nmilk""#))

    let huge = try TaskmanProcess.run(["add", String(repeating: "x", count: 70_000)])
    #expect(huge.status == 2)
    #expect(huge.errors.hasPrefix("taskman: argument 2 is 70000 bytes long; the limit is 65536 bytes (64 KiB)\n"))
  }

  @Test func aShellReadsPipedLines() throws {
    let result = try TaskmanProcess.run(["shell"], input: "--version\nadd 'unterminated\nexit\n")
    #expect(result.status == 2)
    #expect(result.output == "taskman \(Taskman.version)\n")
    #expect(result.errors.hasPrefix("taskman: line 2: the line has an unterminated ' quote\n"))
  }
}
