import Storage

/// The loop of `taskman shell`: reads lines, splits them into words, and runs each as a
/// command line in the same session (one store, once wired).
///
/// - The `taskman> ` prompt is written (on standard error) only when standard input is a
///   terminal; piped lines run the same way, without prompts. At the process's terminal,
///   lines are read with a ``LineEditor`` (history in `shell_history` in the data directory).
/// - `exit`, `quit` or the end of input ends the session; `exit 3` ends it with that status,
///   and `exit` with anything else but a status (0–255) says so and ends it with 2, as `sh`
///   does. Blank lines and lines starting with
///   `#` are skipped; a line starting with the word `taskman` runs without it.
/// - A bad line (unterminated quote, invalid UTF-8, control characters) is reported as a usage
///   error, naming the line, and the session goes on; so are a piped line's errors. A line over the limit ends the session with status 2: the
///   input is no list of commands (`cat /dev/zero`), and its end may never come.
/// - Confirmations read their answer from the next line, piped or typed. A piped answer is read
///   once: one that names no choice is taken as Cancel (saying so), and the lines after it are
///   commands again. Line numbers count every line read, answers included.
/// - At a terminal the session ends with the status of its last command line (0 if none), like
///   `sh`; piped, it ends with 0 only when every line succeeded, else with the status of the
///   last line that failed, so that a script can trust it. `exit` alone ends it the same way.
@MainActor
struct ShellSession {
  let context: CommandContext

  static let prompt = "taskman> "

  func run() async -> ExitCode {
    let session = context.session
    session.shellGlobals = context.globals
    defer { session.shellGlobals = nil }
    var status = ExitCode.success
    // Piped, the session fails when any line failed, so that a script can trust it.
    var lastFailure: ExitCode?
    var ending: ExitCode { session.inputIsTerminal ? status : lastFailure ?? .success }
    // At the process's terminal, lines are edited (arrows, history, Tab); confirmations still
    // read their answers through `session.input`, in the terminal's usual mode.
    let editor = session.inputIsTerminal ? session.lineEditorConsole().map(makeEditor) : nil
    while true {
      session.output.flush()
      let line: LineReader.Line?
      if let editor {
        session.errors.flush()
        line = await editor.readLine().map { .text(Array($0.utf8)) }
      } else {
        if session.inputIsTerminal {
          session.errors.write(Self.prompt)
          session.errors.flush()
        }
        line = session.input.readLine()
      }
      guard let line else {
        if session.inputIsTerminal { session.errors.write("\n") }
        break
      }
      // Every line read counts, answers to a confirmation included.
      let lineNumber = session.input.linesRead + (editor?.linesRead ?? 0)
      let words: [String]
      do {
        words = try Self.words(of: line, number: lineNumber)
      } catch {
        session.report(error)
        status = error.exitCode
        lastFailure = status
        if case .tooLong = line { break }
        continue
      }
      if words.isEmpty { continue }
      if words[0] == "exit" || words[0] == "quit" {
        if words.count == 1 { break }
        if words.count == 2, let code = Int32(words[1]), (0...255).contains(code) { return ExitCode(rawValue: code) }
        let error = TaskmanError.usage(
          "'\(words[0])' takes at most the status to end with (0 to 255), not '\(words.dropFirst().joined(separator: " "))'; the shell stopped",
          hint: "Type '\(words[0])' alone to end the session with the status of the commands before it."
        )
        session.report(error)
        return error.exitCode
      }
      // A script's errors name their line; a person at the prompt knows it.
      if !session.inputIsTerminal { session.shellLine = lineNumber }
      status = await Taskman.execute(words, session: session)
      if status != .success { lastFailure = status }
      session.shellLine = nil
    }
    return ending
  }

  /// The line editor on `console`, with the history in the data directory; a history file
  /// that is left alone is said once.
  private func makeEditor(_ console: LineEditor.Console) -> LineEditor {
    let history = ShellHistory(path: POSIX.joined(context.dataDirectory, Self.historyFileName))
    if let problem = history.problem {
      context.session.errors.write("taskman: \(TextStyle.printable(problem))\n")
    }
    let completion = ShellCompletion.engine(.readingTaskFile(in: context.session))
    return LineEditor(console: console, prompt: Self.prompt, history: history, completion: completion)
  }

  /// The history's file in the data directory.
  nonisolated static let historyFileName = "shell_history"

  /// The words of a line, checked like command-line arguments; empty for a blank or `#` line.
  static func words(of line: LineReader.Line, number: Int) throws(TaskmanError) -> [String] {
    let bytes: [UInt8]
    switch line {
    case .text(let text): bytes = text
    case .tooLong:
      throw .usage(
        "line \(number) is longer than \(InputText.maximumLineBytes) bytes, the most a shell line may be; the shell stopped there",
        hint: "Put long text in a TaskPaper file and use 'import <file>'."
      )
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .usage(
        "line \(number) is not valid UTF-8: \(InputText.quoted(bytes))",
        hint: "taskman reads text as UTF-8; convert it (for example with iconv) and try again."
      )
    }
    if text.trimmingWhitespace.hasPrefix("#") { return [] }
    let words: [String]
    do {
      words = try ShellWords.split(text)
    } catch {
      var error = error
      error.message = "line \(number): " + error.message
      throw error
    }
    for (index, word) in words.enumerated() {
      try InputText.check(word, position: "word \(index + 1) of line \(number)")
    }
    return words
  }
}
