import Foundation
import Testing

/// `taskman merge-driver` registered in real git repositories: a bare repository and two
/// clones in a temporary directory, edits made in both, `git pull` merging them. Skipped
/// when git is not installed, unless `TASKMAN_REQUIRE_GIT` is set (CI sets it and installs git).
@Suite struct MergeDriverGitTests {
  static let git = TestGit.executable
  static let gitRequired = TestGit.isRequired

  /// Two clones of a bare repository holding `tasks.taskpaper` as `text`, with the driver
  /// registered in both.
  private struct Clones {
    let root: String
    let git: String
    var one: String { root + "/one" }
    var two: String { root + "/two" }

    init(git: String, text: String) throws {
      self.git = git
      root = try TaskmanProcess.makeTemporaryDirectory()
      let driver = try TaskmanProcess.executable()
      try run(["init", "-q", "--bare", "-b", "main", root + "/origin.git"], in: root)
      try run(["clone", "-q", root + "/origin.git", one], in: root)
      try run(["clone", "-q", root + "/origin.git", two], in: root)
      for clone in [one, two] {
        try run(["config", "merge.taskman.driver", "'\(driver)' merge-driver %O %A %B"], in: clone)
        try run(["config", "pull.rebase", "false"], in: clone)
      }
      try write("*.taskpaper merge=taskman\n", to: ".gitattributes", in: one)
      try write(text, to: "tasks.taskpaper", in: one)
      try commit("the list", in: one)
      try run(["push", "-q", "origin", "HEAD:main"], in: one)
      try run(["pull", "-q", "origin", "main"], in: two)
    }

    func write(_ text: String, to name: String, in clone: String) throws {
      try Data(text.utf8).write(to: URL(fileURLWithPath: clone + "/" + name))
    }

    func read(in clone: String) throws -> String {
      try String(contentsOfFile: clone + "/tasks.taskpaper", encoding: .utf8)
    }

    func commit(_ message: String, in clone: String) throws {
      try run(["add", "-A"], in: clone)
      try run(["commit", "-q", "-m", message], in: clone)
    }

    /// Runs git in `directory` with a configuration of its own (no user's or system's).
    @discardableResult
    func run(_ arguments: [String], in directory: String) throws -> String {
      try TestGit(executable: git, home: root).run(arguments, in: directory)
    }
  }

  private func clones(_ text: String) throws -> Clones? {
    guard let git = Self.git else {
      #expect(!Self.gitRequired, "git is not installed, and TASKMAN_REQUIRE_GIT is set")
      return nil
    }
    return try Clones(git: git, text: text)
  }

  @Test func concurrentEditsMergeCleanlyOnPull() throws {
    guard let clones = try clones("Home:\n\t- Call mom\n\t- Buy milk\nWork:\n\t- Write report\n\t- Book flights\n") else { return }
    defer { try? FileManager.default.removeItem(atPath: clones.root) }
    // One: tags an item, adds one, moves one. Two: marks the same item done (both tags are
    // kept, the one that sorts first first), deletes one that one left alone, edits a third
    // where it stood, adds one.
    try clones.write("Home:\n\t- Call mom @today\n\t- Buy milk\n\t- Water plants\nWork:\n\t- Book flights\n\t- Write report\n", to: "tasks.taskpaper", in: clones.one)
    try clones.commit("one's edits", in: clones.one)
    try clones.run(["push", "-q", "origin", "HEAD:main"], in: clones.one)
    try clones.write("Home:\n\t- Call mom @done(2026-11-29)\nWork:\n\t- Write report on Q4\n\t- Book flights\n\t- Pay invoice\n", to: "tasks.taskpaper", in: clones.two)
    try clones.commit("two's edits", in: clones.two)
    try clones.run(["pull", "-q", "--no-edit", "origin", "main"], in: clones.two)
    let merged = try clones.read(in: clones.two)
    #expect(
      merged == "Home:\n\t- Call mom @done(2026-11-29) @today\n\t- Water plants\nWork:\n\t- Book flights\n\t- Write report on Q4\n\t- Pay invoice\n"
    )
    // A merge commit, nothing left unmerged.
    #expect(try clones.run(["status", "--porcelain"], in: clones.two).isEmpty)
    #expect(try clones.run(["log", "--format=%p", "-1"], in: clones.two).split(separator: " ").count == 2)
  }

  @Test func aRealConflictIsMergedWithBothVersionsKept() throws {
    guard let clones = try clones("- Call mom\n- Buy milk\n") else { return }
    defer { try? FileManager.default.removeItem(atPath: clones.root) }
    try clones.write("- Call mom tonight\n- Buy milk\n", to: "tasks.taskpaper", in: clones.one)
    try clones.commit("one", in: clones.one)
    try clones.run(["push", "-q", "origin", "HEAD:main"], in: clones.one)
    try clones.write("- Call mother\n- Buy milk\n", to: "tasks.taskpaper", in: clones.two)
    try clones.commit("two", in: clones.two)
    try clones.run(["pull", "-q", "--no-edit", "origin", "main"], in: clones.two)
    #expect(try clones.read(in: clones.two) == "- Call mother\n- Call mom tonight @conflict\n- Buy milk\n")
    #expect(try clones.run(["status", "--porcelain"], in: clones.two).isEmpty)
  }

  @Test func aDeleteAgainstAnEditAndMovesOnBothSides() throws {
    guard let clones = try clones("Home:\n\t- Call mom\n\t- Buy milk\n\t- Water plants\nWork:\n\t- Write report\n") else { return }
    defer { try? FileManager.default.removeItem(atPath: clones.root) }
    // One deletes Call mom and moves Water plants first; two marks Call mom done and moves
    // Write report under Home.
    try clones.write("Home:\n\t- Water plants\n\t- Buy milk\nWork:\n\t- Write report\n", to: "tasks.taskpaper", in: clones.one)
    try clones.commit("one", in: clones.one)
    try clones.run(["push", "-q", "origin", "HEAD:main"], in: clones.one)
    try clones.write(
      "Home:\n\t- Call mom @done\n\t- Buy milk\n\t- Water plants\n\t- Write report\nWork:\n", to: "tasks.taskpaper", in: clones.two
    )
    try clones.commit("two", in: clones.two)
    try clones.run(["pull", "-q", "--no-edit", "origin", "main"], in: clones.two)
    #expect(try clones.read(in: clones.two) == "Home:\n\t- Water plants\n\t- Call mom @done\n\t- Buy milk\n\t- Write report\nWork:\n")
    #expect(try clones.run(["status", "--porcelain"], in: clones.two).isEmpty)
  }
}
