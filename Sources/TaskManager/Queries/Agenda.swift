import Foundation

/// What is due: `taskman agenda`. Items that are not done (nor under a done item), actionable
/// today (no `@start` or `@defer` date after today, nor under such an item: they show from
/// that day on) and have a readable `@due` date, in three groups, each sorted by deadline: by day, and on one day the
/// items due at a time, earliest first, before those due some time that day (a bare date); ties
/// in document order.
///
/// ```swift
/// let agenda = Agenda(outline, today: day)
/// agenda.overdue.map(\.item.title)  // ["Renew passport"]
/// ```
public struct Agenda: Hashable, Sendable {
  /// Due before today.
  public var overdue: [Outline.Entry]
  /// Due today.
  public var today: [Outline.Entry]
  /// Due in the next days after today (seven unless told otherwise).
  public var upcoming: [Outline.Entry]

  /// The agenda of `outline` on the day `today`, looking `days` days ahead.
  public init(_ outline: Outline, today: TaskDate.Day, days: Int = 7) {
    var overdue: [(TaskDate.Point, Outline.Entry)] = []
    var dueToday: [(TaskDate.Point, Outline.Entry)] = []
    var upcoming: [(TaskDate.Point, Outline.Entry)] = []
    let last = TaskDate.Day(daysSince1970: today.daysSince1970 + days)
    let dayAfter = TaskDate.Day(daysSince1970: last.daysSince1970 + 1)
    // The filter makes an entry only for the items it lets through: items not done, due by the
    // end of the last day (a bare day sorts before every time on it).
    let due = TaskFilter(
      kinds: Set(Item.Kind.allCases), status: .notDone, dueBefore: dayAfter > last ? TaskDate.Point(day: dayAfter) : nil,
      actionableOn: today)
    for entry in due.apply(to: outline) {
      guard let deadline = TaskFilter.deadline(of: entry.item) else { continue }
      if deadline.day < today {
        overdue.append((deadline, entry))
      } else if deadline.day == today {
        dueToday.append((deadline, entry))
      } else if deadline.day <= last {
        upcoming.append((deadline, entry))
      }
    }
    // A stable sort: entries due at the same moment stay in document order. Their positions
    // are sorted rather than the entries, which are large to move and copy. A bare day follows
    // the day's times (``TaskFilter/deadlineOrder(_:)``).
    func sorted(_ list: [(TaskDate.Point, Outline.Entry)]) -> [Outline.Entry] {
      let keys = list.map { TaskFilter.deadlineOrder($0.0) }
      return list.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }.map { list[$0].1 }
    }
    self.overdue = sorted(overdue)
    self.today = sorted(dueToday)
    self.upcoming = sorted(upcoming)
  }

  /// Whether nothing is due.
  public var isEmpty: Bool { overdue.isEmpty && today.isEmpty && upcoming.isEmpty }
}

/// A project and how many of its tasks are open: a line of `taskman projects`.
public struct ProjectSummary: Hashable, Sendable {
  /// The project, with its depth (projects may nest).
  public var entry: Outline.Entry
  /// Its tasks that are not done, at any depth below it but outside projects nested in it.
  public var openTasks: Int
  /// Its tasks that are done, counted the same way.
  public var doneTasks: Int
  /// How many projects it sits in: 0 for one in no project, even under a task or a note.
  public var projectDepth: Int

  /// Creates a summary.
  public init(entry: Outline.Entry, openTasks: Int, doneTasks: Int, projectDepth: Int = 0) {
    self.entry = entry
    self.openTasks = openTasks
    self.doneTasks = doneTasks
    self.projectDepth = projectDepth
  }
}

extension Outline {
  /// Every project at any depth, in document order, with its task counts.
  public func projectSummaries() -> [ProjectSummary] {
    var summaries: [ProjectSummary] = []
    var index: [UUID: Int] = [:]
    forEachEntry { entry in
      if entry.item.kind == .project {
        let projectDepth = entry.project.flatMap { index[$0.id] }.map { summaries[$0].projectDepth + 1 } ?? 0
        index[entry.item.id] = summaries.count
        summaries.append(ProjectSummary(entry: entry, openTasks: 0, doneTasks: 0, projectDepth: projectDepth))
      } else if entry.item.kind == .task, let project = entry.project, let position = index[project.id] {
        if entry.item.isDone { summaries[position].doneTasks += 1 } else { summaries[position].openTasks += 1 }
      }
    }
    return summaries
  }
}
