import Foundation

/// Why an item cannot repeat (``Item/nextRepetition(id:)``).
public enum RepeatError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The item has no `@repeat` tag.
  case notRepeating(title: String)
  /// The `@repeat` value is not a rule.
  case unknownRule(RepeatRuleError)
  /// The item has no `@due` date to repeat from.
  case noDueDate(title: String)

  /// The reason, as a sentence.
  public var description: String {
    switch self {
    case let .notRepeating(title): "“\(title)” has no @repeat tag."
    case let .unknownRule(error): error.description + "."
    case let .noDueDate(title): "“\(title)” repeats, but has no @due date (YYYY-MM-DD) to repeat from."
    }
  }
}

extension Item {
  /// The rule of the item's `@repeat` tag: nil without one.
  ///
  /// - Throws: ``RepeatError/unknownRule(_:)`` for a value that is not a rule.
  public func repeatRule() throws(RepeatError) -> RepeatRule? {
    guard let tag = tag(named: "repeat") else { return nil }
    do throws(RepeatRuleError) {
      return try RepeatRule.parse(tag.value ?? "")
    } catch {
      throw .unknownRule(error)
    }
  }

  /// The next instance of a repeating task, with `id`: the same text and tags, without
  /// `@done` and without the children, its `@due` moved by its `@repeat` rule from its own
  /// `@due` (never from today), and its `@start` and `@defer` moved by as many days. A time of
  /// day and a range are kept; the dates are written as taskman writes dates.
  ///
  /// ```swift
  /// // "- Water plants @due(2026-11-30) @repeat(weekly) @done(2026-11-29)"
  /// try item.nextRepetition(id: id)
  /// // "- Water plants @due(2026-12-07) @repeat(weekly)"
  /// ```
  ///
  /// - Throws: ``RepeatError`` when it has no rule, an unknown one, or no `@due` date.
  public func nextRepetition(id: UUID) throws(RepeatError) -> Item {
    guard let rule = try repeatRule() else { throw .notRepeating(title: title) }
    guard let due = try? tag(named: "due")?.date() else { throw .noDueDate(title: title) }
    let next = rule.next(after: due.start.day)
    let shift = next.daysSince1970 - due.start.day.daysSince1970
    var item = self
    item.id = id
    item.children = []
    item.removeTags(named: "done")
    for name in ["due", "start", "defer"] {
      guard let tag = item.tag(named: name), let date = try? tag.date() else { continue }
      item.setTag(Tag(name: name, date: date.shifted(byDays: shift)))
    }
    let carried = rule.carried(after: due.start.day)
    if carried != rule { item.setTag(Tag(name: "repeat", value: carried.description)) }
    return item
  }
}

extension TaskDate {
  /// The same date `days` days later, at the same times.
  func shifted(byDays days: Int) -> TaskDate {
    func shift(_ point: Point) -> Point {
      Point(day: Day(daysSince1970: point.day.daysSince1970 + days), time: point.time)
    }
    // Both ends move by the same days, so the end stays after the start.
    return (try? TaskDate(start: shift(start), end: end.map(shift))) ?? TaskDate(shift(start))
  }
}
