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
    String(decoding: renderedUTF8(rows, shortIDs: rows.map { shortID($0.entry.item.id) }, style: style, today: today), as: UTF8.self)
  }

  /// ``render(_:shortID:style:today:)`` as UTF-8, for output that need not be a string, with
  /// the rows' short ids in their order (see ``ShortIDIndex/shortIDs(for:)``).
  static func renderedUTF8(_ rows: [OutlineRow], shortIDs ids: [String], style: TextStyle, today: TaskDate.Day) -> [UInt8] {
    precondition(ids.count == rows.count, "a short id for each row")
    let idWidth = ids.map(\.utf8.count).max() ?? 0
    // Bytes rather than a string per line: 10,000 lines would otherwise make ten strings each.
    var output: [UInt8] = []
    output.reserveCapacity(rows.count * (idWidth + 96))
    // Rows are read in place: a copy of each would retain and release its items.
    for index in rows.indices {
      let id = ids[index]
      let lineStart = output.count
      output.append(contentsOf: style.id(id).utf8)
      output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: idWidth - id.utf8.count + 2 + 2 * rows[index].entry.depth))
      let textStart = output.count
      TaskPaperPrinter.appendLine(for: rows[index].entry.item, to: &output)
      TextStyle.makePrintable(&output, from: textStart)
      if style.isColored {
        let item = rows[index].entry.item
        let plain = String(decoding: output[textStart...], as: UTF8.self)
        let isOverdue = !item.isDone && TaskFilter.deadline(of: item).map { $0.day < today } == true
        output.replaceSubrange(textStart..., with: (isOverdue ? style.overdue(plain) : TaskRowRenderer.highlightTags(plain, style: style)).utf8)
        if rows[index].isContext || item.isDone {
          let line = String(decoding: output[lineStart...], as: UTF8.self)
          output.replaceSubrange(lineStart..., with: style.dim(line).utf8)
        }
      }
      output.append(UInt8(ascii: "\n"))
    }
    return output
  }
}
