import Foundation
import Storage

/// The git repository a task file is synced through, as `taskman sync` asks about it and sets
/// it up: where it is, whether the file is merged by taskman, the branch and its remote.
struct SyncRepository {
  let git: Git
  /// The repository's top directory (symbolic links resolved), or nil when the file is in none.
  let top: String?
  /// The task file's path from ``top`` (symbolic links resolved).
  let relativePath: String?

  /// The name of taskman's merge driver in `.gitattributes` and git's config.
  static let driverName = "taskman"

  init(git: Git, file: TaskFileLocation) {
    self.git = git
    let found = git.run(["rev-parse", "--show-toplevel"], in: file.realDirectory)
    guard found.status == 0, !found.trimmedOutput.isEmpty else {
      top = nil
      relativePath = nil
      return
    }
    let top = POSIX.realPath(of: found.trimmedOutput)
    self.top = top
    relativePath = file.realPath.hasPrefix(top + "/") ? String(file.realPath.dropFirst(top.count + 1)) : nil
  }

  /// The branch checked out, or nil for a detached HEAD.
  var branch: String? {
    guard let top else { return nil }
    let result = git.run(["symbolic-ref", "--short", "-q", "HEAD"], in: top)
    return result.status == 0 && !result.trimmedOutput.isEmpty ? result.trimmedOutput : nil
  }

  /// Where a branch is pulled from and pushed to.
  struct Upstream: Equatable {
    var remote: String
    var branch: String
    /// Whether git's config names it (`branch.<name>.remote`); otherwise the first push sets it.
    var isConfigured: Bool
    /// The remote-tracking ref a fetch updates.
    var trackingRef: String { "refs/remotes/\(remote)/\(branch)" }
  }

  /// The config key naming the remote `sync init` was given.
  static let remoteKey = "taskman.remote"

  /// The remote `sync init` was given (the same branch there), else the branch's upstream from
  /// git's config, else the same branch on `origin` (or the only remote); nil when the
  /// repository has no remote.
  func upstream(of branch: String) -> Upstream? {
    guard let top else { return nil }
    let chosen = git.run(["config", "--get", Self.remoteKey], in: top).trimmedOutput
    if !chosen.isEmpty, git.run(["remote", "get-url", chosen], in: top).status == 0 {
      // The branch's own upstream is left alone: it may be the person's, elsewhere.
      return Upstream(remote: chosen, branch: branch, isConfigured: true)
    }
    let remote = git.run(["config", "--get", "branch.\(branch).remote"], in: top).trimmedOutput
    let merge = git.run(["config", "--get", "branch.\(branch).merge"], in: top).trimmedOutput
    if !remote.isEmpty, remote != ".", merge.hasPrefix("refs/heads/") {
      return Upstream(remote: remote, branch: String(merge.dropFirst("refs/heads/".count)), isConfigured: true)
    }
    let remotes = git.run(["remote"], in: top).output.split(whereSeparator: \.isNewline).map(String.init)
    guard let chosen = remotes.contains("origin") ? "origin" : (remotes.count == 1 ? remotes[0] : nil) else { return nil }
    return Upstream(remote: chosen, branch: branch, isConfigured: false)
  }

  /// Whether `ref` names a commit.
  func exists(_ ref: String) -> Bool {
    guard let top else { return false }
    return git.run(["rev-parse", "-q", "--verify", ref + "^{commit}"], in: top).status == 0
  }

  /// How many commits `to` has that `from` has not.
  func count(from: String, to: String) -> Int {
    guard let top else { return 0 }
    return Int(git.run(["rev-list", "--count", "\(from)..\(to)"], in: top).trimmedOutput) ?? 0
  }

  /// The branches `remote` had at the last fetch, when it has some and not `branch`.
  func otherBranches(on remote: String, than branch: String) -> [String]? {
    guard let top else { return nil }
    let prefix = "refs/remotes/\(remote)/"
    let names = git.run(["for-each-ref", "--format=%(refname)", prefix], in: top).output
      .split(whereSeparator: \.isNewline).map { String($0.dropFirst(prefix.count)) }.filter { $0 != "HEAD" }
    return names.isEmpty || names.contains(branch) ? nil : names
  }

  /// The text of the file at `relative` in the commit `ref`, or nil.
  func text(of relative: String, at ref: String) -> String? {
    guard let top else { return nil }
    let shown = git.run(["show", "\(ref):\(relative)"], in: top)
    return shown.status == 0 ? shown.output : nil
  }

  /// When the file at `relative` was last committed, or nil when it never was.
  func lastCommitDate(of relative: String) -> Date? {
    guard let top else { return nil }
    let seconds = git.run(["log", "-1", "--format=%ct", "--", relative], in: top).trimmedOutput
    return Double(seconds).map { Date(timeIntervalSince1970: $0) }
  }

  // MARK: - Merging by taskman

  /// Whether git's attributes give the task file taskman's merge driver.
  func isMarkedForMerging() throws(TaskmanError) -> Bool {
    guard let top, let relativePath else { return false }
    let result = git.run(["check-attr", "merge", "--", relativePath], in: top)
    guard result.status == 0 else { throw SyncCommand.gitFailed("read the attributes of \(relativePath)", result) }
    return result.trimmedOutput.hasSuffix(": merge: \(Self.driverName)")
  }

  /// Adds `/<file> merge=taskman` to the top directory's `.gitattributes` unless the file is
  /// marked already; every other byte of it stays. Returns whether it changed it.
  func markForMerging() throws(TaskmanError) -> Bool {
    guard let top, let relativePath else { return false }
    if try isMarkedForMerging() { return false }
    // Through a link to the file it names; in the file's own line ending.
    let path = POSIX.realPath(of: POSIX.joined(top, ".gitattributes"))
    var bytes = FileManager.default.contents(atPath: path).map(Array.init) ?? []
    let lineBreak: [UInt8] = bytes.firstIndex(of: UInt8(ascii: "\n")).map { $0 > 0 && bytes[$0 - 1] == UInt8(ascii: "\r") } == true ? [13, 10] : [10]
    if let last = bytes.last, last != UInt8(ascii: "\n") { bytes += lineBreak }
    bytes += Array("\(Self.attributePattern(for: relativePath)) merge=\(Self.driverName)".utf8) + lineBreak
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw TaskmanError(.dataFileUnreadable, "cannot write \(path): \(error.localizedDescription)")
    }
    guard try isMarkedForMerging() else {
      throw TaskmanError(
        .dataFileUnreadable,
        "\(relativePath) is marked merge=taskman in \(path), but git still does not merge it with taskman: another attributes file (in a subdirectory, or .git/info/attributes) says otherwise",
        hint: "See which with: git -C \(AppStore.shellQuoted(top)) check-attr -a -- \(AppStore.shellQuoted(relativePath))"
      )
    }
    return true
  }

  /// The path as a `.gitattributes` pattern anchored at the top: `/tasks.taskpaper`, quoted
  /// C-style when it has spaces, quotes or backslashes.
  static func attributePattern(for relative: String) -> String {
    // Wildcards in the name are the name's own characters.
    var anchored = "/"
    for character in relative {
      if "[]*?".contains(character) { anchored.append("\\") }
      anchored.append(character)
    }
    guard anchored.contains(where: { $0 == " " || $0 == "\"" || $0 == "\t" }) else { return anchored }
    let escaped = anchored.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\t", with: "\\t")
    return "\"" + escaped + "\""
  }

  /// The command git runs to merge the file: this taskman's own path, so that the driver is the
  /// version that wrote the file.
  static var driverCommand: String {
    AppStore.shellQuoted(executablePath) + " merge-driver %O %A %B"
  }

  /// Registers taskman's merge driver in the repository's config, unless it is there already
  /// with this taskman. Returns whether it changed the config.
  @discardableResult
  func registerDriver() throws(TaskmanError) -> Bool {
    guard let top else { return false }
    let key = "merge.\(Self.driverName).driver"
    // One registered by hand (`taskman merge-driver %O %A %B`, found on the PATH) is kept.
    let registered = git.run(["config", "--get", key], in: top).trimmedOutput
    guard registered != Self.driverCommand, !(registered.contains("taskman") && registered.hasSuffix(" merge-driver %O %A %B")) else { return false }
    for (name, value) in [("merge.\(Self.driverName).name", "taskman: TaskPaper outlines, item by item"), (key, Self.driverCommand)] {
      let result = git.run(["config", name, value], in: top)
      guard result.status == 0 else { throw SyncCommand.gitFailed("register taskman's merge driver (\(name))", result) }
    }
    return true
  }

  /// The running executable's path.
  static var executablePath: String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if count > 0 { return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    let first = CommandLine.arguments.first ?? "taskman"
    return first.contains("/") ? POSIX.realPath(of: first) : "taskman"
  }

  // MARK: - Committing

  /// The config key keeping the serial of the newest journal record a sync committed, for the
  /// file whose bookkeeping is in `file`'s state directory.
  private func committedSerialKey(of file: TaskFileLocation) -> String {
    "taskman-journal.\(POSIX.lastComponent(of: file.stateDirectory)).committed"
  }

  /// The serial of the newest change of `file`'s journal that a sync committed, if noted.
  func committedSerial(of file: TaskFileLocation) -> Int? {
    guard let top else { return nil }
    return Int(git.run(["config", "--get", committedSerialKey(of: file)], in: top).trimmedOutput)
  }

  /// Notes that a sync committed the changes of `file`'s journal up to `serial`, so that the
  /// next commit's message names none of them again.
  func noteCommitted(upTo serial: Int, of file: TaskFileLocation) {
    guard let top else { return }
    _ = git.run(["config", committedSerialKey(of: file), String(serial)], in: top)
  }

  /// Commits `paths` (from the top), and only them, when they changed; returns whether a
  /// commit was made.
  func commit(_ paths: [String], message: String) throws(TaskmanError) -> Bool {
    guard let top, !paths.isEmpty else { return false }
    let added = git.run(["add", "--"] + paths, in: top)
    guard added.status == 0 else { throw SyncCommand.gitFailed("add \(paths.joined(separator: " "))", added) }
    guard git.run(["diff", "--cached", "--quiet", "--"] + paths, in: top).status != 0 else { return false }
    let committed = git.run(["commit", "-q", "-m", message, "--"] + paths, in: top)
    guard committed.status == 0 else {
      if committed.errors.contains("Please tell me who you are") || committed.errors.contains("user.email") {
        throw TaskmanError(
          .dataFileUnreadable, "git cannot commit: it does not know your name and email",
          hint: "Tell it once: git config --global user.name \"Your Name\" && git config --global user.email you@example.com"
        )
      }
      throw SyncCommand.gitFailed("commit \(paths.joined(separator: " "))", committed)
    }
    return true
  }
}
