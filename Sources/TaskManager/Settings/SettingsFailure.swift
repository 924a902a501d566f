import Dependencies

/// Why settings could not be read or changed.
public enum SettingsFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file has lines taskman cannot read, so it is not written over; the first is named.
  case fileHasProblems([SettingsFileProblem])
  /// `value` is not a value of the key `key`, for `reason`.
  case invalidValue(key: String, value: String, reason: String)
  /// The config file could not be read or saved.
  case storage(StorageError)

  /// What went wrong and how to fix it.
  public var description: String {
    switch self {
    case let .fileHasProblems(problems):
      let first = problems.first.map { "\($0)" } ?? ""
      let more = problems.count > 1 ? " (and \(problems.count - 1) more line\(problems.count == 2 ? "" : "s"))" : ""
      return "the config file has a line taskman cannot read, so it was not changed: \(first)\(more)"
    case let .invalidValue(key, value, reason):
      return "invalid value '\(value)' for \(key): \(reason)"
    case let .storage(error):
      return error.description
    }
  }
}
