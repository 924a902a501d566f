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

  /// The branch's upstream from git's config, else the same branch on `origin` (or the only
  /// remote); nil when the repository has no remote.
  func upstream(of branch: String) -> Upstream? {
    guard let top else { return nil }
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
    let path = POSIX.joined(top, ".gitattributes")
    var bytes = FileManager.default.contents(atPath: path).map(Array.init) ?? []
    if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
    bytes += Array("\(Self.attributePattern(for: relativePath)) merge=\(Self.driverName)\n".utf8)
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw TaskmanError(.dataFileUnreadable, "cannot write \(path): \(error.localizedDescription)")
    }
    return true
  }

  /// The path as a `.gitattributes` pattern anchored at the top: `/tasks.taskpaper`, quoted
  /// C-style when it has spaces, quotes or backslashes.
  static func attributePattern(for relative: String) -> String {
    let anchored = "/" + relative
    guard anchored.contains(where: { $0 == " " || $0 == "\"" || $0 == "\\" || $0 == "\t" }) else { return anchored }
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
    guard git.run(["config", "--get", key], in: top).trimmedOutput != Self.driverCommand else { return false }
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
