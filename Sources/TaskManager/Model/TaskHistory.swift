import Composable
import Foundation

/// The changes that `undo` can revert, newest last, kept with the task list so that undo works
/// across runs of `taskman`.
///
/// A step records only what it changed at the top level of the outline: the previous version of
/// each top-level item it changed or removed (with its position), and the ids of the top-level
/// items it added. Reverting puts those items back, so a step costs memory in proportion to
/// the change, not to the list.
///
/// ```swift
/// var history = TaskHistory()
/// let before = tasks
/// tasks.append(newTask)
/// history.record("add “Buy milk”", from: before, to: tasks)
/// history.undo(&tasks)  // the step's description; `tasks` is `before` again
/// ```
public struct TaskHistory: Equatable, Sendable {
  /// One change that can be reverted.
  public struct Step: Equatable, Sendable {
    /// What the change did, for people: `add “Buy milk”`.
    public var description: String
    /// The ids of the top-level items the change added.
    public var addedIDs: [UUID]
    /// The top-level items the change modified or removed, as they were, with their positions
    /// before the change, in increasing order of position.
    public var previousItems: [PreviousItem]

    /// Creates a step.
    public init(description: String, addedIDs: [UUID] = [], previousItems: [PreviousItem] = []) {
      self.description = description
      self.addedIDs = addedIDs
      self.previousItems = previousItems
    }
  }

  /// A top-level item as it was before a change, and where it was.
  public struct PreviousItem: Equatable, Sendable {
    /// Its position among the top-level items.
    public var index: Int
    /// The item, children included.
    public var item: Item

    /// Creates a record of a previous item.
    public init(index: Int, item: Item) {
      self.index = index
      self.item = item
    }
  }

  /// How many steps are kept; older ones are forgotten.
  public static let limit = 20

  /// The steps, oldest first.
  public var steps: [Step]

  /// Creates a history.
  public init(steps: [Step] = []) {
    self.steps = steps
  }

  /// Records the change from `before` to `after` as one step, unless nothing changed.
  public mutating func record(
    _ description: String,
    from before: IdentifiedArrayOf<Item>,
    to after: IdentifiedArrayOf<Item>
  ) {
    var step = Step(description: description)
    if before.ids == after.ids {
      for index in before.indices where before[index] != after[index] {
        step.previousItems.append(PreviousItem(index: index, item: before[index]))
      }
    } else {
      for (index, item) in before.enumerated() where after[id: item.id] != item {
        step.previousItems.append(PreviousItem(index: index, item: item))
      }
      step.addedIDs = after.ids.filter { !before.contains(id: $0) }
    }
    guard !step.previousItems.isEmpty || !step.addedIDs.isEmpty else { return }
    steps.append(step)
    if steps.count > Self.limit { steps.removeFirst(steps.count - Self.limit) }
  }

  /// Reverts the newest step on `tasks` and returns it, or returns nil when there is none.
  @discardableResult
  public mutating func undo(_ tasks: inout IdentifiedArrayOf<Item>) -> Step? {
    guard let step = steps.popLast() else { return nil }
    let removed = Set(step.addedIDs).union(step.previousItems.map(\.item.id))
    if !removed.isEmpty { tasks.removeAll { removed.contains($0.id) } }
    for previous in step.previousItems {
      _ = tasks.insert(previous.item, at: min(previous.index, tasks.count))
    }
    return step
  }
}
