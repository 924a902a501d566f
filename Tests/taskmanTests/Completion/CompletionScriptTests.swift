import Foundation
import Testing
import TmuxTesting

@testable import TaskmanCLI

/// The scripts `taskman completion bash|zsh|fish` prints: as the expected files say (set
/// `TASKMAN_REGENERATE_GOLDENS=1` to rewrite them after a change meant to change a script),
/// and accepted by each shell's syntax check. A shell not installed is skipped, unless
/// `TASKMAN_REQUIRE_SHELLS` is set (CI sets it and installs them).
@Suite("Completion: the shells' scripts")
struct CompletionScriptTests {
  static let expectedDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Expected/completion")

  /// The expected file of each shell: named as `scripts/install` installs it.
  static func expectedFile(_ shell: CompletionShell) -> URL {
    switch shell {
    case .bash: expectedDirectory.appendingPathComponent("taskman.bash")
    case .zsh: expectedDirectory.appendingPathComponent("_taskman")
    case .fish: expectedDirectory.appendingPathComponent("taskman.fish")
    }
  }

  static let regenerates = !(ProcessInfo.processInfo.environment["TASKMAN_REGENERATE_GOLDENS"] ?? "").isEmpty
  static let shellsRequired = !(ProcessInfo.processInfo.environment["TASKMAN_REQUIRE_SHELLS"] ?? "").isEmpty

  @Test(arguments: CompletionShell.allCases)
  func theScriptIsTheExpectedFile(_ shell: CompletionShell) async throws {
    let printed = await runTaskman(["completion", shell.rawValue])
    #expect(printed.status == .success && printed.errors.isEmpty)
    // Exactly the script: scripts/install writes this output to a file.
    #expect(printed.output == shell.script)
    let file = Self.expectedFile(shell)
    if Self.regenerates {
      try Data(printed.output.utf8).write(to: file)
    }
    let expected = try String(contentsOf: file, encoding: .utf8)
    #expect(printed.output == expected, "taskman completion \(shell.rawValue) differs from \(file.path)")
  }

  @Test(arguments: CompletionShell.allCases)
  func theShellAcceptsTheScript(_ shell: CompletionShell) throws {
    guard let path = Self.shellPath(shell.rawValue) else {
      #expect(!Self.shellsRequired, "\(shell.rawValue) is not installed, and TASKMAN_REQUIRE_SHELLS is set")
      return
    }
    let directory = try TaskmanProcess.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = directory + "/script"
    try Data(shell.script.utf8).write(to: URL(fileURLWithPath: file))
    let check = try TmuxSession.run([path, "-n", file])
    #expect(check.status == 0, "\(shell.rawValue) -n refuses the script: \(check.output)")
    #expect(check.output.isEmpty, "\(shell.rawValue) -n: \(check.output)")
  }

  @Test func theCompletionCommandsHelpAndArguments() async {
    let help = await runTaskman(["help", "completion"])
    #expect(help.output.contains("USAGE: taskman completion <shell>"))
    #expect(help.output.contains("The shell to write the script for. One of: bash, zsh,\n                          fish."))
    let wrong = await runTaskman(["completion", "tcsh"])
    #expect(wrong.status == .usage)
    #expect(wrong.errors.contains("invalid value 'tcsh' for <shell>: expected bash, zsh or fish"))
  }

  /// The shell's path when it is installed (on PATH or in /bin, /usr/bin).
  static func shellPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin"] {
      let candidate = directory + "/" + name
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}
