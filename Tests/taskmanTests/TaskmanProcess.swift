#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// Runs the built `taskman` binary as a user would: arguments as raw bytes (so invalid UTF-8
/// can be passed, which `Process` cannot do), standard input from given bytes, standard output
/// and error captured through files (no pipe can fill up and block), in a fresh data directory.
struct TaskmanProcess {
  struct Result {
    var status: Int32
    var output: String
    var errors: String
  }

  /// A started `taskman` that has not been waited for yet.
  struct Running {
    fileprivate let pid: pid_t
    fileprivate let directory: String

    /// Waits for the process to end and collects what it wrote.
    func wait() -> Result {
      defer { try? FileManager.default.removeItem(atPath: directory) }
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      let signal = status & 0x7f
      return Result(
        status: signal == 0 ? (status >> 8) & 0xff : 128 + signal,
        output: (try? String(contentsOfFile: directory + "/stdout", encoding: .utf8)) ?? "",
        errors: (try? String(contentsOfFile: directory + "/stderr", encoding: .utf8)) ?? ""
      )
    }
  }

  /// Runs `taskman` with `arguments` and waits for it.
  static func run(
    _ arguments: [[UInt8]],
    input: String = "",
    environment extra: [String: String] = [:]
  ) throws -> Result {
    try start(arguments, input: input, environment: extra).wait()
  }

  /// Starts `taskman` with `arguments` without waiting for it, so that several can run at once.
  /// Standard input is `input`, or the file at `inputFile` (`/dev/zero`, say) when given;
  /// standard output to `outputFile` when given (`/dev/full`, say), and standard error to
  /// `errorsFile` (a FIFO the test reads as it goes).
  static func start(
    _ arguments: [[UInt8]],
    input: String = "",
    inputFile: String? = nil,
    outputFile: String? = nil,
    errorsFile: String? = nil,
    environment extra: [String: String] = [:]
  ) throws -> Running {
    let executable = try executable()
    let directory = try makeTemporaryDirectory()
    var inputPath = directory + "/stdin"
    let outputPath = outputFile ?? directory + "/stdout"
    let errorsPath = errorsFile ?? directory + "/stderr"
    if let inputFile {
      inputPath = inputFile
    } else {
      try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath))
    }

    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errorsPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    // A clean, known environment: a private data directory, no colour or timeout settings
    // leaking in.
    var environment = ProcessInfo.processInfo.environment
    for name in ["NO_COLOR", "TASKMAN_DATA_DIR", "XDG_DATA_HOME", "TERM", "TASKMAN_LOCK_TIMEOUT"] {
      environment[name] = nil
    }
    // Nor the settings of whoever runs the tests: a config directory of the run's own.
    for name in environment.keys where name.hasPrefix("TASKMAN_") { environment[name] = nil }
    environment["XDG_CONFIG_HOME"] = directory + "/config"
    environment["TASKMAN_DATA_DIR"] = directory + "/data"
    // A `taskman` built with the thread sanitizer would otherwise sleep a second at exit
    // whenever other threads are alive (its `atexit_sleep_ms`); races are still reported.
    environment["TSAN_OPTIONS"] = [environment["TSAN_OPTIONS"], "atexit_sleep_ms=0"].compactMap { $0 }.joined(separator: " ")
    environment.merge(extra) { $1 }

    let argv: [UnsafeMutablePointer<CChar>?] =
      ([Array(executable.utf8)] + arguments).map { bytes in
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
        pointer[bytes.count] = 0
        return pointer
      } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { $0?.deallocate() }
      envp.forEach { free($0) }
    }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    guard spawned == 0 else {
      try? FileManager.default.removeItem(atPath: directory)
      throw TaskmanProcessFailure("could not start \(executable): \(String(cString: strerror(spawned)))")
    }
    // Below the test process's own priority: a burst of these (fifty concurrent adds) must not
    // starve the in-process tests running beside them, which give an effect a second of no
    // progress before they fail.
    #if canImport(Glibc)
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid), 10)
    #else
      _ = setpriority(PRIO_PROCESS, id_t(pid), 10)
    #endif
    return Running(pid: pid, directory: directory)
  }

  /// Runs `taskman` with UTF-8 `arguments`.
  static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> Result {
    try run(arguments.map { Array($0.utf8) }, input: input, environment: environment)
  }

  static func makeTemporaryDirectory() throws -> String {
    var template = Array((FileManager.default.temporaryDirectory.path + "/taskmanTests.XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      throw TaskmanProcessFailure("mkdtemp failed: \(String(cString: strerror(errno)))")
    }
    return String(cString: made)
  }

  /// Finds `taskman`, which SwiftPM builds next to the test binary because the test target
  /// depends on it; `TASKMAN_BINARY` overrides.
  static func executable() throws -> String {
    if let path = ProcessInfo.processInfo.environment["TASKMAN_BINARY"] { return path }
    var places: [URL] = []
    #if os(Linux)
      if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        places.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
      }
    #endif
    if let first = CommandLine.arguments.first {
      let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
      places.append(URL(fileURLWithPath: first, relativeTo: cwd).deletingLastPathComponent())
    }
    // On Apple platforms the tests run inside `<package>PackageTests.xctest/Contents/MacOS/`.
    for bundle in [Bundle.main] + Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      places.append(bundle.bundleURL.deletingLastPathComponent())
    }
    var searched: [String] = []
    for place in places {
      var directory = place.standardizedFileURL
      for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("taskman").path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
          FileManager.default.isExecutableFile(atPath: candidate)
        {
          return candidate
        }
        searched.append(directory.path)
        directory.deleteLastPathComponent()
      }
    }
    throw TaskmanProcessFailure(
      """
      taskman was not found next to the test binary. Searched: \(searched.joined(separator: ", ")). \
      `swift test` builds it because taskmanTests depends on it; otherwise build it with \
      `swift build --product taskman` or set TASKMAN_BINARY to its path.
      """
    )
  }
}

struct TaskmanProcessFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
