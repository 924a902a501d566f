import Foundation
import TaskManager
import Testing

private func day(_ text: String) -> TaskDate.Day {
  (try! TaskDate.parse(text))!.start.day
}

@Suite struct RepeatRuleTests {
  @Test(arguments: [
    ("daily", "2026-11-30", "2026-12-01"),
    ("every 3 days", "2026-12-30", "2027-01-02"),
    ("weekly", "2026-11-30", "2026-12-07"),
    ("every 2 weeks", "2026-12-28", "2027-01-11"),
    ("monthly", "2026-01-15", "2026-02-15"),
    ("monthly", "2026-12-15", "2027-01-15"),
    ("every 3 months", "2026-11-30", "2027-02-28"),
    ("yearly", "2026-06-01", "2027-06-01"),
    ("every 2 years", "2026-06-01", "2028-06-01"),
  ])
  func nextDates(rule: String, from: String, expected: String) throws {
    #expect(try RepeatRule.parse(rule).next(after: day(from)).description == expected)
  }

  @Test func weekdaysSkipTheWeekend() throws {
    let rule = try RepeatRule.parse("weekdays")
    // 2026-11-27 is a Friday, 2026-11-28 a Saturday.
    #expect(rule.next(after: day("2026-11-27")).description == "2026-11-30")
    #expect(rule.next(after: day("2026-11-28")).description == "2026-11-30")
    #expect(rule.next(after: day("2026-11-30")).description == "2026-12-01")
  }

  @Test func monthEndsClampAndTheDayIsCarriedOn() throws {
    let monthly = try RepeatRule.parse("monthly")
    #expect(monthly.next(after: day("2027-01-31")).description == "2027-02-28")
    #expect(monthly.next(after: day("2028-01-31")).description == "2028-02-29", "a leap year")
    // The next instance follows the 31st, so March has it again.
    let carried = monthly.carried(after: day("2027-01-31"))
    #expect(carried.description == "monthly on 31")
    #expect(carried.next(after: day("2027-02-28")).description == "2027-03-31")
    #expect(carried.next(after: day("2027-03-31")).description == "2027-04-30")
    #expect(monthly.carried(after: day("2027-03-15")) == monthly, "a day every month has keeps the rule")
  }

  @Test func aLeapDayRepeatsOnTheTwentyEighthInOtherYears() throws {
    let yearly = try RepeatRule.parse("yearly")
    #expect(yearly.next(after: day("2028-02-29")).description == "2029-02-28")
    #expect(try RepeatRule.parse("every 4 years").next(after: day("2028-02-29")).description == "2032-02-29")
  }

  @Test func formsAreReadIgnoringCaseAndSpaces() throws {
    #expect(try RepeatRule.parse(" Every  2 Weeks ") == RepeatRule(unit: .week, interval: 2))
    #expect(try RepeatRule.parse("every weekday") == RepeatRule(unit: .weekday))
    #expect(try RepeatRule.parse("annually") == RepeatRule(unit: .year))
    #expect(try RepeatRule.parse("monthly on 31st") == RepeatRule(unit: .month, dayOfMonth: 31))
  }

  @Test(arguments: ["fortnightly", "every 0 days", "weekly on 3", "", "every two weeks", "monthly on 32"])
  func anUnknownRuleNamesItselfAndTheAcceptedForms(value: String) {
    #expect(throws: RepeatRuleError(value: value)) { try RepeatRule.parse(value) }
    #expect(RepeatRuleError(value: value).description.contains("@repeat(\(value)) is not a repeat rule taskman reads; write one of: daily, weekdays"))
  }

  @Test func theNextInstanceKeepsTextTagsAndTimeAndMovesFromTheDueDate() throws {
    let item = parseLine("- Standup @work @due(2026-11-27 09:30) @repeat(weekdays) @start(2026-11-27) @done(2026-11-29)")
    let next = try item.nextRepetition(id: testID(9))
    #expect(next.id == testID(9))
    #expect(TaskPaperPrinter.line(for: next) == "- Standup @work @due(2026-11-30 09:30) @repeat(weekdays) @start(2026-11-30)")
  }

  @Test func aClampedMonthlyInstanceCarriesItsDay() throws {
    let item = parseLine("- Rent @due(2027-01-31) @repeat(monthly)")
    let next = try item.nextRepetition(id: testID(9))
    #expect(TaskPaperPrinter.line(for: next) == "- Rent @due(2027-02-28) @repeat(monthly on 31)")
    #expect(TaskPaperPrinter.line(for: try next.nextRepetition(id: testID(10))) == "- Rent @due(2027-03-31) @repeat(monthly on 31)")
  }

  @Test func whatCannotRepeatSaysWhy() {
    #expect(throws: RepeatError.notRepeating(title: "Plain")) { try parseLine("- Plain @due(2026-11-27)").nextRepetition(id: testID(1)) }
    #expect(throws: RepeatError.noDueDate(title: "Floating")) { try parseLine("- Floating @repeat(daily)").nextRepetition(id: testID(1)) }
    #expect(throws: RepeatError.unknownRule(RepeatRuleError(value: "often"))) {
      try parseLine("- Often @due(2026-11-27) @repeat(often)").nextRepetition(id: testID(1))
    }
  }
}
