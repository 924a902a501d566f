import Foundation

/// git for the tests that need a real repository: found where Debian and others install it,
/// run with a configuration of its own (the home directory given, no system's), a known
/// identity, and its output captured.
struct TestGit {
  /// The executable, or nil when git is not installed.
  static let executable = ["/usr/bin/git", "/usr/local/bin/git", "/bin/git"].first { FileManager.default.isExecutableFile(atPath: $0) }
  /// Whether the tests must not be skipped for want of git (`TASKMAN_REQUIRE_GIT`, which CI sets).
  static let isRequired = !(ProcessInfo.processInfo.environment["TASKMAN_REQUIRE_GIT"] ?? "").isEmpty

  let executable: String
  /// The home directory git reads its configuration from, and where its output is kept.
  let home: String

  /// The environment of a run of git or of taskman driving it: no user's or system's
  /// configuration, and a known identity to commit with.
  var environment: [String: String] {
    [
      "HOME": home, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
      "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
    ]
  }

  /// Runs `git <arguments>` in `directory`; its output, or an error with it when git fails.
  @discardableResult
  func run(_ arguments: [String], in directory: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var environment = ProcessInfo.processInfo.environment
    for name in environment.keys where name.hasPrefix("GIT_") { environment[name] = nil }
    environment.merge(self.environment) { $1 }
    process.environment = environment
    let output = home + "/git-output"
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    try handle.close()
    let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    guard process.terminationStatus == 0 else {
      throw TaskmanProcessFailure("git \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(text)")
    }
    return text
  }
}
