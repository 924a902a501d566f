import Composable
import Foundation
import TaskManager
import TerminalUI
import Testing

@testable import TaskmanCLI

// The numbers of BENCHMARKS.md's `taskman ui` section: a benchmark, not a timed test. It runs
// only when asked (`TASKMAN_UI_BENCH=1`), best in a release build:
//
//   TASKMAN_UI_BENCH=1 swift test -c release --filter UIScreenBenchmark
//
// A key to a written frame: the key map of the state, the action sent to the store, the new
// frame drawn, and the bytes the runtime's writer would write for it, at 10,000 tasks.

@MainActor
@Suite("taskman ui: benchmark", .enabled(if: ProcessInfo.processInfo.environment["TASKMAN_UI_BENCH"] == "1"))
struct UIScreenBenchmark {
  @Test func aKeyToAWrittenFrameAt10000Tasks() {
    let text = (1...10_000).map { "- Task number \($0) @tag\($0 % 7) @due(2026-12-\(10 + $0 % 18))" }.joined(separator: "\n")
    let store = Store(initialState: screenState(text)) { AppFeature() }
    let view = screen(pageRows: 45)
    var writer = ScreenWriter(colors: true)
    _ = writer.update(to: view.frame(of: store.state, width: 120, height: 48))
    var bytes = 0
    let keys = 1_000
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      for index in 0..<keys {
        let key: Key = index % 100 < 50 ? .down : .up
        if let action = view.keyMap(for: store.state).action(for: key) { store.send(action) }
        bytes += writer.update(to: view.frame(of: store.state, width: 120, height: 48)).count
      }
    }
    let perKey = elapsed / keys
    print("taskman ui, 10,000 tasks, 120x48: a key to a written frame \(perKey), \(bytes / keys) bytes written a key (the selection moving one row)")
  }
}
