import Foundation

@testable import TaskmanCLI

/// A session whose streams are memory, for running command lines in-process.
@MainActor
func makeSession(
  input: String = "",
  inputIsTerminal: Bool = false,
  outputIsTerminal: Bool = false,
  environment: [String: String] = [:]
) -> Session {
  Session(
    output: TextOutput(),
    errors: TextOutput(),
    input: LineReader(input),
    inputIsTerminal: inputIsTerminal,
    outputIsTerminal: outputIsTerminal,
    environment: environment,
    currentDirectory: "/work/here",
    home: "/home/fallback"
  )
}

/// What running a command line in-process produced.
struct Outcome {
  var status: ExitCode
  var output: String
  var errors: String
}

/// Runs `arguments` as `taskman` would, with memory streams.
@MainActor
func runTaskman(_ arguments: [String], input: String = "", inputIsTerminal: Bool = false) async -> Outcome {
  let session = makeSession(input: input, inputIsTerminal: inputIsTerminal)
  let status = await Taskman.run(rawArguments: arguments.map { Array($0.utf8) }, session: session)
  return Outcome(status: status, output: session.output.text, errors: session.errors.text)
}

/// Parses a command line, failing the test with the error's text when it does not parse.
func parse(_ arguments: [String]) throws -> Invocation {
  do {
    return try Invocation.parse(arguments)
  } catch {
    throw ParseFailure(text: error.rendered)
  }
}

/// The error a command line that should not parse gives, or nil when it parsed.
func parseError(_ arguments: [String]) -> TaskmanError? {
  do {
    _ = try Invocation.parse(arguments)
    return nil
  } catch {
    return error
  }
}

struct ParseFailure: Error, CustomStringConvertible {
  var text: String
  var description: String { text }
}
