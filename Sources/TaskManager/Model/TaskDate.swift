import Foundation

/// A date written in a tag value (`@due(…)`, `@done(…)`, `@start(…)`): a day, a minute, or a range.
///
/// | value | meaning |
/// |---|---|
/// | `2024-10-31` | that day, 00:00 |
/// | `2024-10-31 10:31` | that minute |
/// | `2024-10-31 10:31-13:00` (also ` - `, `thru`, `through`, spaced or not) | a range on one day |
/// | `2024-10-31 10:31 thru 2024-11-02 13:00` (also `-`, `through`, spaced or not) | a range across days |
///
/// Either end of a cross-day range may also be a bare day. Hours may have one digit (`9:05`);
/// `thru`/`through` ignore case; whitespace around the value is ignored.
///
/// Parsing has three outcomes: a value of another shape is not a date (`nil`); a value of the
/// right shape names a real day and minute (a `TaskDate`); or it does not, which throws a
/// ``TaskDateError`` naming the bad part.
///
/// ```swift
/// let date = try TaskDate.parse("2024-10-31 10:31 through 13:00")!
/// date.description  // "2024-10-31 10:31-13:00"
/// date.startDate(in: TimeZone(identifier: "Europe/Berlin")!)  // 2024-10-31 09:31 UTC
/// try TaskDate.parse("soon")  // nil
/// try TaskDate.parse("2024-02-30")  // throws: Invalid date 2024-02-30
/// ```
///
/// Dates are wall-clock values without a time zone, as the user wrote them; a time zone is only
/// needed to convert to and from `Date`, and is always passed in.
public struct TaskDate: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The day or minute, or the start of the range.
  public let start: Point
  /// The end of the range, always after ``start``; `nil` for a single day or minute.
  public let end: Point?

  /// A single day or minute.
  public init(_ point: Point) {
    start = point
    end = nil
  }

  /// A range, or a single point when `end` is `nil`.
  ///
  /// - Throws: ``TaskDateError/endNotAfterStart(start:end:)`` unless `end` is later than `start`.
  public init(start: Point, end: Point?) throws(TaskDateError) {
    if let end, end.minutesSince1970 <= start.minutesSince1970 {
      throw .endNotAfterStart(start: start.description, end: end.description)
    }
    self.start = start
    self.end = end
  }

  /// The canonical text: `2024-10-31`, `2024-10-31 10:31`, `2024-10-31 10:31-13:00` for a range
  /// within a day, `2024-10-31 10:31 thru 2024-11-02 13:00` otherwise.
  public var description: String {
    guard let end else { return start.description }
    if let endTime = end.time, start.time != nil, end.day == start.day {
      return "\(start)-\(endTime)"
    }
    return "\(start) thru \(end)"
  }

  /// The instant of ``start`` in `timeZone`.
  public func startDate(in timeZone: TimeZone) -> Date { start.date(in: timeZone) }

  /// The instant of ``end`` in `timeZone`, for a range.
  public func endDate(in timeZone: TimeZone) -> Date? { end?.date(in: timeZone) }

  /// Decodes the canonical text (or any accepted form), rejecting values that are not dates.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    let parsed: TaskDate?
    do {
      parsed = try TaskDate.parse(text)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
    guard let parsed else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a date: \(text)")
    }
    self = parsed
  }

  /// Encodes as the canonical text.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

/// Appends `value` as exactly `count` decimal digits, zero-padded.
func appendDigits(of value: Int, count: Int, to bytes: inout [UInt8]) {
  var divisor = 1
  for _ in 1..<count { divisor *= 10 }
  var remaining = value
  while divisor > 0 {
    bytes.append(UInt8(0x30 + remaining / divisor % 10))
    remaining %= divisor
    divisor /= 10
  }
}
