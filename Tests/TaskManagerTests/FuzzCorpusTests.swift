import Foundation
import Testing

/// The fuzzing corpus (Tests/Fuzz/corpus) through the fuzz target's checks, built as a plain
/// program: the parser and printer are stable on every input, files are written back byte for
/// byte, and every reader fails cleanly. `scripts/fuzz` searches for new inputs.
@Suite struct FuzzCorpusTests {
  @Test func everyInputOfTheCorpusPassesTheFuzzChecks() throws {
    let corpus = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzz/corpus")
    let inputs = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
    #expect(inputs.count >= 8)

    let process = Process()
    process.executableURL = try executable(named: "taskpaper-fuzz")
    process.arguments = [corpus.path]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let failed = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(failed)")
    #expect(printed == "checked \(inputs.count) inputs\n")
  }

  /// A program SwiftPM builds next to the test bundle (the test target depends on it).
  private func executable(named name: String) throws -> URL {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    #if os(Linux)
      if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        directory = URL(fileURLWithPath: exe).deletingLastPathComponent()
      }
    #endif
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    throw FuzzTargetMissing(name: name)
  }

  private struct FuzzTargetMissing: Error, CustomStringConvertible {
    var name: String
    var description: String { "\(name) was not found next to the test binary; swift test builds it" }
  }
}
