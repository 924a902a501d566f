import Foundation
import Testing

@testable import TaskmanCLI

/// A temporary data directory shared by several runs of the built `taskman`, removed when the
/// test lets go of it.
final class TaskmanDataDirectory {
  let path: String

  init() throws {
    path = try TaskmanProcess.makeTemporaryDirectory()
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The task file.
  var dataFile: String { path + "/tasks.taskpaper" }

  /// Where taskman keeps the ids, the journal, the lock and the backup of the task file.
  var stateDirectory: String { stateDirectory(of: nil) }

  /// Where taskman keeps the bookkeeping of the file at `file` (nil: the default file).
  func stateDirectory(of file: String?) -> String {
    TaskFileLocation(option: file, environment: [:], dataDirectory: DataDirectory.standardized(path, from: "/"), currentDirectory: "/")
      .stateDirectory
  }

  /// The task file's text, or nil when there is none.
  var dataFileText: String? { dataFileBytes.map { String(decoding: $0, as: UTF8.self) } }

  /// The task file's bytes, or nil when there is none.
  var dataFileBytes: Data? { FileManager.default.contents(atPath: dataFile) }

  /// Runs `taskman` on this directory and waits for it.
  func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> TaskmanProcess.Result {
    try start(arguments, input: input, environment: environment).wait()
  }

  /// Starts `taskman` on this directory without waiting for it.
  func start(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> TaskmanProcess.Running {
    var environment = environment
    environment["TASKMAN_DATA_DIR"] = path
    return try TaskmanProcess.start(arguments.map { Array($0.utf8) }, input: input, environment: environment)
  }

  /// Runs `taskman` in this process on this directory, as if its standard input and output
  /// were a terminal (what `edit <id>` needs to open an editor); they are memory, the input
  /// being `input`, and `NO_COLOR` keeps the output plain.
  @MainActor
  func runAtTerminal(_ arguments: [String], input: String = "", environment: [String: String] = [:]) async -> TaskmanProcess.Result {
    var environment = environment
    environment["TASKMAN_DATA_DIR"] = path
    environment["NO_COLOR"] = "1"
    let session = Session(
      output: TextOutput(), errors: TextOutput(), input: LineReader(input), inputIsTerminal: true, outputIsTerminal: true,
      environment: environment, currentDirectory: path, home: path
    )
    let status = await Taskman.run(rawArguments: arguments.map { Array($0.utf8) }, session: session)
    return TaskmanProcess.Result(status: status.rawValue, output: session.output.text, errors: session.errors.text)
  }

  /// Adds a task and returns the short id `add` printed.
  func add(_ words: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let result = try run(["add"] + words)
    try #require(result.status == 0, "taskman add failed: \(result.errors)", sourceLocation: sourceLocation)
    return result.output.trimmingCharacters(in: .newlines)
  }

  /// Runs a command that must succeed and print JSON, and returns the parsed document.
  func json(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let result = try run(arguments)
    try #require(result.status == 0, "taskman \(arguments) failed: \(result.errors)", sourceLocation: sourceLocation)
    let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    return try #require(object as? [String: Any], "not a JSON object: \(result.output)", sourceLocation: sourceLocation)
  }

  /// The items `list --json` prints with `arguments`.
  func listed(_ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
    let document = try json(["list", "--json"] + arguments, sourceLocation: sourceLocation)
    return try #require(document["items"] as? [[String: Any]], sourceLocation: sourceLocation)
  }

  /// The titles `list --json` prints with `arguments`.
  func listedTitles(_ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
    try listed(arguments, sourceLocation: sourceLocation).map { $0["title"] as? String ?? "?" }
  }

  /// What `export` prints.
  func export(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let result = try run(["export"])
    try #require(result.status == 0, "taskman export failed: \(result.errors)", sourceLocation: sourceLocation)
    return result.output
  }

  /// Writes `text` to a file in the directory (not the task file) and returns its path.
  func write(_ text: String, to name: String) throws -> String {
    let file = path + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    return file
  }
}

/// The lines of `list`-style output without their id column. Ids are padded to the longest,
/// which is longer than four digits when two random ids share their first four.
func linesWithoutIDs(_ output: String) -> [String] {
  let lines = output.split(separator: "\n")
  let width = lines.map { $0.prefix { $0 != " " }.count }.max() ?? 0
  return lines.map { String($0.dropFirst(width + 2)) }
}
