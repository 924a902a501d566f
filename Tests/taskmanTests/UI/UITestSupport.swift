import Composable
import Foundation
import TaskManager
import TerminalUI

@testable import TaskmanCLI

/// Ids whose short forms are `a100`, `a200`, … `af00` for the first 15 items of a parse; the
/// later ones have longer short ids.
func screenID(_ number: Int) -> UUID {
  if number < 16 { return UUID(uuidString: String(format: "A%X000000-0000-4000-8000-000000000000", number))! }
  return UUID(uuidString: String(format: "%08X-0000-4000-8000-000000000000", number))!
}

/// The app's state over `text`, loaded, the outline shown as `taskman list` shows it.
func screenState(_ text: String, showDone: Bool = false) -> AppFeature.State {
  var number = 0
  let outline = TaskPaperParser.parse(text) {
    number += 1
    return screenID(number)
  }
  return AppFeature.State(
    taskList: TaskList.State(
      tasks: IdentifiedArray(uniqueElements: outline.items), loadStatus: .loaded,
      filter: TaskFilter(kinds: Set(Item.Kind.allCases), status: showDone ? .all : .notDone)
    )
  )
}

/// 2026-11-28, the day the screens are drawn on.
let screenToday = TaskDate.Day(year: 2026, month: 11, day: 28)!

/// The screen as a test draws it.
@MainActor
func screen(pageRows: Int = 20, rowDrawn: (@MainActor () -> Void)? = nil) -> TaskmanScreen {
  TaskmanScreen(today: screenToday, pageRows: pageRows, rowDrawn: rowDrawn)
}
