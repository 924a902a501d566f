import Foundation

extension TaskDate {
  /// A day, optionally at a minute: one end of a ``TaskDate``. A bare day means its 00:00.
  public struct Point: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The calendar day.
    public var day: Day
    /// The minute, or `nil` when only the day was written.
    public var time: Time?

    /// Creates a point from a day and an optional minute.
    public init(day: Day, time: Time? = nil) {
      self.day = day
      self.time = time
    }

    /// The wall-clock point of `date` in `timeZone`, to the minute (seconds are dropped), or only
    /// its day when `includingTime` is false. Years outside 1…9999 are clamped.
    ///
    /// ```swift
    /// TaskDate.Point(now, in: timeZone, includingTime: false).description  // "2024-10-31"
    /// ```
    public init(_ date: Date, in timeZone: TimeZone, includingTime: Bool = true) {
      // Clamped so absurd dates cannot trap the integer conversion; Day clamps to 1…9999 anyway.
      let utcSeconds = Int(min(max(date.timeIntervalSince1970, -1e14), 1e14).rounded(.down))
      let localSeconds = utcSeconds + timeZone.secondsFromGMT(for: date)
      let days = localSeconds >= 0 ? localSeconds / 86_400 : (localSeconds - 86_399) / 86_400
      let secondsOfDay = localSeconds - days * 86_400
      day = Day(daysSince1970: days)
      time = includingTime ? Time(hour: secondsOfDay / 3600, minute: secondsOfDay % 3600 / 60) : nil
    }

    /// The instant this wall-clock point names in `timeZone` (a bare day is its 00:00).
    ///
    /// In a daylight-saving gap the time is read with the offset from before the change (02:30 on
    /// a spring-forward day becomes 03:30); in a repeated hour the later offset is used.
    public func date(in timeZone: TimeZone) -> Date {
      let local = day.daysSince1970 * 86_400 + (time?.minutesSinceMidnight ?? 0) * 60
      // The offset depends on the instant we are computing: guess with the offset at the local
      // reading, then correct once with the offset at the guess.
      let firstGuess = local - timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local)))
      let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(firstGuess)))
      return Date(timeIntervalSince1970: Double(local - offset))
    }

    /// Minutes since 1970-01-01 00:00 of the same wall clock, for chronological comparison.
    var minutesSince1970: Int { day.daysSince1970 * 1440 + (time?.minutesSinceMidnight ?? 0) }

    /// `YYYY-MM-DD` or `YYYY-MM-DD HH:MM`.
    public var description: String {
      guard let time else { return day.description }
      return "\(day) \(time)"
    }

    /// Chronological order; a bare day sorts just before the same day at 00:00, which it equals
    /// in time, so that the order agrees with `==`.
    public static func < (lhs: Point, rhs: Point) -> Bool {
      let (left, right) = (lhs.minutesSince1970, rhs.minutesSince1970)
      if left != right { return left < right }
      return lhs.time == nil && rhs.time != nil
    }

    /// Decodes `YYYY-MM-DD` or `YYYY-MM-DD HH:MM`.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = try? TaskDate.parse(text), date.end == nil else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a date: \(text)")
      }
      self = date.start
    }

    /// Encodes as its ``description``.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(description)
    }
  }
}
