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
    let text = renderedUTF8(rows[...], shortIDs: ids[...], idWidth: width(of: ids), style: style, today: today)
    return String(decoding: text, as: UTF8.self)
  }

  /// `taskman list`'s outline: the rows of `outline` that `filter` shows (see
  /// ``TaskFilter/outlineRows(of:)``), rendered with their short ids from `index`, as UTF-8 in
  /// pieces to be written one after the other.
  ///
  /// A long outline is done in two halves at once, the second on a thread of its own: split
  /// between two top-level items, each half's rows are found and rendered apart (a row depends
  /// only on its ancestors, and the filter's walk starts afresh at each top-level item), and the
  /// list is all that `list` has left to do.
  static func renderedPieces(
    of outline: Outline, filter: TaskFilter, index: ShortIDIndex, style: TextStyle, today: TaskDate.Day
  ) -> [[UInt8]] {
    @Sendable func rows(of outline: Outline) -> (rows: [OutlineRow], ids: [String]) {
      let rows = filter.outlineRows(of: outline)
      return (rows, index.shortIDs(for: rows.map(\.entry.item.id)))
    }
    guard let (firstHalf, secondHalf) = halves(of: outline) else {
      let (rows, ids) = rows(of: outline)
      return [renderedUTF8(rows[...], shortIDs: ids[...], idWidth: width(of: ids), style: style, today: today)]
    }
    let secondRows = ThreadedWork { rows(of: secondHalf) }
    let first = rows(of: firstHalf)
    let second = secondRows.wait()
    // Ids are padded to the longest of the whole list.
    let idWidth = max(width(of: first.ids), width(of: second.ids))
    let secondText = ThreadedWork {
      renderedUTF8(second.rows[...], shortIDs: second.ids[...], idWidth: idWidth, style: style, today: today)
    }
    return [
      renderedUTF8(first.rows[...], shortIDs: first.ids[...], idWidth: idWidth, style: style, today: today),
      secondText.wait(),
    ]
  }

  /// `outline` split between two top-level items where the items at every depth are shared out
  /// most evenly; nil when either side would have fewer than ``minimumItemsPerThread`` (a short
  /// outline, or one top-level item holding most of it).
  static func halves(of outline: Outline) -> (Outline, Outline)? {
    // Items without children, the most common top-level items of a flat list, are counted
    // without walking them.
    let sizes = outline.items.map { $0.children.isEmpty ? 1 : Outline(items: [$0]).itemCount }
    let total = sizes.reduce(0, +)
    guard total >= 2 * minimumItemsPerThread else { return nil }
    var split = 0
    var before = 0
    while split < sizes.count, before + sizes[split] <= total / 2 {
      before += sizes[split]
      split += 1
    }
    // The top-level item that crosses the middle goes with the smaller side.
    if split < sizes.count, before < total - before - sizes[split] {
      before += sizes[split]
      split += 1
    }
    guard min(before, total - before) >= minimumItemsPerThread else { return nil }
    return (Outline(items: Array(outline.items[..<split])), Outline(items: Array(outline.items[split...])))
  }

  /// Fewer items than this on each thread, and making the threads takes longer than they save.
  static let minimumItemsPerThread = 1_000

  private static func width(of ids: [String]) -> Int {
    ids.map(\.utf8.count).max() ?? 0
  }

  private static func renderedUTF8(
    _ rows: ArraySlice<OutlineRow>, shortIDs ids: ArraySlice<String>, idWidth: Int, style: TextStyle, today: TaskDate.Day
  ) -> [UInt8] {
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
