import Composable
import Dependencies
import Foundation

// Completing items: marking them done (repeating tasks included), skipping a repetition, and
// archiving what is done.
extension TaskList {
  /// ``Action/markDone(ids:)``: stamps the items not done yet, and adds the next instance of
  /// each repeating one right after it.
  func markDone(_ state: inout State, ids: [UUID]) -> Effect<Action> {
    let stamp = doneStamp(state.settings.doneDateFormat)
    // The next instances, by the id of the item they follow: only of items not done yet, so
    // that marking a done item again repeats nothing.
    var repetitions: [(after: UUID, item: Item)] = []
    for id in ids {
      guard let item = state.item(withID: id), !item.isDone, item.hasTag(named: "repeat") else { continue }
      // An unreadable rule or a missing @due only marks the item done (the command says so).
      if let next = try? item.nextRepetition(id: uuid()) { repetitions.append((id, next)) }
    }
    // Undo names the items the change marks, not those done already.
    var description = "done \(state.titles(of: ids, preferring: { !$0.isDone }))"
    if !repetitions.isEmpty {
      let dues = repetitions.compactMap { $0.item.tag(named: "due")?.value }
      description += ", next due \(dues.joined(separator: ", "))"
    }
    return change(&state, description) { tasks throws(OutlineError) in
      for id in ids {
        // An item already done keeps the day it was done.
        _ = tasks.modifyItem(withID: id) { if !$0.isDone { $0.setTag(Tag(name: "done", value: stamp)) } }
      }
      for repetition in repetitions {
        try tasks.insert(repetition.item, at: .after(repetition.after), newProjectID: uuid())
      }
    }
  }

  /// ``Action/skipRepetition(ids:)``: moves each item's dates to its next instance's.
  func skipRepetition(_ state: inout State, ids: [UUID]) -> Effect<Action> {
    var moved: [Item] = []
    for id in ids {
      guard let item = state.item(withID: id) else { continue }
      do throws(RepeatError) {
        var next = try item.nextRepetition(id: item.id)
        next.children = item.children
        // Skipping keeps a done stamp, if any: it only moves the dates.
        if let done = item.tag(named: "done") { next.setTag(done) }
        moved.append(next)
      } catch {
        state.errorMessage = error.description
        return .none
      }
    }
    let dues = moved.compactMap { $0.tag(named: "due")?.value }
    return change(&state, "skip \(state.titles(of: ids)) to \(dues.joined(separator: ", "))") { tasks in
      for item in moved { _ = tasks.modifyItem(withID: item.id) { $0 = item } }
    }
  }

  /// ``Action/archiveDone`` and ``Action/archiveDoneItems(ids:)``: moves the done items (among
  /// `ids`, when given) into `Archive:`.
  func archiveDone(_ state: inout State, among ids: Set<UUID>? = nil) -> Effect<Action> {
    let archived = state.outline.doneItemsToArchive(among: ids).map(\.item.id)
    guard !archived.isEmpty else { return .none }
    let count = archived.count
    return change(&state, "archive \(count) done \(count == 1 ? "item" : "items")", moved: Set(archived)) { tasks in
      var outline = Outline(items: tasks.elements)
      outline.archiveDone(among: ids, newProjectID: { uuid() })
      tasks = IdentifiedArray(uniqueElements: outline.items)
    }
  }
}
