import Foundation

/// What `taskman doctor` finds in a TaskPaper file: things a person would want to know about
/// (each on its line), and facts about the file as a whole.
///
/// ```swift
/// let checkup = TaskFileCheckup(source)
/// for finding in checkup.findings { print("line \(finding.line): \(finding.message)") }
/// ```
public struct TaskFileCheckup: Hashable, Sendable {
  /// One thing worth knowing about a line.
  public struct Finding: Hashable, Sendable {
    /// What kind of thing it is.
    public enum Kind: String, Hashable, Sendable {
      /// A date tag (`@due`, `@start`…) whose value is not a date taskman can read.
      case unreadableDate
      /// An item with two tags of the same name.
      case duplicateTag
      /// A line indented with both tabs and spaces.
      case mixedIndentation
      /// The first line indented with spaces in a file indented with tabs, or the other way
      /// round: the levels may not nest as they look in an editor showing tabs wider.
      case inconsistentIndentation
      /// The first line ending otherwise (LF, CRLF) than the file's first line.
      case mixedLineEndings
    }

    /// The line, from 1.
    public var line: Int
    /// The item on it.
    public var id: UUID
    /// What kind of finding.
    public var kind: Kind
    /// What it is, for people.
    public var message: String
    /// For an unreadable date, the name of its tag: `taskman tag <id> '@due(…)'` rewrites it.
    public var tagName: String?
  }

  /// How the lines of a file end.
  public enum LineEndings: String, Hashable, Sendable {
    /// `\n`.
    case lf
    /// `\r\n`.
    case crlf
    /// Both.
    case mixed
    /// None: the file has at most one line, without a line break.
    case none
  }

  /// The findings, in line order.
  public var findings: [Finding]
  /// How many lines the file has.
  public var lineCount: Int
  /// How many of them are blank.
  public var blankLines: Int
  /// How its lines end.
  public var lineEndings: LineEndings
  /// Whether its last line ends with a line break (true for an empty file).
  public var endsWithLineBreak: Bool
  /// Whether some lines are indented with tabs and others with spaces.
  public var indentsWithTabsAndSpaces: Bool

  /// Checks the text `source` holds.
  public init(_ source: TaskPaperSource) {
    let storage = source.storage
    findings = []
    lineCount = storage.items.count
    blankLines = storage.items.lazy.filter(\.isBlank).count
    var (lf, crlf) = (0, 0)
    var (tabs, spaces) = (false, false)
    var (onlyTabs, onlySpaces) = (false, false)
    // The first line of each style, to name where the other style begins.
    var firstLineBreak: (line: Int, crlf: Bool)?
    var firstIndentation: (line: Int, tabs: Bool)?
    for line in storage.items.indices {
      let item = storage.items[line]
      let lineBreak = source.lineBreak(ofLine: line).count
      switch lineBreak {
      case 1: lf += 1
      case 2: crlf += 1
      default: break
      }
      if lineBreak > 0 {
        let isCRLF = lineBreak == 2
        if let first = firstLineBreak {
          if first.crlf != isCRLF, (isCRLF ? crlf : lf) == 1 {
            findings.append(
              Finding(
                line: line + 1, id: item.id, kind: .mixedLineEndings,
                message: "ends with \(isCRLF ? "CRLF" : "LF") while line \(first.line + 1) ends with \(first.crlf ? "CRLF" : "LF"); taskman keeps each line's own, other editors may change them all"
              )
            )
          }
        } else {
          firstLineBreak = (line, isCRLF)
        }
      }
      let indentation = source.indentation(ofLine: line)
      let hasTab = indentation.contains(ASCII.tab)
      let hasSpace = indentation.contains(ASCII.space)
      if !item.isBlank {
        if hasTab && hasSpace {
          findings.append(
            Finding(
              line: line + 1, id: item.id, kind: .mixedIndentation,
              message: "indented with both tabs and spaces; every tab or space is one level, so it may not nest as it looks"
            )
          )
        } else if hasTab || hasSpace {
          if let first = firstIndentation {
            if first.tabs != hasTab, !(hasTab ? onlyTabs : onlySpaces) {
              findings.append(
                Finding(
                  line: line + 1, id: item.id, kind: .inconsistentIndentation,
                  message: "indented with \(hasTab ? "tabs" : "spaces") while line \(first.line + 1) is indented with \(first.tabs ? "tabs" : "spaces"); every tab or space is one level, so lines may not nest as they look"
                )
              )
            }
          } else {
            firstIndentation = (line, hasTab)
          }
        }
        tabs = tabs || hasTab
        spaces = spaces || hasSpace
        onlyTabs = onlyTabs || (hasTab && !hasSpace)
        onlySpaces = onlySpaces || (hasSpace && !hasTab)
      }
      // One finding per repeated tag, however many copies it has, named as first written. Names
      // are compared ignoring case, as taskman looks them up: `@home @Home` is a repeat.
      var firstSpelling: [String: String] = [:]
      var reported = Set<String>()
      for tag in item.tags {
        let key = Tag.foldedName(tag.name)
        guard let first = firstSpelling[key] else {
          firstSpelling[key] = tag.name
          continue
        }
        if reported.insert(key).inserted {
          findings.append(
            Finding(line: line + 1, id: item.id, kind: .duplicateTag, message: "@\(first) appears more than once on this item")
          )
        }
      }
      for tag in item.tags {
        if let message = TaskDate.problem(with: tag) {
          findings.append(Finding(line: line + 1, id: item.id, kind: .unreadableDate, message: message, tagName: tag.name))
        }
      }
    }
    lineEndings = crlf == 0 ? (lf == 0 ? .none : .lf) : (lf == 0 ? .crlf : .mixed)
    endsWithLineBreak = storage.items.isEmpty || !source.lineBreak(ofLine: storage.items.count - 1).isEmpty
    indentsWithTabsAndSpaces = tabs && spaces
  }
}
