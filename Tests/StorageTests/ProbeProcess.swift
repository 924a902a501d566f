#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// A running `storage-lock-probe` (see Tests/Support/StorageLockProbe/main.swift) with pipes to
/// its standard input and output; its standard error is the test's.
final class ProbeProcess {
  private let pid: pid_t
  private var input: Int32
  private let output: Int32
  private var exitStatus: Int32?

  /// Starts the probe with `arguments`.
  init(_ arguments: [String]) throws {
    let executable = try Self.executable()
    let (inputRead, inputWrite) = try makePipe()
    let (outputRead, outputWrite) = try makePipe()
    defer {
      close(inputRead)
      close(outputWrite)
    }

    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // dup2 clears close-on-exec on the copies, so the child keeps exactly these two.
    posix_spawn_file_actions_adddup2(&actions, inputRead, STDIN_FILENO)
    posix_spawn_file_actions_adddup2(&actions, outputWrite, STDOUT_FILENO)

    let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
    let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      environment.forEach { free($0) }
    }
    var pid = pid_t()
    let result = posix_spawn(&pid, executable.path, &actions, nil, argv, environment)
    guard result == 0 else {
      close(inputWrite)
      close(outputRead)
      throw TestFailure("could not start \(executable.path): \(String(cString: strerror(result)))")
    }
    self.pid = pid
    self.input = inputWrite
    self.output = outputRead
  }

  /// Reads one line of the probe's standard output; nil at end of output.
  func readLine() -> String? {
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while true {
      let count = read(output, &byte, 1)
      if count == 1 {
        if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
        line.append(byte)
      } else if count == 0 || errno != EINTR {
        return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
      }
    }
  }

  /// Closes the probe's standard input, which tells a `hold` probe to release its lock.
  func closeInput() {
    if input >= 0 {
      close(input)
      input = -1
    }
  }

  /// Waits for the probe to exit and returns its exit status (128 + signal if killed).
  @discardableResult
  func waitForExit() -> Int32 {
    if let exitStatus { return exitStatus }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7f
    let exit = signal == 0 ? (status >> 8) & 0xff : 128 + signal
    exitStatus = exit
    return exit
  }

  deinit {
    // A failed expectation must not leave a probe behind holding a lock.
    if exitStatus == nil {
      kill(pid, SIGKILL)
      waitForExit()
    }
    closeInput()
    close(output)
  }

  /// Finds `storage-lock-probe`, which SwiftPM builds into the same directory as the test
  /// binary (`.build/<configuration>/`), because the test target depends on it.
  static func executable() throws -> URL {
    let name = "storage-lock-probe"
    if let path = ProcessInfo.processInfo.environment["STORAGE_LOCK_PROBE"] {
      return URL(fileURLWithPath: path)
    }
    var places: [URL] = []
    #if os(Linux)
      // The test binary itself, however it was started.
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
    places.append(Bundle.main.bundleURL)

    var searched: [String] = []
    for place in places {
      var directory = place.standardizedFileURL
      for _ in 0..<4 {
        let candidate = directory.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        searched.append(directory.path)
        directory.deleteLastPathComponent()
      }
    }
    throw TestFailure(
      """
      \(name) was not found next to the test binary. Searched: \(searched.joined(separator: ", ")). \
      `swift test` builds it because StorageTests depends on it; otherwise build it with \
      `swift build --product \(name)` or set STORAGE_LOCK_PROBE to its path.
      """
    )
  }
}

/// A one-way channel whose ends are closed on exec, so that no other child process (started by
/// this or a concurrent test) inherits them and keeps a probe's input open.
private func makePipe() throws -> (read: Int32, write: Int32) {
  var fds: [Int32] = [0, 0]
  #if os(Linux)
    // Glibc's `pipe2` is not visible to Swift; a socket pair is created close-on-exec atomically.
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    guard socketpair(AF_UNIX, type, 0, &fds) == 0 else {
      throw TestFailure("socketpair failed: \(String(cString: strerror(errno)))")
    }
  #else
    guard pipe(&fds) == 0 else { throw TestFailure("pipe failed: \(String(cString: strerror(errno)))") }
    _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
  #endif
  return (fds[0], fds[1])
}
