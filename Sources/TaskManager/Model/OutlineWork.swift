import Synchronization

/// Counts the items that the walks finding and changing items look at, and the tags that
/// printing and rewriting a line match against the item's, so that tests can check that the
/// work grows with the depth of the item changed, or the number of tags on its line, and not
/// with its square. Counted only where a test set a counter for the task.
enum OutlineWork {
  /// A count for one test. A task-local value is seen by the tasks the setting task starts too,
  /// so the count is atomic: any of them may add to it.
  final class Counter: Sendable {
    private let count = Atomic<Int>(0)

    /// The items (and tags) counted so far.
    var items: Int { count.load(ordering: .relaxed) }

    func add(_ items: Int) {
      count.wrappingAdd(items, ordering: .relaxed)
    }
  }

  @TaskLocal static var counter: Counter?

  /// Adds `items` to the task's counter, if it has one.
  static func count(_ items: Int) {
    if let counter { counter.add(items) }
  }
}
