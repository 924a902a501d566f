/// Reads a search's text into a ``TaskPaperSearch/Expression``: a recursive descent over its
/// characters that tries a parenthesis as a predicate first and, when that fails, as a group of
/// a whole expression. Each failure is noted; when nothing parses, the one furthest into the text
/// is the error, which is where the search stopped making sense.
struct SearchParser {
  typealias Expression = TaskPaperSearch.Expression
  typealias Predicate = TaskPaperSearch.Predicate

  let text: String
  let chars: [Character]
  var position = 0
  /// The failure furthest into the text so far.
  var furthest: (offset: Int, expected: String)?

  init(_ text: String) {
    self.text = text
    chars = Array(text)
  }

  /// The whole text as one expression.
  mutating func parseSearch() throws(TaskPaperSearchError) -> Expression {
    skipSpace()
    if position == chars.count { throw TaskPaperSearchError(search: text, offset: position, expected: "a search") }
    if let expression = parseUnion() {
      skipSpace()
      if position == chars.count { return expression }
      note("an operator ('and', 'or', 'union', 'except', 'intersect') or the end of the search")
    }
    let failure = furthest ?? (position, "a search")
    throw TaskPaperSearchError(search: text, offset: failure.offset, expected: failure.expected)
  }

  // MARK: - Expressions

  private mutating func parseUnion() -> Expression? {
    parseSetOperation("union", next: { $0.parseExcept() }, make: Expression.union)
  }

  private mutating func parseExcept() -> Expression? {
    parseSetOperation("except", next: { $0.parseIntersect() }, make: Expression.except)
  }

  private mutating func parseIntersect() -> Expression? {
    parseSetOperation("intersect", next: { $0.parseGroupOrPath() }, make: Expression.intersect)
  }

  /// `next (keyword self)?`: each operation groups to the right.
  private mutating func parseSetOperation(
    _ keyword: String, next: (inout SearchParser) -> Expression?, make: (Expression, Expression) -> Expression
  ) -> Expression? {
    guard let left = next(&self) else { return nil }
    guard take(keyword: keyword) else { return left }
    let operand = afterSpace()
    guard let right = parseSetOperation(keyword, next: next, make: make) else {
      return fail("a search after '\(keyword)'", at: operand)
    }
    return make(left, right)
  }

  private mutating func parseGroupOrPath() -> Expression? {
    skipSpace()
    let start = position
    guard peek("(") else { return parsePath().map(Expression.path) }
    // A parenthesis around a predicate is a step's; only what is no predicate is a group.
    if let path = parsePath() { return .path(path) }
    position = start + 1
    guard let inner = parseUnion() else { return nil }
    skipSpace()
    guard take(")") else { return fail("')'") }
    guard let slice = parseSlice() else { return nil }
    return slice.map { .sliced(inner, $0) } ?? inner
  }

  // MARK: - Paths

  /// `/step/step…`, or `step/step…` starting at the context.
  mutating func parsePath() -> TaskPaperSearch.Path? {
    skipSpace()
    let isAbsolute = peek("/")
    var steps: [TaskPaperSearch.Step] = []
    if isAbsolute {
      guard let step = parseStepAfterSeparator() else { return nil }
      steps.append(step)
    } else {
      guard let step = parseStep(defaultAxis: .descendant) else { return nil }
      steps.append(step)
    }
    while true {
      let before = position
      skipSpace()
      guard peek("/") else {
        position = before
        break
      }
      guard let step = parseStepAfterSeparator() else { return nil }
      steps.append(step)
    }
    return TaskPaperSearch.Path(isAbsolute: isAbsolute, steps: steps)
  }

  /// A `/` and the step after it: `/x` is a child, `//x` a descendant, `///x` the item itself
  /// or a descendant.
  private mutating func parseStepAfterSeparator() -> TaskPaperSearch.Step? {
    position += 1
    var axis = TaskPaperSearch.Axis.child
    if take("/") { axis = take("/") ? .descendantOrSelf : .descendant }
    return parseStep(defaultAxis: axis, after: "/")
  }

  /// `axis? type? predicate? slice?`, at least a type or a predicate.
  private mutating func parseStep(defaultAxis: TaskPaperSearch.Axis, after: String? = nil) -> TaskPaperSearch.Step? {
    skipSpace()
    var axis = defaultAxis
    if take("..") {
      axis = .parent
    } else if peek("."), !peek("..") {
      position += 1
      axis = .child
    } else if let named = takeAxisName() {
      axis = named
    }
    skipSpace()
    // `task and @due` is a predicate on the type; `task @due` a step's type and a predicate.
    var type: Item.Kind?
    if let kind = peekType() {
      let start = position
      position += kind.rawValue.count
      skipSpace()
      if peekKeyword("and") || peekKeyword("or") {
        position = start
      } else {
        position = start + kind.rawValue.count
        type = kind
      }
    }
    var predicate = Predicate.all
    let beforePredicate = position
    skipSpace()
    if startsPredicate() {
      guard let parsed = parseOr() else { return nil }
      predicate = parsed
    } else {
      position = beforePredicate
      if type == nil {
        return fail(after.map { "a step after '\($0)'" } ?? "a search term (an attribute, a value or an item type)", at: afterSpace())
      }
    }
    guard let slice = parseSlice() else { return nil }
    return TaskPaperSearch.Step(axis: axis, type: type, predicate: predicate, slice: slice)
  }

  /// Whether a predicate starts here: anything but the end, a separator, a slice, a closing
  /// parenthesis or a set operation.
  private func startsPredicate() -> Bool {
    guard position < chars.count else { return false }
    if peek("/") || peek(")") || peek("]") || startsSlice() { return false }
    return !["union", "except", "intersect"].contains(where: peekKeyword)
  }

  private mutating func takeAxisName() -> TaskPaperSearch.Axis? {
    // Longest names first: `descendant-or-self` before `descendant`.
    for axis in TaskPaperSearch.Axis.allCases.sorted(by: { $0.rawValue.count > $1.rawValue.count }) where peek(axis.rawValue + "::") {
      position += axis.rawValue.count + 2
      return axis
    }
    return nil
  }

  // MARK: - Slices

  /// The item type written here as a whole word, if any.
  private func peekType() -> Item.Kind? {
    Item.Kind.allCases.first { peekWord($0.rawValue) }
  }

  private func startsSlice() -> Bool {
    guard peek("["), position + 1 < chars.count else { return false }
    let next = chars[position + 1]
    return next.isNumber || next == "-" || next == ":" || next == " "
  }

  /// An optional slice: `.some(nil)` when there is none, nil when one is malformed.
  private mutating func parseSlice() -> TaskPaperSearch.Slice?? {
    guard startsSlice() else { return .some(nil) }
    position += 1
    skipSpace()
    let start = takeInteger()
    skipSpace()
    var slice = TaskPaperSearch.Slice(start: start, end: nil, isRange: false)
    if take(":") {
      slice.isRange = true
      skipSpace()
      slice.end = takeInteger()
      skipSpace()
    } else if start == nil {
      return fail("a number or ':' in the slice")
    }
    guard take("]") else { return fail(slice.isRange ? "a number or ']' to end the slice" : "':' or ']' to end the slice") }
    return .some(slice)
  }

  private mutating func takeInteger() -> Int? {
    let start = position
    if peek("-") { position += 1 }
    while position < chars.count, chars[position].isASCII, chars[position].isNumber { position += 1 }
    guard let value = Int(String(chars[start..<position])) else {
      position = start
      return nil
    }
    return value
  }

  // MARK: - Predicates

  private mutating func parseOr() -> Predicate? {
    guard var left = parseAnd() else { return nil }
    while take(keyword: "or") {
      let operand = afterSpace()
      guard let right = parseAnd() else { return failAfter("or", at: operand) }
      left = .or(left, right)
    }
    return left
  }

  private mutating func parseAnd() -> Predicate? {
    guard var left = parseNot() else { return nil }
    while take(keyword: "and") {
      let operand = afterSpace()
      guard let right = parseNot() else { return failAfter("and", at: operand) }
      left = .and(left, right)
    }
    return left
  }

  private mutating func parseNot() -> Predicate? {
    if take(keyword: "not") {
      let operand = afterSpace()
      guard let inner = parseNot() else { return failAfter("not", at: operand) }
      return .not(inner)
    }
    return parsePredicatePrimary()
  }

  private mutating func failAfter<T>(_ keyword: String, at offset: Int) -> T? {
    fail("a predicate after '\(keyword)'", at: offset)
  }

  private mutating func parsePredicatePrimary() -> Predicate? {
    skipSpace()
    if take("(") {
      guard let inner = parseOr() else { return nil }
      skipSpace()
      guard take(")") else { return fail("')'") }
      return inner
    }
    if let kind = peekType() {
      position += kind.rawValue.count
      let type = Predicate.comparison(.init(left: .attribute("type"), relation: .equal, value: .text(kind.rawValue)))
      let before = position
      skipSpace()
      guard startsPredicate(), !Self.keywords.contains(where: peekKeyword) else {
        position = before
        return type
      }
      guard let rest = parseNot() else { return nil }
      return .and(type, rest)
    }
    if peek("*"), position + 1 == chars.count || !isWordCharacter(chars[position + 1]) {
      position += 1
      return .all
    }
    return parseComparison()
  }

  private mutating func parseComparison() -> Predicate? {
    var attribute: TaskPaperSearch.Operand?
    if peek("@") || peek("count(") {
      guard let left = parseValue() else { return nil }
      attribute = left
    }
    let beforeRelation = position
    skipSpace()
    var written = ""
    var relation: TaskPaperSearch.Relation?
    if let (taken, spelled) = takeRelation() {
      relation = taken
      written = spelled
    }
    skipSpace()
    var modifier = TaskPaperSearch.Modifier()
    if let (taken, spelled) = takeModifier() {
      modifier = taken
      written = spelled
    }
    guard relation != nil || !written.isEmpty else {
      position = beforeRelation
      if let attribute {
        // `@done` alone, unless a value follows: `@text Inbox`.
        let afterName = position
        skipSpace()
        guard afterName < position, startsValue() else {
          position = afterName
          guard case .attribute(let name) = attribute else { return fail("a relation after 'count(…)'") }
          return .has(attribute: name)
        }
        guard let value = parseValue() else { return nil }
        return .comparison(.init(left: attribute, value: value))
      }
      skipSpace()
      guard startsValue(), let value = parseValue() else { return fail("a search term (an attribute, a value or an item type)") }
      return .comparison(.init(value: value))
    }
    skipSpace()
    guard startsValue() else { return fail("a value after '\(written)'") }
    guard let value = parseValue() else { return nil }
    return .comparison(.init(left: attribute ?? .attribute("text"), relation: relation ?? .contains, modifier: modifier, value: value))
  }

  /// `@name`, lower-cased.
  mutating func parseAttributeName() -> String? {
    position += 1
    let start = position
    while position < chars.count, isNameCharacter(chars[position]) { position += 1 }
    guard position > start else { return fail("an attribute name after '@'") }
    return String(chars[start..<position]).lowercased()
  }

  private mutating func takeRelation() -> (TaskPaperSearch.Relation, String)? {
    for symbol in ["!=", "<=", ">=", "=", "<", ">"] where peek(symbol) {
      position += symbol.count
      return (TaskPaperSearch.Relation(rawValue: symbol)!, symbol)
    }
    for relation in [TaskPaperSearch.Relation.contains, .beginsWith, .endsWith, .matches] where peekWord(relation.rawValue) {
      position += relation.rawValue.count
      return (relation, relation.rawValue)
    }
    return nil
  }

  /// `[i]`, `[s]`, `[n]`, `[d]`, `[l]`, or letters combined (`[dl]`).
  private mutating func takeModifier() -> (TaskPaperSearch.Modifier, String)? {
    guard peek("[") else { return nil }
    var end = position + 1
    while end < chars.count, "isndlISNDL".contains(chars[end]) { end += 1 }
    guard end > position + 1, end < chars.count, chars[end] == "]" else { return nil }
    var modifier = TaskPaperSearch.Modifier()
    for letter in chars[(position + 1)..<end] {
      switch letter.lowercased() {
      case "s": modifier.isCaseSensitive = true
      case "n": modifier.kind = .number
      case "d": modifier.kind = .date
      case "l": modifier.isList = true
      default: break
      }
    }
    let written = String(chars[position...end])
    position = end + 1
    return (modifier, written)
  }
}
