/// The status `taskman` exits with; the values are the contract in the spec and never change.
///
/// | code | meaning |
/// |---|---|
/// | 0 | success |
/// | 1 | nothing matched: an unknown id, an ambiguous prefix |
/// | 2 | usage error: unknown command or option, missing or extra arguments, bad input text |
/// | 3 | the data file cannot be read (the message names the file and the line) or saved; or the output cannot be written |
/// | 4 | the data file stayed locked by another `taskman` for too long |
/// | 5 | a confirmation was needed but could not be asked (no terminal, no `--yes`) |
struct ExitCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The process exit status.
  var rawValue: Int32

  /// Wraps a process exit status.
  init(rawValue: Int32) { self.rawValue = rawValue }

  /// 0: the command did what was asked.
  static let success = ExitCode(rawValue: 0)
  /// 1: nothing matched, e.g. an unknown id or an ambiguous id prefix.
  static let nothingMatched = ExitCode(rawValue: 1)
  /// 2: the command line (or a shell line) was wrong; nothing was changed.
  static let usage = ExitCode(rawValue: 2)
  /// 3: the data file cannot be read, or a change could not be saved; the file is left as it was.
  static let dataFileUnreadable = ExitCode(rawValue: 3)
  /// 4: another `taskman` held the data file's lock for too long.
  static let lockTimeout = ExitCode(rawValue: 4)
  /// 5: the command needed a confirmation that could not be asked for.
  static let confirmationImpossible = ExitCode(rawValue: 5)

  var description: String { "\(rawValue)" }
}

extension ExitCode {
  /// Every status with what it means, in order: what `taskman help` and the man page list.
  static let meanings: [(status: ExitCode, meaning: String)] = [
    (.success, "success"),
    (.nothingMatched, "nothing matched (an unknown id, a prefix of several ids, a query or --where that finds no item, no saved searches, nothing to undo or redo); doctor found something to look at"),
    (.usage, "usage error (unknown command or option, bad arguments); nothing changed"),
    (.dataFileUnreadable, "the data file cannot be read or saved (it is left as it was), or the output cannot be written"),
    (.lockTimeout, "the data file stayed locked by another taskman for too long"),
    (.confirmationImpossible, "a confirmation was needed but standard input is not a terminal (use --yes)"),
  ]
}
