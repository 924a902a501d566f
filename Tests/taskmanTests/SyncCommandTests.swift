import Foundation
import Testing

/// `taskman sync` end to end: two machines (two data directories, two clones) sharing a bare
/// repository in a temporary directory, each changing its copy with taskman and syncing.
/// Skipped when git is not installed, unless `TASKMAN_REQUIRE_GIT` is set (CI sets it).
@Suite(.serialized) struct SyncCommandTests {
  static let git = TestGit.executable
  static let gitRequired = TestGit.isRequired

  /// Two machines, each with a data directory of its own and a clone holding the task file.
  final class Machines {
    let root: String
    let git: String
    let one: TaskmanDataDirectory
    let two: TaskmanDataDirectory
    var origin: String { root + "/origin.git" }
    var fileOne: String { root + "/one/tasks.taskpaper" }
    var fileTwo: String { root + "/two/tasks.taskpaper" }

    /// The first machine's file holds `text`, set up with `sync init` and pushed; the second
    /// machine clones the repository and syncs once.
    init(git: String, text: String) throws {
      self.git = git
      root = try TaskmanProcess.makeTemporaryDirectory()
      // The person's git makes `main` first, as the shared repository's HEAD names.
      try Data("[init]\n\tdefaultBranch = main\n".utf8).write(to: URL(fileURLWithPath: root + "/.gitconfig"))
      one = try TaskmanDataDirectory()
      two = try TaskmanDataDirectory()
      try runGit(["init", "-q", "--bare", "-b", "main", origin], in: root)
      try FileManager.default.createDirectory(atPath: root + "/one", withIntermediateDirectories: true)
      try Data(text.utf8).write(to: URL(fileURLWithPath: fileOne))
      let initialized = try taskman(one, ["sync", "init", origin])
      try #require(initialized.status == 0, "\(initialized.errors)")
      let first = try taskman(one, ["sync"])
      try #require(first.status == 0, "\(first.errors)")
      try runGit(["clone", "-q", origin, root + "/two"], in: root)
      let second = try taskman(two, ["sync"])
      try #require(second.status == 0, "\(second.errors)")
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// The environment of every run: no user's or system's git config, a known identity.
    var environment: [String: String] { TestGit(executable: git, home: root).environment }

    /// Runs taskman on `machine`'s file.
    func taskman(_ machine: TaskmanDataDirectory, _ arguments: [String]) throws -> TaskmanProcess.Result {
      try machine.run(["--file", machine === one ? fileOne : fileTwo] + arguments, environment: environment)
    }

    func text(of machine: TaskmanDataDirectory) throws -> String {
      try String(contentsOfFile: machine === one ? fileOne : fileTwo, encoding: .utf8)
    }

    /// The short id `list` shows for the line with `title` on `machine`.
    func id(of title: String, on machine: TaskmanDataDirectory) throws -> String {
      let listed = try taskman(machine, ["list", "--all"]).output
      let line = try #require(listed.split(separator: "\n").first { $0.contains(title) }, "\(title) is not in \(listed)")
      return String(line.prefix { $0 != " " })
    }

    @discardableResult
    func runGit(_ arguments: [String], in directory: String) throws -> String {
      try TestGit(executable: git, home: root).run(arguments, in: directory)
    }
  }

  static let list = "Home:\r\n\t- Paint the fence\r\n\t- Call mom @phone\r\nWork:\r\n\t- Call mom\r\n\t- Write report @due(2026-12-01)"

  private func machines() throws -> Machines? {
    guard let git = Self.git else {
      #expect(!Self.gitRequired, "git is required (TASKMAN_REQUIRE_GIT) but not installed")
      return nil
    }
    return try Machines(git: git, text: Self.list)
  }

  @Test func initSetsUpTheRepositoryAndASecondCloneGetsTheSameFile() throws {
    guard let machines = try machines() else { return }
    #expect(try machines.text(of: machines.two) == Self.list)
    let attributes = try String(contentsOfFile: machines.root + "/one/.gitattributes", encoding: .utf8)
    #expect(attributes == "/tasks.taskpaper merge=taskman\n")
    // The clone's config had no driver: sync registered it, and syncing again does nothing.
    let again = try machines.taskman(machines.two, ["sync"])
    #expect(again.status == 0)
    #expect(again.output == "Already in sync with refs/remotes/origin/main.\n")
    #expect(again.errors == "")
  }

  @Test func addsOnBothMachinesMergeWithNoConflict() throws {
    guard let machines = try machines() else { return }
    _ = try machines.taskman(machines.one, ["add", "Buy milk", "-p", "Home"])
    _ = try machines.taskman(machines.two, ["add", "Book flights", "-p", "Work"])
    let first = try machines.taskman(machines.one, ["sync"])
    #expect(first.status == 0, "\(first.errors)")
    #expect(first.output.contains("Committed: taskman sync from "))
    #expect(first.output.contains("add “Buy milk”"))
    #expect(first.output.hasSuffix("Pushed to origin/main.\n"))
    // The next commit names only what came after.
    _ = try machines.taskman(machines.one, ["add", "Call the plumber"])
    let next = try machines.taskman(machines.one, ["sync"])
    #expect(next.output.contains("add “Call the plumber”"))
    #expect(!next.output.contains("Buy milk"))
    #expect(!next.output.contains("and 1 more"))
    let second = try machines.taskman(machines.two, ["sync"])
    #expect(second.status == 0, "\(second.errors)")
    #expect(second.output.contains("Merged 2 commits from refs/remotes/origin/main.\n"))
    _ = try machines.taskman(machines.one, ["sync"])
    let expected = "Home:\r\n\t- Paint the fence\r\n\t- Call mom @phone\r\n\t- Buy milk\r\nWork:\r\n\t- Call mom\r\n\t- Write report @due(2026-12-01)\r\n\t- Book flights\r\n- Call the plumber"
    #expect(try machines.text(of: machines.one) == expected)
    #expect(try machines.text(of: machines.two) == expected)
  }

  @Test func differentTagsOfOneItemBothLandAndIdsStayValid() throws {
    guard let machines = try machines() else { return }
    let report = try machines.id(of: "Write report", on: machines.two)
    _ = try machines.taskman(machines.one, ["done", try machines.id(of: "Write report", on: machines.one)])
    _ = try machines.taskman(machines.two, ["tag", report, "@flag"])
    #expect(try machines.taskman(machines.one, ["sync"]).status == 0)
    #expect(try machines.taskman(machines.two, ["sync"]).status == 0)
    let line = try #require(try machines.text(of: machines.two).split(separator: "\r\n").first { $0.contains("Write report") })
    #expect(line.contains("@flag") && line.contains("@done("))
    // The id the second machine knew still names the item after the merge.
    let shown = try machines.taskman(machines.two, ["show", report])
    #expect(shown.status == 0)
    #expect(shown.output.contains("Write report"))
    // Identical lines under different parents stay apart: the Work one is untouched.
    #expect(try machines.text(of: machines.two).contains("Work:\r\n\t- Call mom\r\n"))
  }

  @Test func aDeleteAgainstAnEditKeepsTheEditAndMovesOnBothSidesMerge() throws {
    guard let machines = try machines() else { return }
    _ = try machines.taskman(machines.one, ["delete", "--yes", try machines.id(of: "Paint the fence", on: machines.one)])
    _ = try machines.taskman(machines.two, ["edit", try machines.id(of: "Paint the fence", on: machines.two), "Paint the fence green"])
    _ = try machines.taskman(machines.one, ["move", try machines.id(of: "Write report", on: machines.one), "--top"])
    _ = try machines.taskman(machines.two, ["move", try machines.id(of: "Call mom @phone", on: machines.two), "-p", "Work"])
    #expect(try machines.taskman(machines.one, ["sync"]).status == 0)
    let merged = try machines.taskman(machines.two, ["sync"])
    #expect(merged.status == 0, "\(merged.errors)")
    #expect(try machines.taskman(machines.one, ["sync"]).status == 0)
    let text = try machines.text(of: machines.one)
    #expect(text == (try machines.text(of: machines.two)))
    #expect(text.contains("- Paint the fence green"))
    #expect(text.hasPrefix("- Write report @due(2026-12-01)\r\n"))
    #expect(text.contains("\t- Call mom @phone"))
    #expect(!text.contains("<<<<<<<"))
  }

  @Test func aRealConflictKeepsBothVersionsAndSaysSo() throws {
    guard let machines = try machines() else { return }
    _ = try machines.taskman(machines.one, ["edit", try machines.id(of: "Paint the fence", on: machines.one), "Paint the fence white"])
    _ = try machines.taskman(machines.two, ["edit", try machines.id(of: "Paint the fence", on: machines.two), "Paint the fence blue"])
    #expect(try machines.taskman(machines.one, ["sync"]).status == 0)
    let merged = try machines.taskman(machines.two, ["sync"])
    #expect(merged.status == 0, "\(merged.errors)")
    #expect(merged.output.contains("1 item was changed on both sides: both versions are kept, the second tagged @conflict."))
    let text = try machines.text(of: machines.two)
    #expect(text.contains("- Paint the fence blue"))
    #expect(text.contains("- Paint the fence white @conflict"))
    #expect(!text.contains("<<<<<<<"))
    let conflicts = try machines.taskman(machines.two, ["query", "@conflict"])
    #expect(conflicts.output.contains("Paint the fence white"))
  }

  @Test func offlineItCommitsAndSaysThePushIsPending() throws {
    guard let machines = try machines() else { return }
    try FileManager.default.moveItem(atPath: machines.origin, toPath: machines.root + "/away.git")
    _ = try machines.taskman(machines.one, ["add", "Buy milk"])
    let offline = try machines.taskman(machines.one, ["sync"])
    #expect(offline.status == 0, "\(offline.errors)")
    #expect(offline.output.contains("Committed: "))
    #expect(offline.output.contains("Push pending: cannot fetch from origin"))
    // Back online, the next sync sends it.
    try FileManager.default.moveItem(atPath: machines.root + "/away.git", toPath: machines.origin)
    let online = try machines.taskman(machines.one, ["sync"])
    #expect(online.output == "Pushed to origin/main.\n")
    #expect(try machines.taskman(machines.two, ["sync"]).status == 0)
    #expect(try machines.text(of: machines.two).hasSuffix("- Buy milk"))
  }

  @Test func undoAfterASyncNeverWritesOverTheMerge() throws {
    guard let machines = try machines() else { return }
    let fence = try machines.id(of: "Paint the fence", on: machines.two)
    _ = try machines.taskman(machines.two, ["done", fence])
    _ = try machines.taskman(machines.one, ["edit", try machines.id(of: "Paint the fence", on: machines.one), "Paint the fence white"])
    #expect(try machines.taskman(machines.one, ["sync"]).status == 0)
    #expect(try machines.taskman(machines.two, ["sync"]).status == 0)
    let merged = try machines.text(of: machines.two)
    #expect(merged.contains("- Paint the fence white @done("))
    // The done's line is no longer as it left it: undo says so and leaves the merge alone.
    let undo = try machines.taskman(machines.two, ["undo"])
    #expect(undo.status == 1)
    #expect(undo.errors.contains("was changed since. Nothing was changed; the file keeps the newer edit."))
    #expect(try machines.text(of: machines.two) == merged)
  }

  @Test func aFreshCloneThatCheckedOutNothingTakesTheBranchTheOthersSync() throws {
    guard let machines = try machines() else { return }
    // The shared repository's HEAD names `trunk`, which nobody pushed: a clone checks out nothing.
    try machines.runGit(["symbolic-ref", "HEAD", "refs/heads/trunk"], in: machines.origin)
    try machines.runGit(["clone", "-q", machines.origin, machines.root + "/three"], in: machines.root)
    let data = try TaskmanDataDirectory()
    let synced = try data.run(["--file", machines.root + "/three/tasks.taskpaper", "sync"], environment: machines.environment)
    #expect(synced.status == 0, "\(synced.errors)")
    #expect(synced.output.hasPrefix("Checked out main, the branch origin has.\n"))
    #expect(try String(contentsOfFile: machines.root + "/three/tasks.taskpaper", encoding: .utf8) == Self.list)
  }

  @Test func syncSendsTheFileToTheRemoteInitWasGivenAndNeverReplacesAnother() throws {
    guard let git = Self.git else { return }
    // A repository of dotfiles whose branch follows a remote of its own, with the list in it.
    let machines = try Machines(git: git, text: Self.list)
    let dotfiles = machines.root + "/dotfiles"
    try machines.runGit(["init", "-q", "--bare", "-b", "main", machines.root + "/dotfiles.git"], in: machines.root)
    try machines.runGit(["clone", "-q", machines.root + "/dotfiles.git", dotfiles], in: machines.root)
    try machines.runGit(["remote", "rename", "origin", "gh"], in: dotfiles)
    try Data("set -o vi\n".utf8).write(to: URL(fileURLWithPath: dotfiles + "/bashrc"))
    try machines.runGit(["add", "bashrc"], in: dotfiles)
    try machines.runGit(["commit", "-q", "-m", "bashrc"], in: dotfiles)
    try machines.runGit(["push", "-q", "-u", "gh", "main"], in: dotfiles)
    try FileManager.default.createDirectory(atPath: dotfiles + "/notes", withIntermediateDirectories: true)
    let file = dotfiles + "/notes/tasks.taskpaper"
    try Data("- Buy milk\n".utf8).write(to: URL(fileURLWithPath: file))
    let tasks = machines.root + "/tasks.git"
    try machines.runGit(["init", "-q", "--bare", "-b", "main", tasks], in: machines.root)
    let data = try TaskmanDataDirectory()
    #expect(try data.run(["--file", file, "sync", "init", tasks], environment: machines.environment).status == 0)
    let synced = try data.run(["--file", file, "sync"], environment: machines.environment)
    #expect(synced.status == 0, "\(synced.errors)")
    #expect(synced.output.hasSuffix("Pushed to origin/main.\n"))
    #expect(try machines.runGit(["log", "--format=%s", "main"], in: tasks).contains("taskman sync init"))
    #expect(!(try machines.runGit(["log", "--format=%s", "main"], in: machines.root + "/dotfiles.git")).contains("taskman"))
    // An origin of another URL is never replaced without a word.
    let other = try data.run(["--file", file, "sync", "init", machines.root + "/elsewhere.git"], environment: machines.environment)
    #expect(other.status == 2)
    #expect(other.errors.contains("has a remote origin already, \(tasks), not \(machines.root)/elsewhere.git"))
  }

  @Test func aCloneOnAnotherBranchIsToldRatherThanSplittingTheList() throws {
    guard let machines = try machines() else { return }
    // A second machine whose file sits in a repository of its own, on another branch.
    let three = machines.root + "/three"
    try FileManager.default.createDirectory(atPath: three, withIntermediateDirectories: true)
    try machines.runGit(["init", "-q", "-b", "trunk"], in: three)
    try Data("- Walk the dog\n".utf8).write(to: URL(fileURLWithPath: three + "/tasks.taskpaper"))
    let data = try TaskmanDataDirectory()
    let file = three + "/tasks.taskpaper"
    #expect(try data.run(["--file", file, "sync", "init", machines.origin], environment: machines.environment).status == 0)
    let refused = try data.run(["--file", file, "sync"], environment: machines.environment)
    #expect(refused.status == 2)
    #expect(refused.errors.contains("origin has main but no trunk: this clone is on another branch than the list"))
    #expect(refused.errors.contains("branch -m trunk main"))
    #expect(!(try machines.runGit(["branch", "--list"], in: machines.origin)).contains("trunk"))
    // Doing as it says merges the two lists.
    try machines.runGit(["branch", "-m", "trunk", "main"], in: three)
    let merged = try data.run(["--file", file, "sync"], environment: machines.environment)
    #expect(merged.status == 0, "\(merged.errors)")
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains("- Walk the dog") && text.contains("- Paint the fence"))
  }

  @Test func aPushTheRemoteRefusesIsAnErrorWithItsReason() throws {
    guard let machines = try machines() else { return }
    let hook = machines.origin + "/hooks/pre-receive"
    try Data("#!/bin/sh\necho 'main is protected' >&2\nexit 1\n".utf8).write(to: URL(fileURLWithPath: hook))
    chmod(hook, 0o755)
    _ = try machines.taskman(machines.one, ["add", "Buy milk"])
    let refused = try machines.taskman(machines.one, ["sync"])
    #expect(refused.status == 3)
    #expect(refused.errors.contains("origin refused the push: "))
    #expect(refused.errors.contains("main is protected"))
    #expect(refused.output.contains("Committed: "))
  }

  @Test func outsideARepositoryOrWithoutGitItSaysWhatToDo() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("Buy milk")
    let notInRepository = try data.run(["sync"], environment: ["HOME": data.path, "GIT_CEILING_DIRECTORIES": data.path])
    if Self.git != nil {
      #expect(notInRepository.status == 2)
      #expect(notInRepository.errors.contains("is not in a git repository"))
      #expect(notInRepository.errors.contains("taskman sync init"))
    }
    let noGit = try data.run(["sync"], environment: ["PATH": data.path])
    #expect(noGit.status == 2)
    #expect(noGit.errors.hasPrefix("taskman: taskman sync needs git, and there is no git on the PATH\n"))
    #expect(noGit.errors.contains("apt-get install git"))
  }
}
