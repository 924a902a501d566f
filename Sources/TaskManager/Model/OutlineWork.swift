/// Counts the items that the walks finding and changing items look at, so that tests can check
/// that the work of a change grows with the depth of the item it changes, not with its square.
/// Counted only where a test set a counter for the task.
enum OutlineWork {
  /// A count for one test; only the task that set it adds to it.
  final class Counter: @unchecked Sendable {
    var items = 0
  }

  @TaskLocal static var counter: Counter?

  /// Adds `items` to the task's counter, if it has one.
  static func count(_ items: Int) {
    if let counter { counter.items += items }
  }
}
