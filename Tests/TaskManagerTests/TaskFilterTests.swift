import Foundation
import Testing
import TaskManager

@Suite("Task filter")
struct TaskFilterTests {
  static let outline = parseOutline(
    """
    Errands:
    \t- Buy milk @home @due(2024-10-30)
    \t- Post letter @done(2024-10-29) @due(2024-10-28)
    \tShop: @home
    \t\t- Buy BREAD @due(2024-11-02 09:00)
    \t\t- Café crème @priority(high)
    Work:
    \t- Call Bob @priority(low) @due(2024-10-31 10:00-10:30)
    \t\tNumber is on the @phone list
    \t- Plan trip @waiting @due(tomorrow)
    - Loose task @priority(high) @due(2024-02-30)
    - Archive @done

    """
  )

  func titles(_ filter: TaskFilter) -> [String] {
    filter.apply(to: Self.outline).map(\.item.title)
  }

  static func day(_ year: Int, _ month: Int, _ day: Int) -> TaskDate.Day {
    TaskDate.Day(year: year, month: month, day: day)!
  }

  @Test func byDefaultEveryTaskThatIsNotDoneAtAnyDepth() {
    #expect(titles(TaskFilter()) == ["Buy milk", "Buy BREAD", "Café crème", "Call Bob", "Plan trip", "Loose task"])
  }

  @Test func doneAndAll() {
    #expect(titles(TaskFilter(status: .done)) == ["Post letter", "Archive"])
    #expect(titles(TaskFilter(status: .all)).count == 8)
    #expect(titles(TaskFilter(kinds: Set(Item.Kind.allCases), status: .all)).count == Self.outline.itemCount)
    #expect(titles(TaskFilter(kinds: [.project])) == ["Errands", "Shop", "Work"])
  }

  @Test func aDoneItemHidesWithEverythingUnderItUnlessAll() {
    let outline = parseOutline(
      """
      Errands:
      \t- Post letter @done(2026-11-20)
      \t\tThe red box by the station.
      \t\t- Buy stamps
      \t- Buy milk
      Archive: @done
      \t- Old task
      \tOld note

      """
    )
    let everyKind = Set(Item.Kind.allCases)
    let shown = TaskFilter(kinds: everyKind).outlineRows(of: outline).map(\.entry.item.title)
    #expect(shown == ["Errands", "Buy milk"])
    #expect(TaskFilter(kinds: everyKind, project: "err").outlineRows(of: outline).map(\.entry.item.title) == ["Errands", "Buy milk"])
    #expect(TaskFilter().apply(to: outline).map(\.item.title) == ["Buy milk"])
    #expect(TaskFilter(kinds: everyKind, searchText: "red box").apply(to: outline).isEmpty)
    #expect(TaskFilter(kinds: everyKind, status: .all).apply(to: outline).count == outline.itemCountWithoutBlankLines)
    // --done lists the items tagged done themselves.
    #expect(TaskFilter(kinds: everyKind, status: .done).apply(to: outline).map(\.item.title) == ["Post letter", "Archive"])
  }

  @Test func entriesCarryTheirProject() {
    let entries = TaskFilter().apply(to: Self.outline)
    #expect(entries.map { $0.project?.title } == ["Errands", "Shop", "Shop", "Work", "Work", nil])
    #expect(entries.map(\.depth) == [1, 2, 2, 1, 1, 0])
  }

  @Test func byTagNameAndValue() {
    #expect(titles(TaskFilter(tags: [.has("home")])) == ["Buy milk"])
    #expect(titles(TaskFilter(tags: [.has("priority")])) == ["Café crème", "Call Bob", "Loose task"])
    #expect(titles(TaskFilter(tags: [.has("priority", value: "high")])) == ["Café crème", "Loose task"])
    #expect(titles(TaskFilter(tags: [.has("priority", value: "High")])) == [])
    #expect(titles(TaskFilter(tags: [.has("nothing")])) == [])
  }

  @Test func tagNamesMatchIgnoringCase() {
    let outline = parseOutline("- Hike @Weekend\n- Renew passport @DUE(2024-10-01)\n- Paid @Done\n- Swim @weekend(sat)\n")
    let titles = { (filter: TaskFilter) in filter.apply(to: outline).map(\.item.title) }
    #expect(titles(TaskFilter(tags: [.has("weekend")])) == ["Hike", "Swim"])
    #expect(titles(TaskFilter(tags: [.has("WEEKEND", value: "sat")])) == ["Swim"])
    #expect(titles(TaskFilter(tags: [.lacks("weekend")])) == ["Renew passport"])
    #expect(titles(TaskFilter(overdueAsOf: Self.day(2024, 11, 1))) == ["Renew passport"])
    #expect(titles(TaskFilter(status: .done)) == ["Paid"])
  }

  @Test func negatedAndCombinedTags() {
    #expect(titles(TaskFilter(tags: [.lacks("due")])) == ["Café crème"])
    #expect(titles(TaskFilter(tags: [.lacks("priority", value: "high")])) == ["Buy milk", "Buy BREAD", "Call Bob", "Plan trip"])
    #expect(titles(TaskFilter(tags: [.has("priority"), .lacks("due")])) == ["Café crème"])
    #expect(titles(TaskFilter(tags: [.has("priority"), .has("due"), .lacks("priority", value: "low")])) == ["Loose task"])
  }

  @Test func tagConditionsFromCommandLineArguments() {
    #expect(TaskFilter.TagCondition(argument: "home") == .has("home"))
    #expect(TaskFilter.TagCondition(argument: "@due=2024-10-31") == .has("due", value: "2024-10-31"))
    #expect(TaskFilter.TagCondition(argument: "note=a=b") == .has("note", value: "a=b"))
    #expect(TaskFilter.TagCondition(argument: "waiting", isNegated: true) == .lacks("waiting"))
  }

  @Test func byProjectAtAnyDepthIgnoringCase() {
    #expect(titles(TaskFilter(project: "Errands")) == ["Buy milk", "Buy BREAD", "Café crème"])
    #expect(titles(TaskFilter(project: "shop")) == ["Buy BREAD", "Café crème"])
    #expect(titles(TaskFilter(project: " Work: ")) == ["Call Bob", "Plan trip"])
    #expect(titles(TaskFilter(project: "Nowhere")) == [])
    // A project does not count as inside itself.
    #expect(titles(TaskFilter(kinds: [.project], project: "Shop")) == [])
  }

  @Test func bySearchTextIgnoringCaseInTitlesAndTags() {
    #expect(titles(TaskFilter(searchText: "buy")) == ["Buy milk", "Buy BREAD"])
    #expect(titles(TaskFilter(searchText: "BREAD")) == ["Buy BREAD"])
    #expect(titles(TaskFilter(searchText: "CRÈME")) == ["Café crème"])
    #expect(titles(TaskFilter(searchText: "high")) == ["Café crème", "Loose task"])
    #expect(titles(TaskFilter(searchText: "waiting")) == ["Plan trip"])
    #expect(titles(TaskFilter(searchText: "")) == titles(TaskFilter()))
    #expect(titles(TaskFilter(kinds: [.note], searchText: "PHONE")) == ["Number is on the @phone list"])
    #expect(titles(TaskFilter(searchText: "milk bread")) == [])
  }

  @Test func searchIgnoresAccentsAsItIgnoresCase() {
    #expect(titles(TaskFilter(searchText: "creme")) == ["Café crème"])
    #expect(titles(TaskFilter(searchText: "CAFE CREME")) == ["Café crème"])
    #expect(titles(TaskFilter(searchText: "café")) == ["Café crème"])
    let outline = parseOutline("- Call Zoë @who(Zoë)\n- Call Zoe\n- Écrire à Noël\n- Ask Zoe\u{308}l\n- 日本へ行く\n")
    let found = { (text: String) in TaskFilter(searchText: text).apply(to: outline).map(\.item.title) }
    #expect(found("zoe") == ["Call Zoë", "Call Zoe", "Ask Zoe\u{308}l"])
    #expect(found("ZOË") == ["Call Zoë", "Call Zoe", "Ask Zoe\u{308}l"])
    #expect(found("ecrire a noel") == ["Écrire à Noël"])
    #expect(found("who(zoe)") == ["Call Zoë"], "the line as written, tags included")
    #expect(found("日本") == ["日本へ行く"])
    #expect(found("zoel") == ["Ask Zoe\u{308}l"])
    #expect(found("\u{301}").isEmpty, "an accent alone is no letter to find")
  }

  @Test func dueBeforeUsesTheDeadline() {
    let before = { (text: String) in TaskFilter(dueBefore: try! TaskDate.parse(text)!.start) }
    #expect(titles(before("2024-10-31")) == ["Buy milk"])
    // The appointment ends at 10:30: due before 10:31, not before 10:30.
    #expect(titles(before("2024-10-31 10:31")) == ["Buy milk", "Call Bob"])
    #expect(titles(before("2024-10-31 10:30")) == ["Buy milk"])
    #expect(titles(TaskFilter(status: .all, dueBefore: try! TaskDate.parse("2024-12-01")!.start)) == [
      "Buy milk", "Post letter", "Buy BREAD", "Call Bob",
    ])
  }

  @Test func overdueMeansDueOnAnEarlierDay() {
    #expect(titles(TaskFilter(overdueAsOf: Self.day(2024, 10, 30))) == [])
    #expect(titles(TaskFilter(overdueAsOf: Self.day(2024, 10, 31))) == ["Buy milk"])
    #expect(titles(TaskFilter(overdueAsOf: Self.day(2024, 11, 1))) == ["Buy milk", "Call Bob"])
    #expect(titles(TaskFilter(overdueAsOf: Self.day(2024, 11, 3))) == ["Buy milk", "Buy BREAD", "Call Bob"])
    // Both date conditions must hold.
    let both = TaskFilter(dueBefore: try! TaskDate.parse("2024-10-31")!.start, overdueAsOf: Self.day(2024, 11, 3))
    #expect(titles(both) == ["Buy milk"])
  }

  @Test func deadlines() throws {
    let items = Self.outline.entries().map(\.item)
    let deadline = { (title: String) in TaskFilter.deadline(of: items.first { $0.title == title }!)?.description }
    #expect(deadline("Buy milk") == "2024-10-30")
    #expect(deadline("Call Bob") == "2024-10-31 10:30")
    #expect(deadline("Plan trip") == nil)  // not a date
    #expect(deadline("Loose task") == nil)  // an impossible date
    #expect(deadline("Café crème") == nil)  // no @due
  }

  @Test func everyConditionTogether() {
    let filter = TaskFilter(
      tags: [.has("due"), .lacks("waiting")],
      project: "errands",
      searchText: "BUY",
      status: .notDone,
      dueBefore: TaskDate.Point(day: Self.day(2024, 12, 1)),
      overdueAsOf: Self.day(2024, 11, 3)
    )
    #expect(titles(filter) == ["Buy milk", "Buy BREAD"])
  }

  @Test func matchingOneItemWithItsProjects() {
    let bread = Self.outline.entries().map(\.item).first { $0.title == "Buy BREAD" }!
    #expect(TaskFilter(project: "Errands").matches(bread, inProjects: ["Errands", "Shop"]))
    #expect(!TaskFilter(project: "Errands").matches(bread, inProjects: ["Work"]))
    #expect(!TaskFilter(project: "Errands").matches(bread))
    #expect(TaskFilter(tags: [.has("due")]).matches(bread))
    #expect(!TaskFilter(status: .done).matches(bread))
  }

  @Test func agreesWithAPlainDefinitionOnGeneratedOutlines() {
    // Apply's incremental project bookkeeping against the obvious per-entry definition.
    var random = SplitMix64(seed: 0x7A5C_F117_0001)
    for _ in 0..<300 {
      let outline = parseOutline(TaskPaperPropertyTests.document(using: &random))
      let projectTitles = Dictionary(uniqueKeysWithValues: outline.entries().map { ($0.item.id, $0.item.title) })
      for name in ["a", "A:", "x"] {
        let filter = TaskFilter(kinds: Set(Item.Kind.allCases), project: name, status: .all)
        let expected = outline.entries().filter { entry in
          var ancestors: [String] = []
          var parent = entry.parentID
          while let id = parent, let ancestor = outline.entry(withID: id) {
            if ancestor.item.kind == .project { ancestors.append(projectTitles[id]!) }
            parent = ancestor.parentID
          }
          return filter.matches(entry.item, inProjects: ancestors)
        }
        guard filter.apply(to: outline) == expected else {
          Issue.record("project filter \(name) disagrees on:\n\(TaskPaperPrinter.print(outline))")
          return
        }
      }
    }
  }
}
