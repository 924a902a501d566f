import Composable
import Foundation
import TaskManager
import TerminalUI

/// The task list's rows and short ids, kept from one key to the next while the list and its
/// filter stay the same.
///
/// A key is looked up in the key map of the state, and the frame after it draws the list and
/// the help line from the key map again: three times the rows of the whole outline for one key,
/// at 10,000 tasks most of the key's time. The rows depend only on the items and the filter,
/// and the short ids only on the items; an unchanged list is the same array storage, which
/// `==` recognises without looking at an element. So a key that only moves the selection
/// builds nothing.
@MainActor
final class TaskListMemo {
  private var tasks: IdentifiedArrayOf<Item>?
  private var filter: TaskFilter?
  private var rows: [OutlineRow] = []
  private var index: ShortIDIndex?
  /// How many times the rows were built (tests count them).
  private(set) var rowBuilds = 0

  /// The rows `state`'s filter shows of its items.
  func rows(of state: AppFeature.State) -> [OutlineRow] {
    let list = state.taskList
    if list.tasks != tasks || list.filter != filter {
      if list.tasks != tasks { index = nil }
      tasks = list.tasks
      filter = list.filter
      rows = list.filter.outlineRows(of: list.outline)
      rowBuilds += 1
    }
    return rows
  }

  /// The short ids of `state`'s items.
  func shortIDIndex(of state: AppFeature.State) -> ShortIDIndex {
    if state.taskList.tasks != tasks {
      // The rows are of other items now: built again at their next use.
      tasks = state.taskList.tasks
      filter = nil
      index = nil
    }
    if let index { return index }
    let made = ShortIDIndex(items: state.taskList.tasks.elements)
    index = made
    return made
  }
}
