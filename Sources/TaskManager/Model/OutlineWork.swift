/// Counts the items that the walks finding and changing items look at, and the tags that
/// printing and rewriting a line match against the item's, so that tests can check that the
/// work grows with the depth of the item changed, or the number of tags on its line, and not
/// with its square. Counted only where a test set a counter for the task.
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
