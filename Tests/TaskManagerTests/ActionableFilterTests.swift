import Foundation
import TaskManager
import Testing

/// `@start` and `@defer`: items not yet actionable.
@Suite struct ActionableFilterTests {
  static let today = TaskDate.Day(year: 2026, month: 11, day: 25)!
  static let outline = parseOutline(
    """
    - Now
    - Started @start(2026-11-25)
    - Later @start(2026-11-26) @due(2026-11-27)
    - Deferred @defer(2026-12-01 09:00)
    Trip: @start(2026-12-10)
    \t- Pack @due(2026-11-26)
    - Not a date @start(someday)
    - Due today @due(2026-11-25)

    """
  )

  @Test func itemsStartingAfterTodayHideWithWhatIsUnderThem() {
    let filter = TaskFilter(kinds: Set(Item.Kind.allCases), actionableOn: Self.today)
    #expect(filter.apply(to: Self.outline).map(\.item.title) == ["Now", "Started", "Not a date", "Due today"])
    // Without the condition (`list --all`), every item shows.
    #expect(TaskFilter(kinds: Set(Item.Kind.allCases)).apply(to: Self.outline).count == 8)
  }

  @Test func theAgendaShowsAnItemFromItsStartDayOn() {
    #expect(Agenda(Self.outline, today: Self.today).today.map(\.item.title) == ["Due today"])
    #expect(Agenda(Self.outline, today: Self.today).upcoming.isEmpty, "Later starts tomorrow, Pack's project in December")
    let tomorrow = TaskDate.Day(year: 2026, month: 11, day: 26)!
    #expect(Agenda(Self.outline, today: tomorrow).upcoming.map(\.item.title) == ["Later"])
    #expect(Agenda(Self.outline, today: tomorrow).overdue.map(\.item.title) == ["Due today"])
  }

  @Test func startsAfterReadsStartAndDeferAsDueIsRead() {
    let items = Self.outline.entries().map(\.item)
    #expect(items.filter { TaskFilter.startsAfter($0, Self.today) }.map(\.title) == ["Later", "Deferred", "Trip"])
  }
}
