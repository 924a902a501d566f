import Foundation

extension TaskDate {
  /// A calendar day in the proleptic Gregorian calendar, years 1 to 9999.
  public struct Day: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The year, 1 to 9999.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to 28…31.
    public let day: Int

    /// Creates the day, or `nil` if there is no such day (`2024-02-30`, month 13, year 0).
    public init?(year: Int, month: Int, day: Int) {
      guard (1...9999).contains(year), (1...12).contains(month),
        day >= 1, day <= Day.numberOfDays(inMonth: month, year: year)
      else { return nil }
      self.year = year
      self.month = month
      self.day = day
    }

    /// `YYYY-MM-DD`.
    public var description: String {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(10)
      appendDigits(of: year, count: 4, to: &bytes)
      bytes.append(ASCII.hyphen)
      appendDigits(of: month, count: 2, to: &bytes)
      bytes.append(ASCII.hyphen)
      appendDigits(of: day, count: 2, to: &bytes)
      return String(decoding: bytes, as: UTF8.self)
    }

    /// Chronological order.
    public static func < (lhs: Day, rhs: Day) -> Bool {
      (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Days since 1970-01-01 (negative before), for arithmetic and `Date` conversion.
    public var daysSince1970: Int {
      // Howard Hinnant's days-from-civil: exact for the whole proleptic Gregorian calendar.
      let shiftedYear = month <= 2 ? year - 1 : year
      let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
      let yearOfEra = shiftedYear - era * 400
      let shiftedMonth = (month + 9) % 12
      let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
      let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
      return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `daysSince1970` days after 1970-01-01, clamped to years 1…9999.
    public init(daysSince1970: Int) {
      let lowest = Day(year: 1, month: 1, day: 1)!
      let highest = Day(year: 9999, month: 12, day: 31)!
      let days = min(max(daysSince1970, lowest.daysSince1970), highest.daysSince1970)
      let shifted = days + 719_468
      let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
      let dayOfEra = shifted - era * 146_097
      let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
      let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
      let shiftedMonth = (5 * dayOfYear + 2) / 153
      let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
      let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
      let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
      self.year = year
      self.month = month
      self.day = day
    }

    /// The number of days in `month` of `year` (Gregorian leap years).
    public static func numberOfDays(inMonth month: Int, year: Int) -> Int {
      switch month {
      case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
      case 4, 6, 9, 11: 30
      default: 31
      }
    }

    /// Decodes `YYYY-MM-DD`, rejecting impossible days.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = try? TaskDate.parse(text), date.end == nil, date.start.time == nil else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a day: \(text)")
      }
      self = date.start.day
    }

    /// Encodes as `YYYY-MM-DD`.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(description)
    }
  }
}
