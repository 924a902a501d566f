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
  /// `2026-12-01 10:00`, ranges), and relative to `today`:
  ///
  /// | text | the day |
  /// |---|---|
  /// | `today`, `tomorrow`, `yesterday` | that day |
  /// | `monday` … `sunday` (or `mon`, `tue`…) | the next such day after today |
  /// | `+3d`, `-2d`, `+2w`, `-1w` | that many days or weeks from today |
  /// | `next week` | the Monday after today |
  ///
  /// A relative day may be followed by a time (`tomorrow 10:00`). Case is ignored.
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
    let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard !words.isEmpty else { return nil }
    var dayWords = words
    var time: String?
    if let last = words.last, words.count > 1, last.contains(":") {
      time = last
      dayWords.removeLast()
    }
    guard let day = relativeDay(dayWords.joined(separator: " "), today: today) else { return nil }
    guard let time else { return TaskDate(Point(day: day)) }
    // The time is checked as in a full date, so its errors read the same.
    return try parse("\(day) \(time)")
  }

  /// The day a relative phrase names, or nil when it names none.
  static func relativeDay(_ phrase: String, today: Day) -> Day? {
    func offset(_ days: Int) -> Day { Day(daysSince1970: today.daysSince1970 + days) }
    switch phrase {
    case "today": return today
    case "tomorrow": return offset(1)
    case "yesterday": return offset(-1)
    case "next week": return offset(7 - today.weekday)
    default: break
    }
    if let weekday = weekdays[phrase] {
      let ahead = (weekday - today.weekday + 7) % 7
      return offset(ahead == 0 ? 7 : ahead)
    }
    guard let sign = phrase.first, sign == "+" || sign == "-", let unit = phrase.last, unit == "d" || unit == "w",
      let count = Int(phrase.dropFirst().dropLast()), count >= 0, count <= 100_000
    else { return nil }
    return offset((sign == "-" ? -count : count) * (unit == "w" ? 7 : 1))
  }

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
    item.children = item.children.map { $0.resolvingRelativeDatesInOutline(today: today) }
    return item
  }

  /// Checks that each date tag's value that looks like a date names one: `@due(2026-02-30)` or
  /// `@due(tomorrow 25:00)` throw; `@due(2026-03-01)`, `@due(friday)` and words that are no
  /// date at all (`@due(someday)`) pass.
  ///
  /// - Throws: ``TaskDateError`` for the first impossible date or time.
  public func checkDates() throws(TaskDateError) {
    for tag in tags where TaskDate.isDateTagName(tag.name) {
      guard let value = tag.value else { continue }
      // Any day will do: whether a date or a time is possible does not depend on today.
      _ = try TaskDate.resolve(value, today: TaskDate.Day(daysSince1970: 0))
    }
  }
}
