#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import Testing
import TmuxTesting

/// The completion scripts in real interactive shells, in tmux: each shell started without its
/// startup files, the script loaded, the built taskman on the PATH and a data directory with a
/// few tasks; `taskman done <a prefix of an id>` and `taskman list --tag <a prefix>` then Tab.
/// A shell that is not installed is skipped, unless `TASKMAN_REQUIRE_SHELLS` is set.
@Suite(
  "Completion: Tab in bash, zsh and fish", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: the end-to-end tests of completion are skipped (set TERMINALUI_REQUIRE_TMUX=1 to fail instead)"
  )
)
struct CompletionEndToEndTests {
  /// The task file, and the prefix of an id that only that id starts with.
  struct Fixture {
    let data: TaskmanDataDirectory
    let id: String
    let prefix: String
    let script: String

    init(shell: String) throws {
      data = try TaskmanDataDirectory()
      var ids: [String] = []
      for title in ["Buy milk @shopping", "Call mum @phone", "Water the plants @home"] {
        ids.append(try data.add(title))
      }
      id = ids[0]
      // The shortest prefix no other short id starts with: Tab has one id to put in place.
      let others = ids.dropFirst()
      prefix = (1...id.count).lazy.map { String(ids[0].prefix($0)) }.first { p in !others.contains { $0.hasPrefix(p) } }!
      script = data.path + "/completion." + shell
      let printed = try data.run(["completion", shell])
      try #require(printed.status == 0)
      try Data(printed.output.utf8).write(to: URL(fileURLWithPath: script))
    }

    /// `export …` of the shell's environment: taskman on the PATH, this data directory, no
    /// config of whoever runs the tests.
    var environment: [(String, String)] {
      get throws {
        let binary = try TaskmanProcess.executable()
        return [
          ("PATH", URL(fileURLWithPath: binary).deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")),
          ("TASKMAN_DATA_DIR", data.path),
          ("XDG_CONFIG_HOME", data.path + "/config"),
        ]
      }
    }
  }

  /// Types `text`, then Tab, and waits until the line reads `completed` (the cursor after it).
  private func complete(_ session: TmuxSession, _ text: String, to completed: String) throws {
    try session.tmux(["send-keys", "-t", "main", "-l", text])
    try session.send("Tab")
    try session.waitForScreen("'\(text)' completed to '\(completed)'") { screen in
      screen.contains { $0.hasSuffix(completed) || $0.hasSuffix(completed + " ") }
    }
    // The line is cleared for the next one.
    try session.send("C-u")
  }

  /// Runs `body` with a session whose shell is the one `start` types into bash, and checks
  /// that the shell is gone with the session.
  private func inShell(_ shell: String, start: (TmuxSession, Fixture) throws -> Void, _ body: (TmuxSession, Fixture) throws -> Void) throws {
    let shellPath = CompletionScriptTests.shellPath(shell)
    guard shellPath != nil else {
      #expect(!CompletionScriptTests.shellsRequired, "\(shell) is not installed, and TASKMAN_REQUIRE_SHELLS is set")
      return
    }
    let fixture = try Fixture(shell: shell)
    var pane: pid_t = 0
    do {
      let session = try TmuxSession(width: 100, height: 20)
      pane = pid_t(try session.tmux(["display", "-p", "-t", "main", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
      try start(session, fixture)
      try body(session, fixture)
    }
    // The session is gone, and with its server the pane's shell (and whatever it started).
    let clock = ContinuousClock()
    let end = clock.now + .seconds(30)
    while pane > 0, kill(pane, 0) == 0, clock.now < end { sched_yield() }
    #expect(pane > 0 && kill(pane, 0) != 0, "the pane's shell outlived the test")
  }

  private func exports(_ fixture: Fixture) throws -> String {
    try fixture.environment.map { "export \($0.0)='\($0.1)'" }.joined(separator: "; ")
  }

  @Test func bash() throws {
    try inShell("bash") { session, fixture in
      try session.type(line: "\(try exports(fixture)); source '\(fixture.script)'; echo loaded-bash")
      try session.waitFor(line: "loaded-bash")
    } _: { session, fixture in
      try complete(session, "taskman done \(fixture.prefix)", to: "taskman done \(fixture.id)")
      try complete(session, "taskman list --tag sho", to: "taskman list --tag shopping")
      try complete(session, "taskman list --sort=cr", to: "taskman list --sort=created")
      try complete(session, "taskman --file=\(fixture.data.path)/tasks.task", to: "taskman --file=\(fixture.data.path)/tasks.taskpaper")
    }
  }

  /// As most people's bash is: with the bash-completion package loaded first.
  @Test func bashWithBashCompletion() throws {
    let package = "/usr/share/bash-completion/bash_completion"
    guard FileManager.default.fileExists(atPath: package) else {
      #expect(!CompletionScriptTests.shellsRequired, "bash-completion is not installed, and TASKMAN_REQUIRE_SHELLS is set")
      return
    }
    try inShell("bash") { session, fixture in
      try session.type(line: "\(try exports(fixture)); source '\(package)'; source '\(fixture.script)'; echo loaded-bash")
      try session.waitFor(line: "loaded-bash")
    } _: { session, fixture in
      try complete(session, "taskman done \(fixture.prefix)", to: "taskman done \(fixture.id)")
      try complete(session, "taskman list --tag=sho", to: "taskman list --tag=shopping")
      try complete(session, "taskman --file \(fixture.data.path)/tasks.task", to: "taskman --file \(fixture.data.path)/tasks.taskpaper")
    }
  }

  @Test func zsh() throws {
    try inShell("zsh") { session, fixture in
      try session.type(line: "\(try exports(fixture)); exec zsh -f")
      try session.type(line: "PS1='%% '; autoload -U compinit; compinit -u; source '\(fixture.script)'; echo loaded-zsh")
      try session.waitFor(line: "loaded-zsh")
    } _: { session, fixture in
      try complete(session, "taskman done \(fixture.prefix)", to: "taskman done \(fixture.id)")
      try complete(session, "taskman list --tag sho", to: "taskman list --tag shopping")
      // Listed with their titles. Tab twice: when the ids share a first digit, the first Tab
      // only types it, and the second lists them (zsh's list-ambiguous).
      try session.tmux(["send-keys", "-t", "main", "-l", "taskman done "])
      try session.send("Tab", "Tab")
      try session.waitFor("\(fixture.id)  -- Buy milk")
    }
  }

  @Test func fish() throws {
    try inShell("fish") { session, fixture in
      try session.type(line: "\(try exports(fixture)); exec fish --no-config --private")
      try session.type(line: "source '\(fixture.script)'; echo loaded-fish")
      try session.waitFor(line: "loaded-fish")
    } _: { session, fixture in
      try complete(session, "taskman done \(fixture.prefix)", to: "taskman done \(fixture.id)")
      try complete(session, "taskman list --tag sho", to: "taskman list --tag shopping")
      // Listed with their titles.
      try session.tmux(["send-keys", "-t", "main", "-l", "taskman done "])
      try session.send("Tab")
      try session.waitFor("\(fixture.id)  (Buy milk)")
    }
  }
}
