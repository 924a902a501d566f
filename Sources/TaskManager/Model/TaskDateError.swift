import Foundation

/// Why a tag value shaped like a date is not a valid one; the description is the user-facing text.
public enum TaskDateError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// A `YYYY-MM-DD` that names no day, e.g. `2024-02-30`. Carries the text as written.
  case invalidDate(String)
  /// An `H:MM`/`HH:MM` that names no minute of a day, e.g. `24:00` or `12:70`. Carries the text as written.
  case invalidTime(String)
  /// A range whose end is not after its start. Carries both ends in canonical form.
  case endNotAfterStart(start: String, end: String)
  /// Text that is no date ``TaskDate/resolve(_:today:)`` reads, e.g. `next fortnight`. Carries
  /// the text as written.
  case notADate(String)

  /// E.g. `Invalid date 2024-02-30`, `Invalid time 24:00`,
  /// `End date 2024-10-31 10:31 must be after start date 2024-10-31 10:31`.
  public var description: String {
    switch self {
    case .invalidDate(let text): "Invalid date \(text)"
    case .invalidTime(let text): "Invalid time \(text)"
    case .endNotAfterStart(let start, let end): "End date \(end) must be after start date \(start)"
    case .notADate(let text):
      "“\(text)” is not a date taskman reads: write 2026-12-01 or 2026-12-01 09:00, or today, tomorrow, friday, next friday, +3d, +2w, +1m, in 3 days, next month, eom, dec 1, 5pm"
    }
  }

  /// The same as ``description``, so `localizedDescription` shows the user-facing sentence.
  public var errorDescription: String? { description }
}
