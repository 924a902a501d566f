import Foundation
import TaskManager

/// Renders items as the rows of `taskman list`: short id, the item's line, and its project.
///
/// ```
/// 3f2a   Buy milk @shopping @due(2026-12-01)  (Errands)
/// 9c01b  Call Bob  (Work)
/// ```
///
/// Ids are padded to the longest so the text lines up; a task's `- ` marker is left out (every
/// row of `list` is a task), and tags keep their place in the line, coloured when colour is on.
enum TaskRowRenderer {
  /// One row's content.
  struct Row: Hashable, Sendable {
    var shortID: String
    /// The item's line as TaskPaper prints it, without indentation or a task's `- `.
    var text: String
    /// The title of the project the item sits in, if any.
    var project: String?
    var isDone: Bool

    init(shortID: String, text: String, project: String? = nil, isDone: Bool = false) {
      self.shortID = shortID
      self.text = text
      self.project = project
      self.isDone = isDone
    }

    /// The row for `item`, inside `project` (an `Outline.Entry`'s project), named by its path
    /// in `projectPaths` when it has one there (`Home/Garden`), else by its title.
    init(item: Item, shortID: String, project: Item?, projectPaths: [UUID: String] = [:]) {
      var text = TaskPaperPrinter.line(for: item)
      if item.kind == .task, text.hasPrefix("- ") { text.removeFirst(2) }
      let projectName = project.map { projectPaths[$0.id] ?? $0.title }
      self.init(shortID: shortID, text: text, project: projectName, isDone: item.isDone)
    }
  }

  /// The paths of the projects that `projects` sit in, when one of them is inside another
  /// (`Home/Garden`, so that two `Garden`s differ); empty when all are top-level, which their
  /// titles name.
  static func projectPaths(for projects: [Item?], in outline: Outline) -> [UUID: String] {
    guard projects.contains(where: { ($0?.level ?? 0) > 0 }) else { return [:] }
    return outline.projectPaths()
  }

  /// The rows, one per line, each ending with a line break; each line is painted by
  /// `paintingLines` and then indented by `indent`.
  static func render(
    _ rows: [Row], style: TextStyle, indent: String = "", paintingLines paint: (String) -> String = { $0 }
  ) -> String {
    let idWidth = rows.map(\.shortID.count).max() ?? 0
    var output = ""
    for row in rows {
      let padding = String(repeating: " ", count: idWidth - row.shortID.count)
      var line = style.id(row.shortID) + padding + "  " + highlightTags(TextStyle.printable(row.text), style: style)
      if let project = row.project {
        line += "  " + style.project("(\(TextStyle.printable(project)))")
      }
      output += indent + paint(row.isDone ? style.dim(line) : line) + "\n"
    }
    return output
  }

  /// Colours each tag of `text`, a line as printed: the tags the parser reads there (see
  /// ``TaskPaperParser/tagRanges(inLine:)``), so `@25%` and `foo@bar.com` stay plain text.
  static func highlightTags(_ text: String, style: TextStyle) -> String {
    guard style.isColored else { return text }
    let ranges = TaskPaperParser.tagRanges(inLine: text)
    guard !ranges.isEmpty else { return text }
    let bytes = Array(text.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + ranges.count * 9)
    var last = 0
    for range in ranges {
      result.append(contentsOf: bytes[last..<range.lowerBound])
      result.append(contentsOf: style.tag(String(decoding: bytes[range], as: UTF8.self)).utf8)
      last = range.upperBound
    }
    result.append(contentsOf: bytes[last...])
    return String(decoding: result, as: UTF8.self)
  }
}
