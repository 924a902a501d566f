import Composable
import Foundation
import TaskManager
import TaskmanCLI
import TerminalUI

// `taskman ui`: a key to a written frame at 10,000 tasks on a 120x48 screen. Each key is what
// the runtime does with one: the key map of the state, the action sent to the store (↓ and ↑,
// the selection moving a row), the new frame drawn (only the page on screen), and the bytes the
// runtime's writer writes for it. What a change of the file costs on top (the reload and the
// save under the lock) is a command's cost, measured by the taskman figures.

@MainActor
func runTaskmanUI() {
  let text = (1...10_000).map { "- Task number \($0) @tag\($0 % 7) @due(2026-12-\(10 + $0 % 18))" }.joined(separator: "\n")
  var number = 0
  let outline = TaskPaperParser.parse(text) {
    number += 1
    return UUID(uuidString: String(format: "%08X-0000-4000-8000-000000000000", number))!
  }
  let state = AppFeature.State(
    taskList: TaskList.State(
      tasks: IdentifiedArray(uniqueElements: outline.items), loadStatus: .loaded,
      filter: TaskFilter(kinds: Set(Item.Kind.allCases), status: .notDone)
    )
  )
  let store = Store(initialState: state) { AppFeature() }
  let view = TaskmanScreen(today: TaskDate.Day(year: 2026, month: 11, day: 28)!, pageRows: 45)
  var writer = ScreenWriter(colors: true)
  _ = writer.update(to: view.frame(of: store.state, width: 120, height: 48))
  var bytes = 0
  var keys = 0
  let perKey = measure(200) { n in
    for index in 0..<n {
      let key: Key = index % 100 < 50 ? .down : .up
      if let action = view.keyMap(for: store.state).action(for: key) { store.send(action) }
      bytes += writer.update(to: view.frame(of: store.state, width: 120, height: 48)).count
      keys += 1
    }
  }
  report("taskman ui, 10,000 tasks, 120x48: a key to a written frame", perKey, unit: "µs")
  print("taskman ui, 10,000 tasks: \(bytes / max(keys, 1)) bytes written a key (the selection moving one row)")
  // `.` shows and hides done items: the list's rows are built again for the key and its frame.
  let perRebuild = measure(20) { n in
    for _ in 0..<n {
      if let action = view.keyMap(for: store.state).action(for: Key(".")) { store.send(action) }
      _ = writer.update(to: view.frame(of: store.state, width: 120, height: 48))
    }
  }
  report("taskman ui, 10,000 tasks, 120x48: `.` (refilter) to a frame", perRebuild, unit: "µs")
}
