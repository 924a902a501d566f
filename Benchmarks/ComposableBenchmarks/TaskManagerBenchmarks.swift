// TaskManager benchmarks: the task document format and the queries over a task list.
// Kept apart from main.swift, which calls `runTaskManager()` once.
import Foundation
import TaskManager

@MainActor
func runTaskManager() {
  print(String(repeating: "-", count: 86))
  for tasks in [10_000, 100_000] {
    var counter: UInt64 = 0
    let outline = TaskPaperParser.parse(taskPaperDocument(tasks: tasks)) {
      counter &+= 1
      return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(truncatingIfNeeded: counter >> 8), UInt8(truncatingIfNeeded: counter)))
    }
    // Ids must be unique for the document to decode; the parse above counts with only 16 bits.
    var unique = outline
    var next: UInt64 = 0
    for index in unique.items.indices {
      renumber(&unique.items[index], &next)
    }

    var data = Data()
    if profileTaskManager(unique, tasks: tasks) { return }
    let encode = measure(3) { n in for _ in 0..<n { data = TaskDocument.encode(unique) } }
    report("Task document encode, \(tasks.formatted()) tasks", encode, unit: "ms")
    let decode = measure(3) { n in for _ in 0..<n { blackHole(try! TaskDocument.decode(data)) } }
    report("Task document decode, \(tasks.formatted()) tasks", decode, unit: "ms")
    let counts = measure(3) { n in for _ in 0..<n { blackHole(unique.tagCounts()) } }
    report("Tag counts, \(tasks.formatted()) tasks", counts, unit: "ms")
    let byTag = TaskFilter(tags: [.has("today")])
    let filter = measure(3) { n in for _ in 0..<n { blackHole(byTag.apply(to: unique)) } }
    report("Filter by tag (@today), \(tasks.formatted()) tasks", filter, unit: "ms")
    let byText = TaskFilter(searchText: "WORDS 7")
    let search = measure(3) { n in for _ in 0..<n { blackHole(byText.apply(to: unique)) } }
    report("Filter by text search, \(tasks.formatted()) tasks", search, unit: "ms")
  }
}

/// `BENCH_ONLY=taskmanager-<encode|decode|tags|filter>` loops over one workload at 100,000 tasks,
/// for `perf record`.
@MainActor
private func profileTaskManager(_ outline: Outline, tasks: Int) -> Bool {
  guard let only = ProcessInfo.processInfo.environment["BENCH_ONLY"], only.hasPrefix("taskmanager-") else { return false }
  guard tasks == 100_000 else { return false }
  let data = TaskDocument.encode(outline)
  for _ in 0..<50 {
    switch only {
    case "taskmanager-encode": blackHole(TaskDocument.encode(outline))
    case "taskmanager-decode": blackHole(try! TaskDocument.decode(data))
    case "taskmanager-tags": blackHole(outline.tagCounts())
    default: blackHole(TaskFilter(tags: [.has("today")]).apply(to: outline))
    }
  }
  return true
}

private func renumber(_ item: inout Item, _ next: inout UInt64) {
  next += 1
  let b = withUnsafeBytes(of: next.bigEndian) { Array($0) }
  item.id = UUID(uuid: (0x6B, 0x1F, 0, 0, 0, 0, 0x40, 0, 0x80, 0, b[2], b[3], b[4], b[5], b[6], b[7]))
  for index in item.children.indices { renumber(&item.children[index], &next) }
}
