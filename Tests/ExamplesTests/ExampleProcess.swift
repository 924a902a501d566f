import Foundation

/// A run of one of the example executables, with its standard input piped in from `input`.
struct ExampleProcess {
  /// What the executable printed on its standard output.
  var output: String
  /// What the executable printed on its standard error.
  var errorOutput: String
  /// Its exit status.
  var status: Int32

  /// Runs the example `name` until it exits, with `input` piped to its standard input and
  /// `environment` added to the test's.
  ///
  /// The pipe is made by `/bin/sh`, and the output goes to files: no pipe end of this process
  /// can leak into a child that another test starts at the same time and keep it from ending.
  init(_ name: String, input: String, environment: [String: String] = [:]) throws {
    let executable = try Self.executable(name)
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("ExampleProcess-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputFile = directory.appendingPathComponent("input")
    let outputFile = directory.appendingPathComponent("output")
    let errorFile = directory.appendingPathComponent("error")
    try Data(input.utf8).write(to: inputFile)
    try Data().write(to: outputFile)
    try Data().write(to: errorFile)
    let output = try FileHandle(forWritingTo: outputFile)
    let errorOutput = try FileHandle(forWritingTo: errorFile)
    defer {
      try? output.close()
      try? errorOutput.close()
    }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", #"cat "$1" | "$0""#, executable.path, inputFile.path]
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errorOutput
    try process.run()
    process.waitUntilExit()

    self.output = String(decoding: try Data(contentsOf: outputFile), as: UTF8.self)
    self.errorOutput = String(decoding: try Data(contentsOf: errorFile), as: UTF8.self)
    self.status = process.terminationStatus
  }

  /// Finds the executable `name`, which SwiftPM builds into the same directory as the test
  /// binary (`.build/<configuration>/`) because ExamplesTests depends on it.
  static func executable(_ name: String) throws -> URL {
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
    places.append(Bundle.main.bundleURL)

    var searched: [String] = []
    for place in places {
      var directory = place.standardizedFileURL
      for _ in 0..<4 {
        let candidate = directory.appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
          !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: candidate.path)
        {
          return candidate
        }
        searched.append(directory.path)
        directory.deleteLastPathComponent()
      }
    }
    throw ExampleNotFound(
      message: """
        \(name) was not found next to the test binary. Searched: \
        \(searched.joined(separator: ", ")). `swift test` builds it because ExamplesTests \
        depends on it; otherwise build it with `swift build --product \(name)`.
        """
    )
  }
}

struct ExampleNotFound: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
