import Foundation

/// A search in the language of the TaskPaper 3 app: `@due < [d]today and not @done`,
/// `project Work//@flag`, `//@today union //@flag`, `(//task)[0:3]`. See
/// `Documentation/Searches.md` for the language.
///
/// ```swift
/// let search = try TaskPaperSearch(parsing: "project Work//not @done")
/// let ids = search.matches(in: outline, today: today)  // document order
/// ```
///
/// Parsing checks the whole text and throws a ``TaskPaperSearchError`` naming the position and
/// what was expected; a search never falls back to plain text. Evaluation reads `today` for
/// date values (`[d]today`, `+3 days`), never the clock. The common shapes (a predicate, a path
/// of a few steps, set operations) take one pass over the outline per step.
public struct TaskPaperSearch: Hashable, Sendable, CustomStringConvertible {
  /// The search as written.
  public let text: String
  /// What it parsed into.
  public let expression: Expression

  /// Parses `text`.
  ///
  /// - Throws: ``TaskPaperSearchError`` naming the position and what was expected there.
  public init(parsing text: String) throws(TaskPaperSearchError) {
    self.text = text
    var parser = SearchParser(text)
    expression = try parser.parseSearch()
  }

  /// A search made of a syntax tree; `text` is what it was written as.
  public init(_ expression: Expression, text: String) {
    self.text = text
    self.expression = expression
  }

  /// The search as written.
  public var description: String { text }

  /// The ids of the items of `outline` the search finds, in document order, without duplicates.
  /// Blank lines are never found.
  ///
  /// ```swift
  /// try TaskPaperSearch(parsing: "@due < [d]today").matches(in: outline, today: today)
  /// ```
  public func matches(in outline: Outline, today: TaskDate.Day) -> [Item.ID] {
    let index = SearchIndex(outline)
    return SearchEvaluator(index: index, today: today).evaluate(expression).map { index.nodes[$0].item.id }
  }

  /// The entries of `outline` the search finds, in document order, each with its depth, parent
  /// and nearest project.
  public func entries(in outline: Outline, today: TaskDate.Day) -> [Outline.Entry] {
    let index = SearchIndex(outline)
    return SearchEvaluator(index: index, today: today).evaluate(expression).map(index.entry(at:))
  }
}
