// TaskPaper search benchmarks: `taskman query` and `list --where` without the process around
// them. `BENCH_SEARCH=1` runs only these.
import Foundation
import TaskManager

@MainActor
func runSearches() {
  print(String(repeating: "-", count: 86))
  let today = TaskDate.Day(year: 2026, month: 12, day: 10)!
  for tasks in [10_000, 100_000] {
    var counter: UInt64 = 0
    let outline = TaskPaperParser.parse(taskPaperDocument(tasks: tasks)) {
      counter &+= 1
      let b = withUnsafeBytes(of: counter.bigEndian) { Array($0) }
      return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]))
    }
    for text in ["@today", "@due < [d]today and not @done", "project Project 7//task", "words 7", "//@errand union //@today"] {
      let search = try! TaskPaperSearch(parsing: text)
      let time = measure(3) { n in for _ in 0..<n { blackHole(search.matches(in: outline, today: today)) } }
      report("Search '\(text)', \(tasks.formatted()) tasks", time, unit: "ms")
    }
  }
}
