import TaskManager

/// `--tag <name[=value]>`: a tag an item must carry, with a value it must have if one is given.
///
/// Also accepted: a leading `@` (`--tag @today`) and TaskPaper's own form
/// (`--tag '@due(2026-12-01)'`).
struct TagFilter: Hashable, Sendable, ExpressibleByArgument {
  var name: String
  var value: String?

  init(name: String, value: String? = nil) {
    self.name = name
    self.value = value
  }

  init(argument: String) throws(ArgumentValueError) {
    if argument.hasPrefix("@"), argument.hasSuffix(")"), let tag = try? TaskPaperParser.parseTag(argument) {
      self.init(name: tag.name, value: tag.value)
      return
    }
    let text = argument.hasPrefix("@") ? String(argument.dropFirst()) : argument
    let (name, value): (String, String?) =
      if let equals = text.firstIndex(of: "=") {
        (String(text[..<equals]), String(text[text.index(after: equals)...]))
      } else {
        (text, nil)
      }
    try TagName.check(name)
    self.init(name: name, value: value)
  }
}

/// `--not-tag <name>`: a tag name, with or without its `@`.
struct TagName: Hashable, Sendable, ExpressibleByArgument {
  var name: String

  init(name: String) { self.name = name }

  init(argument: String) throws(ArgumentValueError) {
    let name = argument.hasPrefix("@") ? String(argument.dropFirst()) : argument
    try Self.check(name)
    self.init(name: name)
  }

  static func check(_ name: String) throws(ArgumentValueError) {
    guard Tag.isValidName(name) else {
      throw ArgumentValueError(reason: "a tag name is letters, digits, '_', '-' and '.', like 'due' or 'waiting-for'")
    }
  }
}

/// A date given on the command line (`--due-before`, `--due-after`): any form a tag's date
/// takes (`2026-12-01`, `2026-12-01 14:30`), or one relative to today (`today`, `tomorrow`,
/// `friday`, `+3d`, `next week`; see `TaskDate.resolve`), resolved when the command runs.
struct DateArgument: Hashable, Sendable, ExpressibleByArgument {
  var text: String

  init(argument: String) throws(ArgumentValueError) {
    // Checked against an arbitrary day: what reads as a date on one day reads on every day.
    let anyDay = TaskDate.Day(year: 2026, month: 1, day: 1)!
    let resolved: TaskDate?
    do {
      resolved = try TaskDate.resolve(argument, today: anyDay)
    } catch {
      throw ArgumentValueError(reason: error.description)
    }
    guard resolved != nil else {
      throw ArgumentValueError(
        reason: "expected a date like 2026-12-01, 2026-12-01 14:30, today, tomorrow, friday, 'next friday', +3d, +2w, +1m, 'in 3 days', 'next week', 'next month', eom or 'dec 1'"
      )
    }
    text = argument
  }

  /// The date on the day `today`.
  func resolve(today: TaskDate.Day) -> TaskDate {
    // `init(argument:)` checked that it reads.
    (try? TaskDate.resolve(text, today: today)) ?? TaskDate(TaskDate.Point(day: today))
  }
}
