/// How much a ``TestStore`` insists on being told.
public enum Exhaustivity: Sendable, Equatable {
  /// Every state change, received action and running effect must be asserted.
  case on
  /// Only what the assertion closures mutate is checked; unasserted received actions are
  /// skipped and effects still running at the end are cancelled without failing.
  case off
}
