import TaskManager
import TerminalUI

/// taskman's colours as cell styles: the same rules as its line output (``TextStyle``), so that
/// `taskman ui` and `taskman list` look alike. Ids yellow, tags cyan, project names blue, done
/// items and context lines dim, a task past its `@due` day red; the selected row reversed, which
/// shows with colour off too (the runtime drops colours for `NO_COLOR` and `--color never`).
enum ScreenStyle {
  static let id = Style(foreground: .yellow)
  static let tag = Style(foreground: .cyan)
  static let project = Style(foreground: .blue)
  static let overdue = Style(foreground: .red)
  static let error = Style(foreground: .red, bold: true)
  static let title = Style(bold: true)
  static let tabActive = Style(bold: true, reverse: true)
  static let helpKey = Style(bold: true)

  /// Draws an item's TaskPaper line (`- Buy milk @shop`) from `column` on `row`, its tags
  /// coloured, as `list` colours them, and returns the columns it took. Control characters
  /// show as `�` (the canvas sees to it).
  @discardableResult
  static func drawItemLine(
    _ item: Item, in canvas: inout Canvas, column: Int, row: Int, today: TaskDate.Day, dim: Bool = false
  ) -> Int {
    let line = TaskPaperPrinter.line(for: item)
    let isOverdue = !item.isDone && TaskFilter.deadline(of: item).map { $0.day < today } == true
    var base = isOverdue ? overdue : Style.plain
    if item.kind == .project { base.bold = true }
    let fade = dim || item.isDone
    func styled(_ style: Style) -> Style { fade ? style.with(\.dim, true) : style }
    if isOverdue { return canvas.draw(line, column: column, row: row, style: styled(base)) }
    let bytes = Array(line.utf8)
    var x = column
    var last = 0
    for range in TaskPaperParser.tagRanges(inLine: line) {
      x += canvas.draw(String(decoding: bytes[last..<range.lowerBound], as: UTF8.self), column: x, row: row, style: styled(base))
      x += canvas.draw(String(decoding: bytes[range], as: UTF8.self), column: x, row: row, style: styled(tag))
      last = range.upperBound
    }
    x += canvas.draw(String(decoding: bytes[last...], as: UTF8.self), column: x, row: row, style: styled(base))
    return x - column
  }

  /// Draws `entries` (keys, what they do) on `row` as a help line: `↑/k up  Enter open  q quit`,
  /// as many as fit.
  static func drawHelp(_ entries: [(keys: String, help: String)], in canvas: inout Canvas, row: Int) {
    var x = 0
    for (keys, help) in entries {
      let width = DisplayWidth.of(keys) + 1 + DisplayWidth.of(help)
      guard x + width <= canvas.width else { break }
      x += canvas.draw(keys, column: x, row: row, style: helpKey)
      x += canvas.draw(" " + help, column: x, row: row)
      x += canvas.draw("  ", column: x, row: row)
    }
  }
}
