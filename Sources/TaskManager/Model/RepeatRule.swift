import Foundation

/// How a repeating task repeats: the value of its `@repeat(…)` tag.
///
/// The next date is computed from the previous `@due` alone, never from today, so that two
/// machines completing the same instance write the same next instance.
///
/// | value | next date |
/// |---|---|
/// | `daily`, `every day`, `every 3 days` | 1 (3) days later |
/// | `weekdays`, `every weekday` | the next Monday to Friday |
/// | `weekly`, `every week`, `every 2 weeks` | 7 (14) days later |
/// | `monthly`, `every month`, `every 3 months` | the same day 1 (3) months later |
/// | `monthly on 31`, `every 2 months on 31` | that day of the month, 1 (2) months later |
/// | `yearly`, `annually`, `every year`, `every 2 years` | the same day 1 (2) years later |
///
/// A month without the day (the 31st in April) has its last day instead; the rule then keeps
/// the day it follows in the next instance's tag (`@repeat(monthly)` on the 31st of January is
/// `@repeat(monthly on 31)` on the 28th of February), so that March has the 31st again, as
/// Taskwarrior's recurrence keeps its template's day. A yearly task on the 29th of February
/// falls on the 28th in other years (and stays there).
///
/// ```swift
/// let rule = try RepeatRule.parse("every 2 weeks")
/// rule.next(after: TaskDate.Day(year: 2026, month: 11, day: 30)!).description  // "2026-12-14"
/// ```
public struct RepeatRule: Hashable, Sendable {
  /// The unit a rule counts in.
  public enum Unit: String, Hashable, Sendable {
    /// Calendar days.
    case day
    /// Monday to Friday, skipping weekends.
    case weekday
    /// Weeks of seven days.
    case week
    /// Calendar months.
    case month
    /// Calendar years.
    case year
  }

  /// What the rule counts in.
  public var unit: Unit
  /// How many units apart the instances are (1 for `weekdays`).
  public var interval: Int
  /// For months and years: the day of the month the rule follows, when written (`on 31`).
  public var dayOfMonth: Int?

  /// Creates a rule.
  public init(unit: Unit, interval: Int = 1, dayOfMonth: Int? = nil) {
    self.unit = unit
    self.interval = max(1, interval)
    self.dayOfMonth = dayOfMonth
  }

  /// The forms ``parse(_:)`` accepts, for messages.
  public static let acceptedForms =
    "daily, weekdays, weekly, monthly, yearly, every <n> days|weeks|months|years (every 2 weeks), optionally 'on <day>' after a monthly or yearly one (monthly on 31)"

  /// Reads a `@repeat` value, ignoring case and extra spaces.
  ///
  /// - Throws: ``RepeatRuleError`` naming the value and the accepted forms.
  public static func parse(_ value: String) throws(RepeatRuleError) -> RepeatRule {
    var words = value.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
    var day: Int?
    if words.count >= 2, words[words.count - 2] == "on" {
      guard let number = Int(words[words.count - 1].trimmingSuffix(["st", "nd", "rd", "th"])), (1...31).contains(number) else {
        throw RepeatRuleError(value: value)
      }
      day = number
      words.removeLast(2)
    }
    var rule: RepeatRule?
    switch words {
    case ["daily"], ["every", "day"]: rule = RepeatRule(unit: .day)
    case ["weekdays"], ["every", "weekday"]: rule = RepeatRule(unit: .weekday)
    case ["weekly"], ["every", "week"]: rule = RepeatRule(unit: .week)
    case ["monthly"], ["every", "month"]: rule = RepeatRule(unit: .month)
    case ["yearly"], ["annually"], ["every", "year"]: rule = RepeatRule(unit: .year)
    case let words where words.count == 3 && words[0] == "every":
      let units: [String: Unit] = [
        "day": .day, "days": .day, "week": .week, "weeks": .week, "month": .month, "months": .month, "year": .year,
        "years": .year,
      ]
      if let count = Int(words[1]), (1...1000).contains(count), let unit = units[words[2]] {
        rule = RepeatRule(unit: unit, interval: count)
      }
    default: break
    }
    guard var rule, day == nil || rule.unit == .month || rule.unit == .year else { throw RepeatRuleError(value: value) }
    rule.dayOfMonth = day
    return rule
  }

  /// The value of a `@repeat` tag for this rule, as ``parse(_:)`` reads it.
  public var description: String {
    let base: String
    switch (unit, interval) {
    case (.day, 1): base = "daily"
    case (.weekday, _): base = "weekdays"
    case (.week, 1): base = "weekly"
    case (.month, 1): base = "monthly"
    case (.year, 1): base = "yearly"
    default: base = "every \(interval) \(unit.rawValue)s"
    }
    return dayOfMonth.map { "\(base) on \($0)" } ?? base
  }

  /// The next day after `day` by this rule.
  public func next(after day: TaskDate.Day) -> TaskDate.Day {
    switch unit {
    case .day: return TaskDate.Day(daysSince1970: day.daysSince1970 + interval)
    case .week: return TaskDate.Day(daysSince1970: day.daysSince1970 + 7 * interval)
    case .weekday:
      var next = day.daysSince1970 + 1
      // 1970-01-01 was a Thursday: (days + 3) mod 7 is 0 on Mondays, 5 and 6 at weekends.
      while ((next + 3) % 7 + 7) % 7 >= 5 { next += 1 }
      return TaskDate.Day(daysSince1970: next)
    case .month, .year:
      let months = day.year * 12 + (day.month - 1) + (unit == .month ? interval : 12 * interval)
      let (year, month) = (months / 12, months % 12 + 1)
      guard (1...9999).contains(year) else { return day }
      let wanted = dayOfMonth ?? day.day
      let last = TaskDate.Day.numberOfDays(inMonth: month, year: year)
      return TaskDate.Day(year: year, month: month, day: min(wanted, last)) ?? day
    }
  }

  /// The rule the next instance after `day` carries: this one, or for a month the next date
  /// cuts short (the 31st in February) this one with the day it follows (`monthly on 31`).
  public func carried(after day: TaskDate.Day) -> RepeatRule {
    guard unit == .month, dayOfMonth == nil, next(after: day).day != day.day else { return self }
    var rule = self
    rule.dayOfMonth = day.day
    return rule
  }
}

/// A `@repeat` value ``RepeatRule/parse(_:)`` does not read.
public struct RepeatRuleError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The value as written.
  public var value: String

  /// Creates the error.
  public init(value: String) {
    self.value = value
  }

  /// Names the value and the accepted forms.
  public var description: String {
    "@repeat(\(value)) is not a repeat rule taskman reads; write one of: \(RepeatRule.acceptedForms)"
  }
}

extension String {
  /// The string without the first of `suffixes` it ends with.
  fileprivate func trimmingSuffix(_ suffixes: [String]) -> String {
    for suffix in suffixes where hasSuffix(suffix) { return String(dropLast(suffix.count)) }
    return self
  }
}
