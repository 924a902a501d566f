import Foundation
import Storage
import TaskManager

/// `taskman sync`, `taskman sync init [<remote>]`
struct SyncCommand: ParsableCommand, Equatable {
  var action: String?
  var remote: String?

  static let configuration = CommandConfiguration<Self>(
    name: "sync",
    abstract: "Keep the task file the same on every machine through git: commit it, pull and merge (by taskman, item by item), push.",
    discussion: """
      'taskman sync init [<remote>]' makes the directory holding the task file a git repository (or uses the one it is in), marks the file in .gitattributes to be merged by taskman (merge=taskman), registers 'taskman merge-driver %O %A %B' in the repository's config, sets the remote (origin) when one is given, and commits the file and .gitattributes. Run it once in each clone: git does not copy a repository's config, and 'taskman sync' registers the driver itself when .gitattributes asks for it.

      'taskman sync' commits the task file (only it), with a message naming the changes taskman made since the last commit, fetches, merges what the other machines pushed, and pushes. The merge is taskman's: two machines that changed different items, or different tags of one item, merge with no conflict; the same item's text changed on both keeps both versions, the second tagged @conflict ('taskman list --where @conflict' shows them); see Documentation/Sync.md. Offline (the remote cannot be reached), it commits and says the push is pending: the next sync sends it. The file's lock is held while git commits and merges, never while it talks to the remote. git must be installed.
      """,
    examples: ["taskman sync init git@example.com:me/tasks.git", "taskman sync", "taskman sync init ../tasks.git"],
    parameters: [
      .argument(\.action, name: "action", value: .choices(["init"]), help: "init: set up the repository; without it, sync."),
      .argument(\.remote, name: "remote", value: .text, help: "For init: the remote repository (a URL or a path), set as origin."),
    ]
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    switch action {
    case nil:
      guard remote == nil else { throw .usage("'taskman sync' takes no remote; to set one: taskman sync init \(remote!)", usage: Self.usage) }
      return try await sync(in: context)
    case "init":
      return try await initialize(in: context)
    case let other?:
      throw .usage("unknown sync action '\(TextStyle.printable(other))'", usage: Self.usage, hint: "Use 'taskman sync' to sync, or 'taskman sync init [<remote>]' to set it up.")
    }
  }

  // MARK: - init

  @MainActor
  private func initialize(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let git = try Git.find(environment: context.session.environment)
    let file = context.taskFile
    let directory = file.realDirectory
    guard FileKind.at(directory) == .directory else {
      throw .usage("the task file's directory \(directory) does not exist", hint: "Create it, or choose the task file with --file.")
    }
    var repository = SyncRepository(git: git, file: file)
    if repository.top == nil {
      // git's own first branch, as `git init --bare` on the same machine makes it: a shared
      // repository made that way and this one then agree.
      let created = git.run(["init", "-q"], in: directory)
      guard created.status == 0 else { throw Self.gitFailed("make \(directory) a git repository", created) }
      repository = SyncRepository(git: git, file: file)
      context.output.write("Made \(TextStyle.printable(directory)) a git repository.\n")
    }
    guard let top = repository.top, let relative = repository.relativePath else {
      throw TaskmanError(.dataFileUnreadable, "the task file \(file.realPath) is not inside the git repository at \(repository.top ?? directory)")
    }
    // A commit on a detached HEAD is left behind by the next `git switch`, and the tasks in it
    // with it.
    if repository.branch == nil, repository.exists("HEAD") {
      throw .usage("the repository at \(top) is not on a branch (a detached HEAD)", hint: "Check out a branch first: git -C \(AppStore.shellQuoted(top)) switch <branch>")
    }
    if let remote {
      let existing = git.run(["remote", "get-url", "origin"], in: top)
      if existing.status == 0, existing.trimmedOutput != remote {
        throw .usage(
          "the repository at \(top) has a remote origin already, \(existing.trimmedOutput), not \(remote)",
          hint: "To sync through \(remote) instead: git -C \(AppStore.shellQuoted(top)) remote set-url origin \(AppStore.shellQuoted(remote)), then run this again."
        )
      }
    }
    if try repository.markForMerging() {
      context.output.write("Marked \(TextStyle.printable(relative)) in .gitattributes to be merged by taskman.\n")
    }
    try repository.registerDriver()
    if let remote {
      if git.run(["remote", "get-url", "origin"], in: top).status != 0 {
        let added = git.run(["remote", "add", "origin", remote], in: top)
        guard added.status == 0 else { throw Self.gitFailed("add the remote origin \(remote)", added) }
      }
      // Where `sync` sends the file from now on, whatever remote the branch follows otherwise
      // (a repository of dotfiles may push elsewhere).
      let chosen = git.run(["config", SyncRepository.remoteKey, "origin"], in: top)
      guard chosen.status == 0 else { throw Self.gitFailed("note origin as taskman's remote", chosen) }
      context.output.write("The remote origin is \(TextStyle.printable(remote)).\n")
    }
    let paths = [relative, ".gitattributes"].filter { FileKind.at(POSIX.joined(top, $0)) == .file }
    if try repository.commit(paths, message: "taskman sync init: \(relative) merged by taskman") {
      context.output.write("Committed \(paths.map { TextStyle.printable($0) }.joined(separator: " and ")).\n")
    }
    context.output.write("Run 'taskman sync' to send and receive changes.\n")
    return .success
  }

  // MARK: - sync

  @MainActor
  private func sync(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let git = try Git.find(environment: context.session.environment)
    let file = context.taskFile
    let repository = SyncRepository(git: git, file: file)
    guard let top = repository.top, let relative = repository.relativePath else {
      throw .usage(
        "the task file \(file.path) is not in a git repository",
        hint: "Set up syncing once with: taskman sync init <remote> (a URL or path of a repository to share)."
      )
    }
    guard var branch = repository.branch else {
      throw .usage("the repository at \(top) is not on a branch (a detached HEAD)", hint: "Check out a branch first: git -C \(AppStore.shellQuoted(top)) switch <branch>")
    }
    var upstream = repository.upstream(of: branch)

    // The network first, without the lock: a slow remote never keeps another taskman waiting.
    var fetchFailure: String?
    if let known = upstream {
      let fetched = git.run(["fetch", "-q", known.remote], in: top)
      if fetched.status != 0 { fetchFailure = fetched.reason }
      // A fresh clone of a repository whose HEAD names a branch nobody pushed has checked out
      // nothing: with no commit of its own yet, it takes the one branch the others sync.
      if fetchFailure == nil, !repository.exists("HEAD"), !repository.exists(known.trackingRef),
        let others = repository.otherBranches(on: known.remote, than: known.branch), others.count == 1
      {
        let switched = git.run(["switch", "-q", others[0]], in: top)
        guard switched.status == 0 else { throw Self.gitFailed("check out \(others[0]), the branch \(known.remote) has", switched) }
        context.output.write("Checked out \(others[0]), the branch \(known.remote) has.\n")
        branch = others[0]
        upstream = repository.upstream(of: branch)
      }
    }

    if try !repository.isMarkedForMerging() {
      throw .usage(
        "\(relative) is not marked to be merged by taskman in \(top)/.gitattributes, so git would merge it line by line",
        hint: "Run 'taskman sync init' once in this repository."
      )
    }
    if try repository.registerDriver() {
      context.errors.write("taskman: registered taskman's merge driver in this clone's git config (git does not copy it).\n")
    }
    let app = try context.appStore()
    var committed: String?
    var merged = 0
    var conflicts = 0
    try await app.withLoadedTasks { () throws(TaskmanError) in
      let (message, newest) = self.commitMessage(for: relative, in: repository, app: app)
      if try repository.commit([relative], message: message) {
        committed = message
        if let newest { repository.noteCommitted(upTo: newest, of: file) }
      }
      guard let upstream, fetchFailure == nil, repository.exists(upstream.trackingRef) else { return }
      merged = repository.count(from: "HEAD", to: upstream.trackingRef)
      guard merged > 0 else { return }
      // Items tagged @conflict already, here or in what arrives, are not this merge's.
      let before = max(Self.conflictCount(in: file.realPath), Self.conflictCount(in: repository.text(of: relative, at: upstream.trackingRef)))
      // Histories with no commit in common are two machines that each began the list (or a
      // branch renamed onto the remote's, as the message below says to): the driver merges the
      // two files as two additions.
      let result = git.run(["merge", "-q", "--no-edit", "--no-stat", "--allow-unrelated-histories", upstream.trackingRef], in: top)
      if result.status != 0 {
        _ = git.run(["merge", "--abort"], in: top)
        throw TaskmanError(
          .dataFileUnreadable,
          "could not merge \(upstream.trackingRef) into \(branch): \(result.reason)",
          hint: "The merge was undone; your commit is kept. Look with: git -C \(AppStore.shellQuoted(top)) status"
        )
      }
      conflicts = max(0, Self.conflictCount(in: file.realPath) - before)
    }

    if let committed { context.output.write("Committed: \(TextStyle.printable(String(committed.prefix { $0 != "\n" })))\n") }
    guard let upstream else {
      context.output.write("No remote to sync with: set one with 'taskman sync init <remote>'.\n")
      return .success
    }
    if let fetchFailure {
      context.output.write("Push pending: cannot fetch from \(TextStyle.printable(upstream.remote)) (\(TextStyle.printable(fetchFailure))). Your changes are committed; the next 'taskman sync' sends them.\n")
      return .success
    }
    if merged > 0 {
      context.output.write("Merged \(merged) \(merged == 1 ? "commit" : "commits") from \(upstream.trackingRef).\n")
    }
    if conflicts > 0 {
      context.output.write(
        "\(conflicts) \(conflicts == 1 ? "item was" : "items were") changed on both sides: both versions are kept, the second tagged @conflict. See them with: taskman list --where @conflict\n"
      )
    }
    let ahead = repository.exists(upstream.trackingRef) ? repository.count(from: upstream.trackingRef, to: "HEAD") : 1
    guard ahead > 0 else {
      if committed == nil && merged == 0 { context.output.write("Already in sync with \(upstream.trackingRef).\n") }
      return .success
    }
    if !repository.exists(upstream.trackingRef), let others = repository.otherBranches(on: upstream.remote, than: upstream.branch) {
      // The other machines sync another branch: pushing this one would split the list in two.
      throw .usage(
        "\(upstream.remote) has \(others.joined(separator: ", ")) but no \(upstream.branch): this clone is on another branch than the list",
        hint: "Your commit is kept. Put it on theirs: git -C \(AppStore.shellQuoted(top)) branch -m \(upstream.branch) \(others[0]), then run 'taskman sync' again (it merges the two)."
      )
    }
    var push = ["push", "-q", upstream.remote, "HEAD:refs/heads/\(upstream.branch)"]
    if !upstream.isConfigured { push.insert("-u", at: 1) }
    let pushed = git.run(push, in: top)
    guard pushed.status == 0 else {
      // Behind the remote: the next sync merges and sends. Anything else (a hook, a protected
      // branch, rights) will not pass by itself.
      guard pushed.errors.contains("non-fast-forward") || pushed.errors.contains("fetch first") else {
        throw TaskmanError(
          .dataFileUnreadable, "\(upstream.remote) refused the push: \(pushed.reason)",
          hint: "Your changes are committed here. Once the remote takes them, 'taskman sync' sends them."
        )
      }
      context.output.write("Push pending: \(upstream.remote) has changes this sync has not merged yet. Your changes are committed; run 'taskman sync' again to merge them and send yours.\n")
      return .success
    }
    context.output.write("Pushed to \(upstream.remote)/\(upstream.branch).\n")
    return .success
  }

  /// The commit's message: the changes taskman recorded since the last sync's commit (by the
  /// journal's serial numbers, which ``SyncRepository/noteCommitted(upTo:of:)`` keeps; by time
  /// when it has none), oldest first, or a note that the file was edited elsewhere; and the
  /// serial of the newest change it names.
  @MainActor
  private func commitMessage(for relative: String, in repository: SyncRepository, app: AppStore) -> (String, Int?) {
    var committedSerial = repository.committedSerial(of: app.file)
    let since = repository.lastCommitDate(of: relative)
    var descriptions: [String] = []
    var newest: Int?
    if let data = try? app.storage.load(TaskFile.journalName), let journal = try? TaskJournal(decoding: data) {
      // A journal begun anew (set aside when damaged) numbers from the start again.
      if let noted = committedSerial, let last = journal.records.last?.serial, noted > last { committedSerial = nil }
      for record in journal.records.prefix(journal.applied) {
        if let committedSerial {
          if record.serial <= committedSerial { continue }
        } else if let since, let date = record.date, date < since {
          continue
        }
        descriptions.append(record.description)
        newest = max(newest ?? record.serial, record.serial)
      }
    }
    let host = Self.hostName()
    guard let first = descriptions.first else { return ("taskman sync from \(host): \(relative) edited outside taskman", nil) }
    var subject = "taskman sync from \(host): \(first)"
    if descriptions.count > 1 { subject += " and \(descriptions.count - 1) more" }
    guard descriptions.count > 1 else { return (subject, newest) }
    return (subject + "\n\n" + descriptions.map { "- \($0)" }.joined(separator: "\n"), newest)
  }

  /// How many items of the file at `path` carry a `@conflict` tag (0 when it cannot be read).
  static func conflictCount(in path: String) -> Int {
    conflictCount(in: FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) })
  }

  /// How many lines of `text` carry a `@conflict` tag.
  static func conflictCount(in text: String?) -> Int {
    (text ?? "").split(whereSeparator: \.isNewline).count { $0.contains("@conflict") }
  }

  private static func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count) == 0 else { return "this machine" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  static func gitFailed(_ what: String, _ result: Git.Result) -> TaskmanError {
    TaskmanError(.dataFileUnreadable, "git could not \(what): \(result.reason)")
  }
}
