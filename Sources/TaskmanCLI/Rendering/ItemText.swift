import TaskManager

/// The TaskPaper text of one item and its descendants, as `taskman show` prints it.
enum ItemText {
  /// Like `TaskPaperPrinter.print(item)`, moved left so the item itself starts at column 0
  /// (an item nested in a project would otherwise start with its tabs).
  ///
  /// ```
  /// - Buy milk @shopping
  /// 	Oat, not soy
  /// ```
  static func taskPaper(_ item: Item) -> String {
    let text = TaskPaperPrinter.print(item)
    let shift = item.level
    guard shift > 0 else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      var rest = line[...]
      var removed = 0
      while removed < shift, rest.first == "\t" {
        rest.removeFirst()
        removed += 1
      }
      result += rest + "\n"
    }
    return result
  }
}
