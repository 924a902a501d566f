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

  /// A minute of a day, 00:00 to 23:59.
  public struct Time: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The hour, 0 to 23.
    public let hour: Int
    /// The minute, 0 to 59.
    public let minute: Int

    /// Creates the time, or `nil` outside 00:00…23:59 (`24:00` is not a time: use the next day).
    public init?(hour: Int, minute: Int) {
      guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
      self.hour = hour
      self.minute = minute
    }

    /// Minutes since midnight.
    public var minutesSinceMidnight: Int { hour * 60 + minute }

    /// `HH:MM`.
    public var description: String {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(5)
      appendDigits(of: hour, count: 2, to: &bytes)
      bytes.append(ASCII.colon)
      appendDigits(of: minute, count: 2, to: &bytes)
      return String(decoding: bytes, as: UTF8.self)
    }

    /// Chronological order.
    public static func < (lhs: Time, rhs: Time) -> Bool {
      lhs.minutesSinceMidnight < rhs.minutesSinceMidnight
    }

    /// Decodes `HH:MM`, rejecting impossible times.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = try? TaskDate.parse("2000-01-01 " + text), date.end == nil, let time = date.start.time
      else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a time: \(text)")
      }
      self = time
    }

    /// Encodes as `HH:MM`.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(description)
    }
  }

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

// MARK: - Parsing

extension TaskDate {
  /// Reads a tag value: `nil` when it is not shaped like a date, the date when it is a valid one.
  ///
  /// ```swift
  /// try TaskDate.parse("2024-10-31")  // 2024-10-31
  /// try TaskDate.parse("next week")  // nil
  /// try TaskDate.parse("2024-10-31 12:70")  // throws: Invalid time 12:70
  /// ```
  ///
  /// - Throws: ``TaskDateError`` when the value has a date's shape but names an impossible day or
  ///   time, or a range that does not end after it starts.
  public static func parse(_ value: String) throws(TaskDateError) -> TaskDate? {
    let outcome = value.withUTF8Bytes { bytes in
      var scanner = DateScanner(bytes: bytes)
      return scanner.scan()
    }
    switch outcome {
    case .notADate: return nil
    case .date(let date): return date
    case .invalid(let error): throw error
    }
  }
}

/// A hand-written scanner over the value's UTF-8 bytes: values are parsed for every task of a
/// large document, so no formatter, regex or intermediate strings.
private struct DateScanner {
  enum Outcome {
    case notADate
    case date(TaskDate)
    case invalid(TaskDateError)
  }

  struct RawDay {
    var year: Int
    var month: Int
    var day: Int
    var text: Range<Int>
  }

  struct RawTime {
    var hour: Int
    var minute: Int
    var text: Range<Int>
  }

  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  mutating func scan() -> Outcome {
    // First match the whole shape, then validate: a value like `2024-02-30 soon` is "not a
    // date" rather than an invalid one.
    skipBlanks()
    guard let startDay = readDay() else { return .notADate }
    let startTime = readTimeAfterBlanks()
    skipBlanks()
    var endDay: RawDay?
    var endTime: RawTime?
    if index < bytes.count {
      guard readSeparator() else { return .notADate }
      skipBlanks()
      if let day = readDay() {
        endDay = day
        endTime = readTimeAfterBlanks()
      } else if let time = readTime(), startTime != nil {
        endTime = time
      } else {
        return .notADate
      }
      skipBlanks()
      guard index == bytes.count else { return .notADate }
    }

    do {
      let start = TaskDate.Point(day: try validate(startDay), time: try startTime.map(validate))
      var end: TaskDate.Point?
      if let endDay {
        end = TaskDate.Point(day: try validate(endDay), time: try endTime.map(validate))
      } else if let endTime {
        end = TaskDate.Point(day: start.day, time: try validate(endTime))
      }
      return .date(try TaskDate(start: start, end: end))
    } catch {
      return .invalid(error)
    }
  }

  private func validate(_ raw: RawDay) throws(TaskDateError) -> TaskDate.Day {
    guard let day = TaskDate.Day(year: raw.year, month: raw.month, day: raw.day) else {
      throw .invalidDate(text(raw.text))
    }
    return day
  }

  private func validate(_ raw: RawTime) throws(TaskDateError) -> TaskDate.Time {
    guard let time = TaskDate.Time(hour: raw.hour, minute: raw.minute) else {
      throw .invalidTime(text(raw.text))
    }
    return time
  }

  private func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  private mutating func skipBlanks() {
    while index < bytes.count, ASCII.isBlank(bytes[index]) { index += 1 }
  }

  /// `YYYY-MM-DD`, exactly four, two and two digits.
  private mutating func readDay() -> RawDay? {
    let start = index
    guard start + 10 <= bytes.count,
      let year = number(start, 4), bytes[start + 4] == ASCII.hyphen,
      let month = number(start + 5, 2), bytes[start + 7] == ASCII.hyphen,
      let day = number(start + 8, 2)
    else { return nil }
    index = start + 10
    return RawDay(year: year, month: month, day: day, text: start..<index)
  }

  /// `H:MM` or `HH:MM`, not followed by another digit.
  private mutating func readTime() -> RawTime? {
    let start = index
    var hourEnd = start
    while hourEnd < bytes.count, hourEnd - start < 3, isDigit(bytes[hourEnd]) { hourEnd += 1 }
    let hourDigits = hourEnd - start
    guard (1...2).contains(hourDigits), let hour = number(start, hourDigits),
      hourEnd + 3 <= bytes.count, bytes[hourEnd] == ASCII.colon,
      let minute = number(hourEnd + 1, 2),
      hourEnd + 3 == bytes.count || !isDigit(bytes[hourEnd + 3])
    else { return nil }
    index = hourEnd + 3
    return RawTime(hour: hour, minute: minute, text: start..<index)
  }

  /// A time separated from the preceding day by at least one blank; leaves `index` alone if none.
  private mutating func readTimeAfterBlanks() -> RawTime? {
    let saved = index
    skipBlanks()
    if index > saved, let time = readTime() { return time }
    index = saved
    return nil
  }

  /// `-`, `thru` or `through`, any case.
  private mutating func readSeparator() -> Bool {
    if index < bytes.count, bytes[index] == ASCII.hyphen {
      index += 1
      return true
    }
    let words: [StaticString] = ["through", "thru"]
    for word in words where matchesWord(word) {
      index += word.utf8CodeUnitCount
      return true
    }
    return false
  }

  private func matchesWord(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    let pointer = word.utf8Start
    for offset in 0..<count where bytes[index + offset] | 0x20 != pointer[offset] {
      return false
    }
    return true
  }

  private func number(_ start: Int, _ count: Int) -> Int? {
    var value = 0
    for offset in 0..<count {
      let byte = bytes[start + offset]
      guard isDigit(byte) else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    return value
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}

/// Appends `value` as exactly `count` decimal digits, zero-padded.
private func appendDigits(of value: Int, count: Int, to bytes: inout [UInt8]) {
  var divisor = 1
  for _ in 1..<count { divisor *= 10 }
  var remaining = value
  while divisor > 0 {
    bytes.append(UInt8(0x30 + remaining / divisor % 10))
    remaining %= divisor
    divisor /= 10
  }
}

// MARK: - Tags

extension Tag {
  /// The date in the tag's value: `nil` without a value or when the value is not shaped like a date.
  ///
  /// ```swift
  /// try Tag(name: "due", value: "2024-10-31 10:00").date()?.start.time  // 10:00
  /// ```
  ///
  /// - Throws: ``TaskDateError`` for a date-shaped value that is not a valid date.
  public func date() throws(TaskDateError) -> TaskDate? {
    guard let value else { return nil }
    return try TaskDate.parse(value)
  }

  /// A tag whose value is `date` in canonical form, e.g. `@done(2024-10-31)`.
  public init(name: String, date: TaskDate) {
    self.init(name: name, value: date.description)
  }
}
