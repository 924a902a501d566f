import Foundation

extension TaskDate {
  /// The names of the tags whose values are dates: what ``resolve(_:today:)`` turns into ISO
  /// dates when they are written through `taskman`, and what `taskman doctor` checks.
  public static let tagNames: Set<String> = ["due", "start", "defer", "scheduled", "done", "remind"]

  /// Whether a tag called `name` holds a date: one of ``tagNames``, ignoring case (`@DUE`).
  ///
  /// ```swift
  /// TaskDate.isDateTagName("Due")  // true
  /// ```
  public static func isDateTagName(_ name: String) -> Bool {
    tagNames.contains(Tag.foldedName(name))
  }

  /// What is wrong with `tag` as a date tag, as a sentence, or nil when it is not a date tag,
  /// has no value, or holds a date ``parse(_:)`` reads: `taskman doctor` reports it, and the
  /// commands that write tags warn about it, since `agenda` and date filters skip such a tag.
  ///
  /// ```swift
  /// TaskDate.problem(with: Tag(name: "due", value: "tomorow"))
  /// // "@due(tomorow) is not a date taskman reads; write it as YYYY-MM-DD"
  /// ```
  public static func problem(with tag: Tag) -> String? {
    guard isDateTagName(tag.name), let value = tag.value else { return nil }
    do throws(TaskDateError) {
      if try parse(value) != nil { return nil }
      if (try? resolve(value, today: Day(daysSince1970: 0))) != nil {
        return "\(tag) is a relative date, which would mean another day tomorrow; the file holds dates as YYYY-MM-DD"
      }
      return "\(tag) is not a date taskman reads; write it as YYYY-MM-DD"
    } catch {
      return "\(tag): \(error.description)"
    }
  }

  /// Reads a date as people type it: every form ``parse(_:)`` reads (`2026-12-01`,
  /// `2026-12-01 10:00`, ranges, and ISO 8601's `2026-12-01T09:00`), and relative to `today`:
  ///
  /// | text | the day |
  /// |---|---|
  /// | `today`, `tomorrow`, `yesterday` | that day |
  /// | `monday` … `sunday` (or `mon`, `tue`…) | the next such day after today (a week from today on that day) |
  /// | `this friday` | today if it is a Friday, else the next Friday |
  /// | `next friday` | the Friday of next week (the week after this one, weeks starting on Monday) |
  /// | `+3d`, `-2d`, `+2w`, `+1m`, `+1y` | that many days, weeks, months or years from today |
  /// | `in 3 days`, `in 2 weeks`, `in 1 month`, `in 1 year` | the same |
  /// | `next week` | the Monday after today |
  /// | `next month`, `next year` | the first day of the next month, or of the next year |
  /// | `eow`, `eom`, `eoy` | the end of this week (Sunday), month or year |
  /// | `dec 1`, `1 dec`, `december 1` | the next December 1st, today included |
  ///
  /// A month from January 31st is the last day of February. A day may be followed by a time
  /// (`tomorrow 10:00`, `friday 5pm`, `mon 9:30am`, `noon`, `midnight`), and a time alone is
  /// today's (`5pm`). Case is ignored.
  ///
  /// ```swift
  /// try TaskDate.resolve("tomorrow", today: day)?.description  // "2026-11-26"
  /// try TaskDate.resolve("friday 9:30", today: day)?.description  // "2026-11-27 09:30"
  /// try TaskDate.resolve("soon", today: day)  // nil
  /// ```
  ///
  /// - Throws: ``TaskDateError`` for an impossible date or time, as ``parse(_:)`` does.
  public static func resolve(_ text: String, today: Day) throws(TaskDateError) -> TaskDate? {
    if let date = try parse(text) { return date }
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if let iso = isoDateAndTime(trimmed) { return try parse(iso) }
    var words = trimmed.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard !words.isEmpty else { return nil }
    var time: String?
    if let (written, count) = try trailingTime(words) {
      time = written
      words.removeLast(count)
    }
    let day: Day
    if words.isEmpty {
      day = today
    } else {
      guard let named = relativeDay(words.joined(separator: " "), today: today) else { return nil }
      day = named
    }
    guard let time else { return TaskDate(Point(day: day)) }
    // The time is checked as in a full date, so its errors read the same.
    return try parse("\(day) \(time)")
  }

  /// `2026-12-01T09:00` (ISO 8601) as `2026-12-01 09:00`; nil for any other text.
  private static func isoDateAndTime(_ text: String) -> String? {
    let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count == 10, parts[1].contains(":") else { return nil }
    var time = parts[1]
    // Seconds are more than a tag holds: `09:00:00` is `09:00`.
    if time.count == 8, time.filter({ $0 == ":" }).count == 2 { time = time.prefix(5) }
    return "\(parts[0]) \(time)"
  }

  /// The time that ends `words`, as `H:MM`, and how many words it took: `10:00`, `5pm`,
  /// `5:30pm`, `5 pm`, `noon`, `midnight`; nil when the last word is no time.
  ///
  /// - Throws: ``TaskDateError/invalidTime(_:)`` for an hour past 12 before `am` or `pm`.
  private static func trailingTime(_ words: [String]) throws(TaskDateError) -> (String, Int)? {
    guard let last = words.last else { return nil }
    switch last {
    case "noon": return ("12:00", 1)
    case "midnight": return ("00:00", 1)
    default: break
    }
    if last.contains(":"), !last.hasSuffix("am"), !last.hasSuffix("pm") { return (last, 1) }
    var written = last
    var count = 1
    if (last == "am" || last == "pm"), words.count > 1 {
      written = words[words.count - 2] + last
      count = 2
    }
    guard written.hasSuffix("am") || written.hasSuffix("pm") else { return nil }
    let clock = written.dropLast(2)
    let pieces = clock.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...2).contains(pieces.count), pieces.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let hour = Int(pieces[0])
    else { return nil }
    let minute = pieces.count == 2 ? String(pieces[1]) : "00"
    guard (1...12).contains(hour), minute.count == 2 else { throw .invalidTime(written) }
    let hour24 = (hour % 12) + (written.hasSuffix("pm") ? 12 : 0)
    return ((hour24 < 10 ? "0" : "") + "\(hour24):\(minute)", count)
  }

  /// The day a relative phrase names, or nil when it names none.
  static func relativeDay(_ phrase: String, today: Day) -> Day? {
    func offset(_ days: Int) -> Day { Day(daysSince1970: today.daysSince1970 + days) }
    let nextMonday = offset(7 - today.weekday)
    switch phrase {
    case "today": return today
    case "tomorrow": return offset(1)
    case "yesterday": return offset(-1)
    case "next week": return nextMonday
    case "next month": return today.addingMonths(1).firstOfMonth
    case "next year": return Day(year: min(today.year + 1, 9999), month: 1, day: 1)
    case "eow": return offset(6 - today.weekday)
    case "eom": return today.lastOfMonth
    case "eoy": return Day(year: today.year, month: 12, day: 31)
    default: break
    }
    if let weekday = weekdays[phrase] {
      let ahead = (weekday - today.weekday + 7) % 7
      return offset(ahead == 0 ? 7 : ahead)
    }
    let words = phrase.split(separator: " ").map(String.init)
    if words.count == 2, let weekday = weekdays[words[1]] {
      switch words[0] {
      case "this": return offset((weekday - today.weekday + 7) % 7)
      case "next": return Day(daysSince1970: nextMonday.daysSince1970 + weekday)
      default: break
      }
    }
    if words.count == 3, words[0] == "in", let count = Int(words[1]), (0...100_000).contains(count),
      let unit = units[words[2]]
    {
      return today.adding(count, unit)
    }
    if words.count == 2, let day = monthDay(words, today: today) { return day }
    guard words.count == 1, let sign = phrase.first, sign == "+" || sign == "-", let unit = phrase.last.flatMap({ units[String($0)] }),
      let count = Int(phrase.dropFirst().dropLast()), count >= 0, count <= 100_000
    else { return nil }
    return today.adding(sign == "-" ? -count : count, unit)
  }

  /// `dec 1`, `1 dec`, `december 1`: the next such day, today included.
  private static func monthDay(_ words: [String], today: Day) -> Day? {
    let (monthWord, dayWord) = Int(words[0]) == nil ? (words[0], words[1]) : (words[1], words[0])
    guard let month = months[monthWord], let dayOfMonth = Int(dayWord) else { return nil }
    for year in today.year...min(today.year + 8, 9999) {
      if let day = Day(year: year, month: month, day: dayOfMonth), day >= today { return day }
    }
    return nil
  }

  /// The units of `+3d` and `in 3 days`, by how they are written.
  private static let units: [String: Day.Unit] = [
    "d": .day, "day": .day, "days": .day, "w": .week, "week": .week, "weeks": .week,
    "m": .month, "month": .month, "months": .month, "y": .year, "year": .year, "years": .year,
  ]

  /// Month numbers by full and short English names.
  private static let months: [String: Int] = {
    var table: [String: Int] = [:]
    let names = [
      "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
    ]
    for (index, name) in names.enumerated() {
      table[name] = index + 1
      table[String(name.prefix(3))] = index + 1
    }
    table["sept"] = 9
    return table
  }()

  /// Weekday numbers from Monday (0), by full and short English names.
  private static let weekdays: [String: Int] = {
    var table: [String: Int] = [:]
    let names = [
      ["monday", "mon"], ["tuesday", "tue", "tues"], ["wednesday", "wed"], ["thursday", "thu", "thur", "thurs"],
      ["friday", "fri"], ["saturday", "sat"], ["sunday", "sun"],
    ]
    for (number, spellings) in names.enumerated() {
      for spelling in spellings { table[spelling] = number }
    }
    return table
  }()
}

extension TaskDate.Day {
  /// The day of the week, from Monday (0) to Sunday (6).
  public var weekday: Int {
    // 1970-01-01 was a Thursday.
    ((daysSince1970 + 3) % 7 + 7) % 7
  }

  /// A step of calendar arithmetic.
  enum Unit { case day, week, month, year }

  /// The day `count` units later (earlier when negative); a month or year from a day its month
  /// lacks is that month's last day (January 31st plus a month is February's last), and the
  /// years stay within 1…9999.
  func adding(_ count: Int, _ unit: Unit) -> Self {
    switch unit {
    case .day: Self(daysSince1970: daysSince1970 + count)
    case .week: Self(daysSince1970: daysSince1970 + 7 * count)
    case .month: addingMonths(count)
    case .year: addingMonths(12 * count)
    }
  }

  func addingMonths(_ count: Int) -> Self {
    let months = min(max(year * 12 + (month - 1) + count, 12), 9999 * 12 + 11)
    let (newYear, newMonth) = (months / 12, months % 12 + 1)
    let last = Self.numberOfDays(inMonth: newMonth, year: newYear)
    return Self(year: newYear, month: newMonth, day: min(day, last)) ?? self
  }

  var firstOfMonth: Self { Self(year: year, month: month, day: 1) ?? self }

  var lastOfMonth: Self { Self(year: year, month: month, day: Self.numberOfDays(inMonth: month, year: year)) ?? self }
}

extension Item {
  /// The item with each date tag (see ``TaskDate/tagNames``) whose value is a relative date
  /// (`tomorrow`, `friday`, `+3d`) rewritten as the ISO date it means today, so that what was
  /// meant does not change as days pass. Other values are left as they are.
  ///
  /// ```swift
  /// // "- Call Bob @due(tomorrow)", today 2026-11-25
  /// item.resolvingRelativeDates(today: day)  // "- Call Bob @due(2026-11-26)"
  /// ```
  public func resolvingRelativeDates(today: TaskDate.Day) -> Item {
    var item = self
    for tag in tags where TaskDate.isDateTagName(tag.name) {
      guard let value = tag.value, (try? TaskDate.parse(value)) == nil,
        let resolved = try? TaskDate.resolve(value, today: today)
      else { continue }
      item.setTag(Tag(name: tag.name, date: resolved))
    }
    return item
  }

  /// ``resolvingRelativeDates(today:)`` for the item and everything under it.
  public func resolvingRelativeDatesInOutline(today: TaskDate.Day) -> Item {
    var item = resolvingRelativeDates(today: today)
    Item.visitInPlace(&item.children) { child in
      child = child.resolvingRelativeDates(today: today)
      return true
    }
    return item
  }

  /// Checks that each date tag's value names a date: `@due(2026-02-30)`, `@due(tomorrow 25:00)`
  /// and `@due(next fortnight)` throw; `@due(2026-03-01)` and `@due(friday)` pass. Tags equal to
  /// one of `kept` (those the item had before an edit, which the person did not type) are not
  /// checked.
  ///
  /// - Throws: ``TaskDateError`` for the first impossible or unreadable date or time.
  public func checkDates(except kept: [Tag] = []) throws(TaskDateError) {
    for tag in tags where TaskDate.isDateTagName(tag.name) && !kept.contains(tag) {
      guard let value = tag.value else { continue }
      // Any day will do: whether a date or a time is possible does not depend on today.
      guard try TaskDate.resolve(value, today: TaskDate.Day(daysSince1970: 0)) != nil else { throw .notADate(value) }
    }
  }
}
