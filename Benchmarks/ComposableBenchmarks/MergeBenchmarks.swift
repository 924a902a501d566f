// The three-way merge `taskman merge-driver` runs (issue 46), without the process around it.
// `BENCH_MERGE=1` runs only these.
import Foundation
import TaskManager

@MainActor
func runMerges() {
  print(String(repeating: "-", count: 86))
  for tasks in [10_000, 100_000] {
    let lines = taskPaperDocument(tasks: tasks).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // Ours tags one task in twenty and adds one after each of them; theirs marks another one
    // in twenty done and moves one task in a hundred to the end of its project.
    var ours: [String] = []
    var theirs: [String] = []
    for (index, line) in lines.enumerated() {
      let isTask = line.hasPrefix("\t- ")
      ours.append(isTask && index % 20 == 3 ? line + " @next" : line)
      if isTask && index % 20 == 3 { ours.append("\t- Added after \(index)") }
      if isTask && index % 100 == 50 { continue }
      theirs.append(isTask && index % 20 == 13 ? line + " @done(2026-11-29)" : line)
      if index % 101 == 100, index >= 50 { theirs.append(lines[index - 50]) }
    }
    let base = Array(lines.joined(separator: "\n").utf8)
    let oursBytes = Array(ours.joined(separator: "\n").utf8)
    let theirsBytes = Array(theirs.joined(separator: "\n").utf8)
    let time = measure(3) { n in
      for _ in 0..<n { blackHole(try! OutlineMerge.merge(base: base, ours: oursBytes, theirs: theirsBytes)) }
    }
    report("Outline merge, \(tasks.formatted()) tasks, both sides edited", time, unit: "ms")
  }
}
