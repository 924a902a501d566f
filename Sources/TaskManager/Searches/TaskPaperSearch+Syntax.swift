import Foundation

// The syntax tree a search parses into: see `Documentation/Searches.md` for the language.

extension TaskPaperSearch {
  /// A whole search, or a part of one in parentheses: a path, or a set operation on two
  /// expressions' results.
  public indirect enum Expression: Hashable, Sendable {
    /// The items a path finds.
    case path(Path)
    /// The items either side finds (`a union b`).
    case union(Expression, Expression)
    /// The items both sides find (`a intersect b`).
    case intersect(Expression, Expression)
    /// The items the left side finds and the right side does not (`a except b`).
    case except(Expression, Expression)
    /// A group's results narrowed by a slice: `(//@due)[0:3]`.
    case sliced(Expression, Slice)
  }

  /// A path: steps, each evaluated from the items the step before found.
  ///
  /// `project Work//@due` is two steps: projects containing "Work" anywhere, then the items
  /// tagged `@due` anywhere under them.
  public struct Path: Hashable, Sendable {
    /// Whether the path starts with `/`: at the root rather than at the context.
    public var isAbsolute: Bool
    /// The steps, at least one.
    public var steps: [Step]

    /// Creates a path.
    public init(isAbsolute: Bool, steps: [Step]) {
      self.isAbsolute = isAbsolute
      self.steps = steps
    }
  }

  /// One step of a path: from each context item, the items on `axis` of the wanted `type` (any
  /// when nil) that satisfy `predicate`, narrowed by `slice`.
  public struct Step: Hashable, Sendable {
    /// Where to look from each context item.
    public var axis: Axis
    /// The kind of item wanted; nil for any.
    public var type: Item.Kind?
    /// The condition the items must satisfy.
    public var predicate: Predicate
    /// Which of the items found from each context item to keep; nil for all.
    public var slice: Slice?

    /// Creates a step.
    public init(axis: Axis, type: Item.Kind? = nil, predicate: Predicate = .all, slice: Slice? = nil) {
      self.axis = axis
      self.type = type
      self.predicate = predicate
      self.slice = slice
    }
  }

  /// The items a step looks at, seen from a context item.
  public enum Axis: String, Hashable, Sendable, CaseIterable {
    /// Its children (`child::`, `.x`, the default).
    case child
    /// Everything under it (`descendant::`, `/x` after a separator).
    case descendant
    /// The item and everything under it (`descendant-or-self::`, `///x`).
    case descendantOrSelf = "descendant-or-self"
    /// Its parent (`parent::`, `..x`).
    case parent
    /// The items above it.
    case ancestor
    /// The item and the items above it.
    case ancestorOrSelf = "ancestor-or-self"
    /// The siblings after it.
    case followingSibling = "following-sibling"
    /// The siblings before it.
    case precedingSibling = "preceding-sibling"
    /// Every item after it in document order, its own descendants included.
    case following
    /// Every item before it in document order, its ancestors included.
    case preceding
    /// The item itself.
    case `self`
  }

  /// A condition on one item.
  public indirect enum Predicate: Hashable, Sendable {
    /// Every item (`*`).
    case all
    /// The item has the attribute (`@done`): for a tag, the tag with or without a value.
    case has(attribute: String)
    /// A comparison of an attribute with a value (`@due < [d]today`).
    case comparison(Comparison)
    /// The opposite (`not x`).
    case not(Predicate)
    /// Both (`x and y`).
    case and(Predicate, Predicate)
    /// Either (`x or y`).
    case or(Predicate, Predicate)
  }

  /// `@attribute relation [modifier] value`, after the defaults are filled in.
  public struct Comparison: Hashable, Sendable {
    /// The left-hand side: an attribute (`.attribute("text")` by default; its name without `@`,
    /// lower-cased: `text`, `type`, `id` or a tag's name) or `count(path)`.
    public var left: Operand
    /// How the two sides compare.
    public var relation: Relation
    /// How both sides are read before comparing.
    public var modifier: Modifier
    /// The right-hand side.
    public var value: Operand

    /// Creates a comparison.
    public init(left: Operand = .attribute("text"), relation: Relation = .contains, modifier: Modifier = Modifier(), value: Operand) {
      self.left = left
      self.relation = relation
      self.modifier = modifier
      self.value = value
    }
  }

  /// How the two sides of a comparison compare.
  public enum Relation: String, Hashable, Sendable, CaseIterable {
    /// `=`
    case equal = "="
    /// `!=`
    case notEqual = "!="
    /// `<`
    case less = "<"
    /// `>`
    case greater = ">"
    /// `<=`
    case lessOrEqual = "<="
    /// `>=`
    case greaterOrEqual = ">="
    /// `contains`, the default.
    case contains
    /// `beginswith`
    case beginsWith = "beginswith"
    /// `endswith`
    case endsWith = "endswith"
    /// `matches`: the value is a regular expression.
    case matches
  }

  /// How both sides of a comparison are read: `[i]`, `[s]`, `[n]`, `[d]`, `[l]` (letters may be
  /// combined, as in `[dl]`).
  public struct Modifier: Hashable, Sendable {
    /// What the sides are read as.
    public enum Kind: Hashable, Sendable {
      /// Text (`[i]` or `[s]`).
      case text
      /// A number (`[n]`).
      case number
      /// A date and time in natural language (`[d]`).
      case date
    }

    /// Text, number or date.
    public var kind: Kind
    /// Whether text compares as written (`[s]`) rather than lower-cased (`[i]`, the default).
    public var isCaseSensitive: Bool
    /// Whether each side is a comma-separated list (`[l]`).
    public var isList: Bool

    /// Creates a modifier; the default is `[i]`.
    public init(kind: Kind = .text, isCaseSensitive: Bool = false, isList: Bool = false) {
      self.kind = kind
      self.isCaseSensitive = isCaseSensitive
      self.isList = isList
    }
  }

  /// The right-hand side of a comparison.
  public indirect enum Operand: Hashable, Sendable {
    /// Text as written (quotes removed, words joined with single spaces); never on the left.
    case text(String)
    /// An attribute of the item (`@t = @m`), its name lower-cased.
    case attribute(String)
    /// How many items the path finds from the item (`count(*)`).
    case count(Path)
  }

  /// Which of a list of items to keep: `[n]` one, `[a:b]` a range, `[a:]` to the end.
  public struct Slice: Hashable, Sendable {
    /// The first index kept (negative counts from the end); nil from the start.
    public var start: Int?
    /// For a range, the index after the last one kept (negative counts from the end); nil to the
    /// end.
    public var end: Int?
    /// Whether this is a range (`[a:b]`) rather than one item (`[n]`).
    public var isRange: Bool

    /// Creates a slice.
    public init(start: Int?, end: Int?, isRange: Bool) {
      self.start = start
      self.end = end
      self.isRange = isRange
    }

    /// The positions of `count` items this slice keeps.
    public func range(count: Int) -> Range<Int> {
      guard count > 0 else { return 0..<0 }
      func resolved(_ index: Int) -> Int { index < 0 ? count + index : index }
      if !isRange {
        let index = min(max(resolved(start ?? 0), 0), count - 1)
        return index..<(index + 1)
      }
      let lower = min(max(start.map(resolved) ?? 0, 0), count)
      let upper = min(max(end.map(resolved) ?? count, 0), count)
      return lower..<max(lower, upper)
    }
  }
}
