import Foundation
import TaskManager

/// Renders the outline `taskman list` prints: every line with its short id, indented under its
/// parent as in TaskPaper (two spaces a level), projects, tasks and notes alike.
///
/// ```
/// a1b2  Errands:
/// 3f2a    - Buy milk @shopping @due(2026-12-01)
/// 9c01      Semi-skimmed.
/// 77b0  - Loose end
/// ```
///
/// Ids are padded to the longest so the lines align. On a terminal, lines shown only as the
/// context of a match and done items are dimmed, and a `@due` date that is past is red.
enum OutlineRenderer {
  static func render(_ rows: [OutlineRow], shortID: (UUID) -> String, style: TextStyle, today: TaskDate.Day) -> String {
    let ids = rows.map { shortID($0.entry.item.id) }
    let idWidth = ids.map(\.count).max() ?? 0
    var output = ""
    for (row, id) in zip(rows, ids) {
      let item = row.entry.item
      let padding = String(repeating: " ", count: idWidth - id.count)
      let indentation = String(repeating: "  ", count: row.entry.depth)
      let plain = TextStyle.printable(TaskPaperPrinter.line(for: item))
      let isOverdue = !item.isDone && TaskFilter.deadline(of: item).map { $0.day < today } == true
      let text = isOverdue ? style.overdue(plain) : TaskRowRenderer.highlightTags(plain, style: style)
      let line = style.id(id) + padding + "  " + indentation + text
      output += (row.isContext || item.isDone ? style.dim(line) : line) + "\n"
    }
    return output
  }
}
