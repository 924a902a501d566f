import Composable
import ComposableTesting
import Dependencies
import Foundation
import TaskManager
import Testing

/// 2026-11-25 10:00 UTC, a Wednesday.
private let now = Date(timeIntervalSince1970: 1_795_600_800)

private let home = Item(
  id: testID(300), kind: .project, title: "Home",
  children: [
    Item(id: testID(301), kind: .task, title: "Water plants", level: 1),
    Item(id: testID(302), kind: .task, title: "Fix the tap", level: 1),
  ]
)
private let loose = Item(id: testID(400), kind: .task, title: "Loose end")

@MainActor
private func makeStore(_ tasks: [Item] = [home, loose]) -> TestStore<TaskList.State, TaskList.Action> {
  TestStore(
    initialState: TaskList.State(tasks: IdentifiedArray(uniqueElements: tasks), loadStatus: .loaded, journal: TaskJournal())
  ) {
    TaskList()
  } withDependencies: {
    $0.uuid = .incrementing
    $0.date = .constant(now)
    $0.storage = .inMemory
  }
}

@MainActor
@Suite struct TaskListOutlineTests {
  @Test func addingIntoAProjectThatIsMissingCreatesItInTheSameChange() async {
    let store = makeStore()
    await store.send(.addTaskTapped(at: .project("errands"))) {
      $0.destination = .addTask(.add(id: testID(0), at: .project("errands")))
    }
    await store.send(.destination(.presented(.addTask(.binding(.set(\.text, "Buy milk @due(tomorrow)")))))) {
      $0.destination = .addTask(
        TaskForm.State(mode: .add, task: Item(id: testID(0), kind: .task, title: ""), text: "Buy milk @due(tomorrow)", position: .project("errands"))
      )
    }
    await store.send(.destination(.presented(.addTask(.saveButtonTapped))))
    // The relative date is stored as the day it means.
    let milk = Item(id: testID(0), kind: .task, title: "Buy milk", tags: [Tag(name: "due", value: "2026-11-26")], level: 1)
    let errands = Item(id: testID(1), kind: .project, title: "errands", children: [milk])
    await store.receive(.destination(.presented(.addTask(.delegate(.saveTask(Item(id: testID(0), kind: .task, title: "Buy milk", tags: [Tag(name: "due", value: "tomorrow")]))))))) {
      $0.tasks.append(errands)
      $0.journal?.record(entry("add “Buy milk”", from: [home, loose], to: [home, loose, errands]))
    }
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
    // One change: undo takes away the task and the project made for it.
    await store.send(.undo) {
      $0.tasks = [home, loose]
      $0.journal?.applied = 0
    }
    await store.finish()
  }

  @Test func addingUnderAnItemPutsTheTaskAfterItsChildren() async {
    let store = makeStore()
    await store.send(.addTaskTapped(at: .inside(home.id))) {
      $0.destination = .addTask(.add(id: testID(0), at: .inside(home.id)))
    }
    await store.send(.destination(.presented(.addTask(.binding(.set(\.text, "Paint")))))) {
      $0.destination = .addTask(
        TaskForm.State(mode: .add, task: Item(id: testID(0), kind: .task, title: ""), text: "Paint", position: .inside(home.id))
      )
    }
    await store.send(.destination(.presented(.addTask(.saveButtonTapped))))
    await store.receive(.destination(.presented(.addTask(.delegate(.saveTask(Item(id: testID(0), kind: .task, title: "Paint"))))))) {
      $0.tasks[id: home.id]?.children.append(Item(id: testID(0), kind: .task, title: "Paint", level: 1))
      $0.journal?.record(entry("add “Paint”", from: [home, loose], to: $0.tasks.elements))
    }
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
    await store.finish()
  }

  @Test func projectsAreAddedOnceByName() async {
    let store = makeStore()
    await store.send(.addProject("Errands:")) {
      $0.tasks.append(Item(id: testID(0), kind: .project, title: "Errands"))
      $0.journal?.record(entry("add project “Errands”", from: [home, loose], to: $0.tasks.elements))
    }
    await store.send(.addProject("errands")) {
      $0.errorMessage = "There is already a project “Errands”."
    }
    await store.send(.addProject("  ")) {
      $0.errorMessage = "A project needs a name."
    }
    await store.send(.addProject("Two\nlines")) {
      $0.errorMessage = "Unable to convert “Two\nlines” into a project: the line “Two\nlines:” would not read back as a project with that name."
    }
    await store.send(.addProject("- Bar")) {
      $0.errorMessage = "Unable to convert “- Bar” into a project: the line “- Bar:” would not read back as a project with that name."
    }
    await store.finish()
  }

  @Test func aProjectsLineMayEndInTagsWithOrWithoutItsColon() async {
    let store = makeStore()
    let before = [home, loose]
    await store.send(.addProject("Trips @far @due(tomorrow)")) {
      $0.tasks.append(
        Item(id: testID(0), kind: .project, title: "Trips", tags: [Tag(name: "far"), Tag(name: "due", value: "2026-11-26")])
      )
      $0.journal?.record(entry("add project “Trips”", from: before, to: $0.tasks.elements))
    }
    let withTrips = store.state.tasks.elements
    await store.send(.addProject("Garden: @weekend")) {
      $0.tasks.append(Item(id: testID(1), kind: .project, title: "Garden", tags: [Tag(name: "weekend")]))
      $0.journal?.record(entry("add project “Garden”", from: withTrips, to: $0.tasks.elements))
    }
    await store.send(.addProject("trips @near")) {
      $0.errorMessage = "There is already a project “Trips”."
    }
    // A tag inside the name would make a project the file reads with that tag in its title.
    await store.send(.addProject("Call @Bob now")) {
      $0.errorMessage = "Unable to convert “Call @Bob now” into a project: the line “Call @Bob now:” would not read back as a project with that name."
    }
    await store.finish()
  }

  @Test func notesGoUnderTheirItemAndMustReadAsNotes() async {
    let store = makeStore()
    await store.send(.addNote("Ask about the washer, @due(friday).", to: testID(302))) {
      // Not a tag (followed by a full stop), so the text is kept as typed.
      $0.tasks[id: home.id]?.children[1].children = [
        Item(id: testID(0), kind: .note, title: "Ask about the washer, @due(friday).", level: 2)
      ]
      $0.journal?.record(entry("note on “Fix the tap”", from: [home, loose], to: $0.tasks.elements))
    }
    await store.send(.addNote("- a task", to: testID(302))) {
      $0.errorMessage = "Unable to convert “- a task” into a note. A line starting with “- ” is a task: add it with taskman add --under <id>."
    }
    await store.send(.addNote("Shopping:", to: testID(302))) {
      $0.errorMessage = "Unable to convert “Shopping:” into a note. A line ending with “:” (before any tags) is a project; end it otherwise, say with a full stop."
    }
    await store.send(.addNote("Looks: @tag", to: testID(302))) {
      $0.errorMessage = "Unable to convert “Looks: @tag” into a note. A line ending with “:” (before any tags) is a project; end it otherwise, say with a full stop."
    }
    await store.finish()
  }

  @Test func movingAnItemTakesItsChildrenAndUndoPutsItBack() async {
    let store = makeStore()
    // Under the loose task.
    await store.send(.move(home.id, to: .inside(loose.id))) {
      var moved = home
      moved.shiftLevels(by: 1)
      $0.tasks = [Item(id: loose.id, kind: .task, title: "Loose end", children: [moved])]
      $0.journal?.record(entry("move “Home”", from: [home, loose], to: $0.tasks.elements))
    }
    await store.send(.undo) {
      $0.tasks = [home, loose]
      $0.journal?.applied = 0
    }
    // Before, after, to the top, into a project.
    await store.send(.move(testID(302), to: .before(testID(301)))) {
      $0.tasks[id: home.id]?.children.swapAt(0, 1)
      $0.journal = TaskJournal(records: [], applied: 0, nextSerial: 2)
      $0.journal?.record(entry("move “Fix the tap”", from: [home, loose], to: $0.tasks.elements))
    }
    let swapped = store.state.tasks.elements
    await store.send(.move(loose.id, to: .after(testID(301)))) {
      $0.tasks.remove(id: loose.id)
      $0.tasks[id: home.id]?.children.append(Item(id: loose.id, kind: .task, title: "Loose end", level: 1))
      $0.journal?.record(entry("move “Loose end”", from: swapped, to: $0.tasks.elements))
    }
    let after = store.state.tasks.elements
    await store.send(.move(loose.id, to: .top)) {
      $0.tasks[id: home.id]?.children.removeLast()
      $0.tasks.append(loose)
      $0.journal?.record(entry("move “Loose end”", from: after, to: $0.tasks.elements))
    }
    await store.finish()
  }

  @Test func anItemCannotMoveIntoItself() async {
    let store = makeStore()
    await store.send(.move(home.id, to: .inside(testID(301)))) {
      $0.errorMessage = "“Home” cannot go inside itself or an item under it."
    }
    await store.send(.move(home.id, to: .after(home.id))) {
      $0.errorMessage = "“Home” cannot go before or after itself: name another item."
    }
    await store.send(.move(testID(999), to: .top)) {
      $0.errorMessage = "There is no item with the id 00000000-0000-0000-0000-0000000003e7."
    }
  }

  @Test func tagsWithRelativeDatesAreStoredAsTheirDay() async {
    let store = makeStore()
    await store.send(.addTags(["@due(+3d)", "@start(friday)", "@mood(today)"], to: loose.id)) {
      $0.tasks[id: loose.id]?.tags = [
        Tag(name: "due", value: "2026-11-28"), Tag(name: "start", value: "2026-11-27"), Tag(name: "mood", value: "today"),
      ]
      $0.journal?.record(entry("tag “Loose end” @due(2026-11-28) @start(2026-11-27) @mood(today)", from: [home, loose], to: $0.tasks.elements))
    }
    await store.finish()
  }
}

@Suite struct RelativeDateTests {
  /// Wednesday.
  let today = TaskDate.Day(year: 2026, month: 11, day: 25)!

  @Test(arguments: [
    ("today", "2026-11-25"), ("Tomorrow", "2026-11-26"), ("yesterday", "2026-11-24"),
    ("thursday", "2026-11-26"), ("wed", "2026-12-02"), ("monday", "2026-11-30"), ("SUN", "2026-11-29"),
    ("+3d", "2026-11-28"), ("-2d", "2026-11-23"), ("+2w", "2026-12-09"), ("next week", "2026-11-30"),
    ("tomorrow 9:30", "2026-11-26 09:30"), ("2026-12-01", "2026-12-01"), ("2026-12-01 10:00-11:00", "2026-12-01 10:00-11:00"),
    // Weeks start on Monday: `this` is this week's (today included), `next` next week's.
    ("this friday", "2026-11-27"), ("this wednesday", "2026-11-25"), ("next friday", "2026-12-04"), ("next monday", "2026-11-30"),
    ("in 3 days", "2026-11-28"), ("in 1 week", "2026-12-02"), ("in 2 months", "2027-01-25"), ("+1m", "2026-12-25"),
    ("+1y", "2027-11-25"), ("-1m", "2026-10-25"), ("next month", "2026-12-01"), ("next year", "2027-01-01"),
    ("eow", "2026-11-29"), ("eom", "2026-11-30"), ("eoy", "2026-12-31"),
    ("dec 1", "2026-12-01"), ("1 Dec", "2026-12-01"), ("november 25", "2026-11-25"), ("nov 24", "2027-11-24"),
    ("5pm", "2026-11-25 17:00"), ("noon", "2026-11-25 12:00"), ("midnight", "2026-11-25 00:00"), ("12am", "2026-11-25 00:00"),
    ("friday 5pm", "2026-11-27 17:00"), ("mon 9:30am", "2026-11-30 09:30"), ("tomorrow 5 pm", "2026-11-26 17:00"),
    ("2026-12-01T09:00", "2026-12-01 09:00"), ("2026-12-01T09:00:00", "2026-12-01 09:00"),
  ])
  func relativeDatesReadAsTheirDay(text: String, expected: String) throws {
    #expect(try TaskDate.resolve(text, today: today)?.description == expected)
  }

  @Test func otherTextIsNoDateAndImpossibleDatesAreErrors() {
    for text in ["soon", "next fortnight", "+3", "3d", "+d", "", "tomorrow at 9", "in days", "dec", "feb 30x"] {
      #expect((try? TaskDate.resolve(text, today: today)) == nil, "\(text)")
    }
    #expect(throws: TaskDateError.invalidTime("25:00")) { try TaskDate.resolve("tomorrow 25:00", today: today) }
    #expect(throws: TaskDateError.invalidDate("2026-02-30")) { try TaskDate.resolve("2026-02-30", today: today) }
    #expect(throws: TaskDateError.invalidTime("13pm")) { try TaskDate.resolve("friday 13pm", today: today) }
  }

  @Test func aMonthFromADayItsMonthLacksIsThatMonthsLastDay() throws {
    let january31 = try #require(TaskDate.Day(year: 2027, month: 1, day: 31))
    #expect(try TaskDate.resolve("+1m", today: january31)?.description == "2027-02-28")
    #expect(try TaskDate.resolve("in 1 year", today: try #require(TaskDate.Day(year: 2028, month: 2, day: 29)))?.description == "2029-02-28")
  }

  @Test func weekdaysCountFromMonday() {
    #expect(TaskDate.Day(year: 1970, month: 1, day: 1)!.weekday == 3)
    #expect(today.weekday == 2)
    #expect(TaskDate.Day(year: 1969, month: 12, day: 29)!.weekday == 0)
  }
}

@Suite struct OutlineViewTests {
  static let outline = parseOutline(
    """
    Errands:
    \t- Buy milk @due(2026-11-20)
    \t\tSemi-skimmed
    \t- Post letter @due(2026-11-25 17:00)
    \t- Bank @due(2026-11-25 09:00)
    \tSub:
    \t\t- Old @done @due(2020-01-01)
    Home:
    \t- Paint @due(2026-12-02)
    \t- Fence @due(2026-12-03)
    - Loose @due(2026-11-27)

    """
  )
  let today = TaskDate.Day(year: 2026, month: 11, day: 25)!

  @Test func aMatchComesWithTheItemsAboveIt() {
    let rows = TaskFilter(kinds: Set(Item.Kind.allCases), searchText: "semi").outlineRows(of: Self.outline)
    #expect(rows.map(\.entry.item.title) == ["Errands", "Buy milk", "Semi-skimmed"])
    #expect(rows.map(\.isContext) == [true, true, false])
    #expect(TaskFilter(kinds: Set(Item.Kind.allCases), searchText: "nothing").outlineRows(of: Self.outline).isEmpty)
    let everything = TaskFilter(kinds: Set(Item.Kind.allCases)).outlineRows(of: Self.outline)
    #expect(everything.filter(\.isContext).map(\.entry.item.title) == [])
    #expect(!everything.contains { $0.entry.item.title == "Old" }, "done items are left out")
  }

  @Test func theOutlineRowsAreEveryMatchWithTheItemsAboveItThatDoNotMatch() {
    // The rows as their definition says: the matches (never a blank line), each preceded by
    // the items above it not shown yet, as context.
    func expectedRows(_ filter: TaskFilter, _ outline: Outline) -> [OutlineRow] {
      let matched = Set(filter.apply(to: outline).filter { !$0.item.isBlank }.map(\.item.id))
      var rows: [OutlineRow] = []
      var above: [(entry: Outline.Entry, shown: Bool)] = []
      for entry in outline.entries() {
        above.removeLast(above.count - entry.depth)
        guard matched.contains(entry.item.id) else {
          above.append((entry, false))
          continue
        }
        for index in above.indices where !above[index].shown {
          rows.append(OutlineRow(entry: above[index].entry, isContext: true))
          above[index].shown = true
        }
        rows.append(OutlineRow(entry: entry, isContext: false))
        above.append((entry, true))
      }
      return rows
    }
    var random = SplitMix64(seed: 23)
    let bodies = ["- task", "Project:", "a note", "- home @home", "- done @done", "", "Errands:", "- call @home @done"]
    let filters = [
      TaskFilter(), TaskFilter(kinds: Set(Item.Kind.allCases)), TaskFilter(tags: [.has("home")]),
      TaskFilter(kinds: Set(Item.Kind.allCases), project: "err"), TaskFilter(kinds: Set(Item.Kind.allCases), searchText: "o"),
      TaskFilter(status: .done), TaskFilter(kinds: [.note], status: .all),
    ]
    var contextRows = 0
    for _ in 0..<300 {
      var lines: [String] = []
      var depth = 0
      for index in 0..<Int.random(in: 1...30, using: &random) {
        depth = Int.random(in: 0...min(depth + 1, 5), using: &random)
        let body = bodies.randomElement(using: &random)!
        lines.append(String(repeating: "\t", count: depth) + (body.isEmpty ? "" : "\(body) \(index)"))
      }
      let outline = TaskPaperParser.parse(lines.joined(separator: "\n"), makeID: { UUID() })
      for filter in filters {
        let rows = filter.outlineRows(of: outline)
        #expect(rows == expectedRows(filter, outline), "\(filter) on\n\(lines.joined(separator: "\n"))")
        contextRows += rows.count { $0.isContext }
      }
    }
    #expect(contextRows > 1000, "the documents nest deeply enough to need context rows")
  }

  @Test func theAgendaGroupsByDayAndSortsByTime() {
    let agenda = Agenda(Self.outline, today: today)
    #expect(agenda.overdue.map(\.item.title) == ["Buy milk"])
    #expect(agenda.today.map(\.item.title) == ["Bank", "Post letter"])
    #expect(agenda.upcoming.map(\.item.title) == ["Loose", "Paint"])
    #expect(Agenda(Self.outline, today: today, days: 8).upcoming.map(\.item.title) == ["Loose", "Paint", "Fence"])
  }

  @Test func aTimedDeadlineComesBeforeAWholeDayOnTheSameDay() {
    let outline = parseOutline(
      "- Whole day @due(2026-11-25)\n- At five @due(2026-11-25 17:00)\n- Also whole @due(2026-11-25)\n- At nine @due(2026-11-25 09:00)\n"
        + "- Friday @due(2026-11-27)\n- Friday noon @due(2026-11-27 12:00)\n- Old day @due(2026-11-20)\n- Old evening @due(2026-11-20 18:00)\n"
    )
    let agenda = Agenda(outline, today: today)
    #expect(agenda.today.map(\.item.title) == ["At nine", "At five", "Whole day", "Also whole"])
    #expect(agenda.upcoming.map(\.item.title) == ["Friday noon", "Friday"])
    #expect(agenda.overdue.map(\.item.title) == ["Old evening", "Old day"])
  }

  @Test func theAgendaReadsDueTagsWhateverTheirCase() {
    let outline = parseOutline("- Renew passport @DUE(2026-11-01)\n- Call @Due(2026-11-25)\n- Old @DUE(2026-11-01) @DONE\n")
    let agenda = Agenda(outline, today: today)
    #expect(agenda.overdue.map(\.item.title) == ["Renew passport"])
    #expect(agenda.today.map(\.item.title) == ["Call"])
  }

  @Test func itemsDueAtTheSameMomentStayInDocumentOrder() {
    // Many ties among other dates, in every group: the sort is stable.
    var lines: [String] = []
    for index in 0..<300 {
      let day = [20, 25, 27][index % 3]
      let time = index % 4 == 0 ? " 09:00" : ""
      lines.append("- Task \(index) @due(2026-11-\(day)\(time))")
    }
    let agenda = Agenda(parseOutline(lines.joined(separator: "\n")), today: today)
    for group in [agenda.overdue, agenda.today, agenda.upcoming] {
      #expect(group.count == 100)
      // By day, the timed deadlines before the whole days, then in document order.
      let keys = group.map { entry in
        let deadline = TaskFilter.deadline(of: entry.item)!
        return (deadline.day, deadline.time == nil ? 1 : 0, deadline, Int(entry.item.title.split(separator: " ")[1])!)
      }
      #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "by deadline, then in document order")
    }
  }

  @Test func projectsCountTheirOwnTasks() {
    let summaries = Self.outline.projectSummaries()
    #expect(summaries.map(\.entry.item.title) == ["Errands", "Sub", "Home"])
    #expect(summaries.map(\.openTasks) == [3, 0, 2])
    #expect(summaries.map(\.doneTasks) == [0, 1, 0])
    #expect(summaries.map(\.entry.depth) == [0, 1, 0])
    #expect(summaries.map(\.projectDepth) == [0, 1, 0])
  }

  @Test func aProjectUnderATaskOrANoteIsInNoProject() {
    let outline = TaskPaperParser.parse(
      "Work:\n\t- a\nGarden:   \n\tSub:\n\t\t- s\n- t\n\tInner:\n\t\t- i\nHome:\n\t- d\n\t\tDeep:\n",
      makeID: { UUID() }
    )
    let summaries = outline.projectSummaries()
    #expect(summaries.map(\.entry.item.title) == ["Work", "Sub", "Inner", "Home", "Deep"])
    #expect(summaries.map(\.entry.depth) == [0, 1, 1, 0, 2])
    #expect(summaries.map(\.projectDepth) == [0, 0, 0, 0, 1], "Deep is in Home, under one of its tasks")
  }

  @Test func sortingByDueDateListsTheDaysTimesBeforeItsWholeDayItems() {
    let outline = TaskPaperParser.parse(
      "- whole day @due(2026-11-28)\n- evening @due(2026-11-28 17:00)\n- morning @due(2026-11-28 09:00)\n- next day @due(2026-11-29)\n",
      makeID: { UUID() }
    )
    let entries = TaskFilter(status: .all).apply(to: outline)
    #expect(TaskOrder.due.sorted(entries).map(\.item.title) == ["morning", "evening", "whole day", "next day"])
  }

  @Test func ordersSortAndKeepDocumentOrderOnTies() {
    let entries = TaskFilter(status: .all).apply(to: Self.outline)
    #expect(TaskOrder.due.sorted(entries).map(\.item.title) == ["Old", "Buy milk", "Bank", "Post letter", "Loose", "Paint", "Fence"])
    #expect(TaskOrder.text.sorted(entries).map(\.item.title) == ["Bank", "Buy milk", "Fence", "Loose", "Old", "Paint", "Post letter"])
    #expect(TaskOrder.project.sorted(entries).map(\.item.title) == ["Loose", "Buy milk", "Post letter", "Bank", "Paint", "Fence", "Old"])
    let ids = entries.map(\.item.id)
    let seen = [ids[4]: Date(timeIntervalSince1970: 10), ids[0]: Date(timeIntervalSince1970: 20)]
    #expect(TaskOrder.created.sorted(entries, firstSeen: seen).map(\.item.title).suffix(2) == ["Paint", "Buy milk"])
  }
}

@Suite struct TaskFileCheckupTests {
  @Test func findsUnreadableDatesRepeatedTagsAndMixedIndentation() throws {
    // Three copies of @home are one finding.
    let text = "P:\n\t- a @due(tomorow)\n \t- b @home @home @home\n\t- c @due(2026-02-30)\n\t- d @due(2026-12-01) @start(+3d)\n    - e\n"
    let (_, source) = try TaskFile.read(Data(text.utf8), index: nil)
    let checkup = TaskFileCheckup(source)
    #expect(checkup.findings.map(\.line) == [2, 3, 3, 4, 5, 6])
    #expect(
      checkup.findings.map(\.kind) == [
        .unreadableDate, .mixedIndentation, .duplicateTag, .unreadableDate, .unreadableDate, .inconsistentIndentation,
      ])
    #expect(checkup.findings[0].message == "@due(tomorow) is not a date taskman reads; write it as YYYY-MM-DD")
    #expect(checkup.findings[0].tagName == "due")
    #expect(checkup.findings[3].message == "@due(2026-02-30): Invalid date 2026-02-30")
    #expect(checkup.findings[4].message.hasPrefix("@start(+3d) is a relative date"))
    #expect(checkup.findings[5].message.hasPrefix("indented with spaces while line 2 is indented with tabs"))
    #expect(checkup.lineCount == 6)
    #expect(checkup.lineEndings == .lf)
    #expect(checkup.endsWithLineBreak)
    #expect(checkup.indentsWithTabsAndSpaces)
  }

  @Test func readsDateTagsAndRepeatsWhateverTheirCase() throws {
    let (_, source) = try TaskFile.read(Data("- a @DUE(tomorow)\n- b @home @Home\n".utf8), index: nil)
    let checkup = TaskFileCheckup(source)
    #expect(checkup.findings.map(\.kind) == [.unreadableDate, .duplicateTag])
    #expect(checkup.findings[0].message == "@DUE(tomorow) is not a date taskman reads; write it as YYYY-MM-DD")
    #expect(checkup.findings[1].message == "@home appears more than once on this item")
  }

  @Test func namesTheFirstLineEndingOtherwise() throws {
    let (_, source) = try TaskFile.read(Data("P:\r\n\t- a\r\n\t- b\n\t- c\n".utf8), index: nil)
    let checkup = TaskFileCheckup(source)
    #expect(checkup.findings.map(\.line) == [3])
    #expect(checkup.findings.map(\.kind) == [.mixedLineEndings])
    #expect(checkup.findings[0].message.hasPrefix("ends with LF while line 1 ends with CRLF"))
    #expect(checkup.lineEndings == .mixed)
  }

  @Test func aCleanFileHasNoFindings() throws {
    let (_, source) = try TaskFile.read(Data("P:\r\n\t- a @due(2026-12-01)\r\n\r\n- b".utf8), index: nil)
    let checkup = TaskFileCheckup(source)
    #expect(checkup.findings.isEmpty)
    #expect(checkup.lineEndings == .crlf)
    #expect(!checkup.endsWithLineBreak)
    #expect(checkup.blankLines == 1)
    #expect(!checkup.indentsWithTabsAndSpaces)
  }
}
