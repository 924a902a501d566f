import Foundation

/// A failure worded for the person at the terminal: what went wrong, how to fix it, and the exit
/// status it ends with.
///
/// Printed on standard error as
///
/// ```
/// taskman: unknown command 'lsit'. Did you mean 'list'?
/// Run 'taskman help' to see every command.
/// ```
///
/// with, for usage errors, the command's usage line between the two.
struct TaskmanError: Error, Hashable, Sendable {
  /// The status the process (or, in `taskman shell`, the line) ends with.
  var exitCode: ExitCode
  /// What went wrong, one sentence without the `taskman: ` prefix.
  var message: String
  /// The usage line of the command that was misused, without `Usage: `.
  var usage: String?
  /// How to fix it: a full sentence or a command to run.
  var hint: String?

  init(_ exitCode: ExitCode, _ message: String, usage: String? = nil, hint: String? = nil) {
    self.exitCode = exitCode
    self.message = message
    self.usage = usage
    self.hint = hint
  }

  /// The text written to standard error, ending with a line break.
  var rendered: String {
    var text = "taskman: \(message)\n"
    if let usage { text += "Usage: \(usage)\n" }
    if let hint { text += "\(hint)\n" }
    return text
  }
}

extension TaskmanError {
  /// Exit 2: the command line was wrong.
  static func usage(_ message: String, usage: String? = nil, hint: String? = nil) -> TaskmanError {
    TaskmanError(.usage, message, usage: usage, hint: hint)
  }

  /// Exit 1: nothing matched what was asked for.
  static func nothingMatched(_ message: String, hint: String? = nil) -> TaskmanError {
    TaskmanError(.nothingMatched, message, hint: hint)
  }

  /// Exit 3: the task file at `path` cannot be read, at `line` when the problem is in its text;
  /// `backup` is where the version before taskman's last change is kept, if known.
  static func dataFileUnreadable(path: String, line: Int? = nil, reason: String, backup: String?) -> TaskmanError {
    let place = line.map { "\(path), line \($0)" } ?? path
    var hint = "The file was left untouched. Fix it"
    hint += line == nil ? " (or its permissions)" : " by hand (in any text editor)"
    if let backup { hint += ", or restore the version before taskman's last change from \(backup)" }
    hint += "; or choose another file with --file."
    return TaskmanError(.dataFileUnreadable, "cannot read the task file \(place): \(reason)", hint: hint)
  }

  /// What a POSIX error means, for a message: `Permission denied (errno 13)`.
  static func reason(errno code: Int32) -> String {
    "\(String(cString: strerror(code))) (errno \(code))"
  }

  /// Exit 4: the lock on the data file at `path` was held by another process for longer than
  /// `timeout`, the time this one waits.
  static func lockTimeout(path: String, timeout: Duration) -> TaskmanError {
    let (seconds, attoseconds) = timeout.components
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    let time = milliseconds % 1000 == 0 ? "\(milliseconds / 1000)" : "\(Double(milliseconds) / 1000)"
    return TaskmanError(
      .lockTimeout,
      "the task file \(path) is locked by another taskman",
      hint: "Another taskman has been changing the tasks for longer than this one waits, \(time) s (TASKMAN_LOCK_TIMEOUT, 10 by default); try again when it has finished."
    )
  }

  /// Exit 5: `command` needed a confirmation, but standard input is not a terminal.
  static func confirmationImpossible(command: String) -> TaskmanError {
    TaskmanError(
      .confirmationImpossible,
      "'\(command)' needs a confirmation, but standard input is not a terminal; nothing was changed",
      hint: "Run it again with --yes to go ahead without asking."
    )
  }
}
