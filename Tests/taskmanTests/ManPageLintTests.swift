import Foundation
import Testing

@testable import TaskmanCLI

/// The man page read by the real tools: `groff -ww` (every warning) or `mandoc -T lint` finds
/// nothing to say, and `man -l` renders it. Skipped when none of them is installed, unless
/// `TASKMAN_REQUIRE_MAN_LINT` is set (CI sets it and installs groff).
@Suite("The man page in groff, mandoc and man", .serialized)
struct ManPageLintTests {
  static let groff = ManTool.find("groff")
  static let mandoc = ManTool.find("mandoc")
  static let man = ManTool.find("man")
  static let isRequired = !(ProcessInfo.processInfo.environment["TASKMAN_REQUIRE_MAN_LINT"] ?? "").isEmpty

  @Test(
    .enabled(
      if: groff != nil || mandoc != nil || isRequired,
      "neither groff nor mandoc is installed: the man page is not linted (set TASKMAN_REQUIRE_MAN_LINT=1 to fail instead)"
    )
  )
  func lintsWithoutAWarning() throws {
    let file = try ManTool.writePage()
    defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: file).deletingLastPathComponent().path) }
    #expect(Self.groff != nil || Self.mandoc != nil, "TASKMAN_REQUIRE_MAN_LINT is set but neither groff nor mandoc is installed")
    if let groff = Self.groff {
      let result = try ManTool.run(groff, ["-ww", "-man", "-Tutf8", "-z", file])
      #expect(result.status == 0)
      #expect(result.errors == "", "groff -ww: \(result.errors)")
    }
    if let mandoc = Self.mandoc {
      let result = try ManTool.run(mandoc, ["-T", "lint", "-W", "warning", file])
      // The page has no date on purpose: the same version's page is the same whenever it is
      // made (a golden test, reproducible packages), and `taskman \(version)` dates it.
      let messages = (result.output + result.errors).split(separator: "\n").filter { !$0.contains("missing date") }
      #expect(messages.isEmpty, "mandoc -T lint: \(messages.joined(separator: "\n"))")
    }
  }

  @Test(.enabled(if: man != nil, "man is not installed: man -l is not tried"))
  func manRendersIt() throws {
    let file = try ManTool.writePage()
    defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: file).deletingLastPathComponent().path) }
    let result = try ManTool.run(Self.man!, ["-l", file], environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
    #expect(result.status == 0)
    #expect(result.errors == "", "man -l: \(result.errors)")
    let text = result.output
    #expect(text.hasPrefix("TASKMAN(1)"))
    #expect(text.contains("taskman \(Taskman.version)"))
    // What a person copies from the page is what they type.
    #expect(text.contains("--data-dir"))
    for command in CommandTable.names {
      #expect(text.contains("   " + command + "\n") || text.contains("   " + command + " "), "\(command)")
    }
  }
}

/// Runs the man tools on the page, with output to files (a page is more than a pipe holds).
enum ManTool {
  struct Result {
    var status: Int32
    var output: String
    var errors: String
  }

  /// The executable called `name` on the PATH, or nil.
  static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Writes `taskman man`'s page to a temporary `taskman.1` and returns its path.
  static func writePage() throws -> String {
    let directory = try TaskmanProcess.makeTemporaryDirectory()
    let file = directory + "/" + ManPage.fileName
    try Data(ManPage.render().utf8).write(to: URL(fileURLWithPath: file))
    return file
  }

  static func run(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:]) throws -> Result {
    let directory = try TaskmanProcess.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    _ = FileManager.default.createFile(atPath: directory + "/out", contents: nil)
    _ = FileManager.default.createFile(atPath: directory + "/err", contents: nil)
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: directory + "/out"))
    let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: directory + "/err"))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    process.waitUntilExit()
    try output.close()
    try errors.close()
    return Result(
      status: process.terminationStatus,
      output: try String(contentsOfFile: directory + "/out", encoding: .utf8),
      errors: try String(contentsOfFile: directory + "/err", encoding: .utf8)
    )
  }
}
