import Foundation

/// Compares the two sides of a search's comparison as its modifier says, keeping what it read
/// of the right-hand side (which is the same for every item) to read it once per search: its
/// lower-cased text, its date, its compiled regular expression.
final class SearchComparer {
  typealias Relation = TaskPaperSearch.Relation
  typealias Modifier = TaskPaperSearch.Modifier

  let today: TaskDate.Day
  private var lowercased: [String: String] = [:]
  private var dates: [String: TaskDate.Point?] = [:]
  private var expressions: [String: NSRegularExpression?] = [:]

  init(today: TaskDate.Day) {
    self.today = today
  }

  func compare(_ left: String, _ relation: Relation, _ right: String, modifier: Modifier) -> Bool {
    guard modifier.isList else { return compareOne(left, relation, right, modifier: modifier) }
    let (lefts, rights) = (Self.listItems(left), Self.listItems(right))
    let same = { (a: String, b: String) in self.compareOne(a, .equal, b, modifier: modifier) }
    let contains = { (list: [String], value: String) in list.contains { same($0, value) } }
    switch relation {
    case .equal: return lefts.count == rights.count && zip(lefts, rights).allSatisfy(same)
    case .notEqual: return !(lefts.count == rights.count && zip(lefts, rights).allSatisfy(same))
    case .contains: return rights.allSatisfy { contains(lefts, $0) }
    case .beginsWith: return lefts.count >= rights.count && zip(lefts, rights).allSatisfy(same)
    case .endsWith: return lefts.count >= rights.count && zip(lefts.suffix(rights.count), rights).allSatisfy(same)
    // Any item of the list satisfying the relation with any item of the other.
    case .less, .greater, .lessOrEqual, .greaterOrEqual, .matches:
      return lefts.contains { l in rights.contains { r in compareOne(l, relation, r, modifier: modifier) } }
    }
  }

  /// A `[l]` side: comma-separated, each item trimmed.
  static func listItems(_ text: String) -> [String] {
    text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
  }

  private func compareOne(_ left: String, _ relation: Relation, _ right: String, modifier: Modifier) -> Bool {
    if relation == .matches {
      guard let expression = expression(right, caseSensitive: modifier.isCaseSensitive) else { return false }
      return expression.firstMatch(in: left, range: NSRange(left.startIndex..., in: left)) != nil
    }
    switch modifier.kind {
    case .number:
      guard let l = Double(left.trimmingCharacters(in: .whitespaces)), let r = Double(right.trimmingCharacters(in: .whitespaces))
      else { return false }
      return Self.order(l, relation, r) ?? compareText(left, relation, right, caseSensitive: true)
    case .date:
      guard let l = date(left, cached: false), let r = date(right, cached: true) else { return false }
      return Self.order(l, relation, r) ?? (l == r)
    case .text:
      return compareText(left, relation, right, caseSensitive: modifier.isCaseSensitive)
    }
  }

  private func compareText(_ left: String, _ relation: Relation, _ right: String, caseSensitive: Bool) -> Bool {
    if !caseSensitive, relation == .contains { return containsIgnoringCase(left, right) }
    let l = caseSensitive ? left : left.lowercased()
    let r = caseSensitive ? right : lower(right)
    if let ordered = Self.order(l, relation, r) { return ordered }
    switch relation {
    case .contains: return l.contains(r)
    case .beginsWith: return l.hasPrefix(r)
    case .endsWith: return l.hasSuffix(r)
    default: return false
    }
  }

  /// The result of an ordering relation (`=`, `<`…); nil for the others.
  private static func order<T: Comparable>(_ l: T, _ relation: Relation, _ r: T) -> Bool? {
    switch relation {
    case .equal: l == r
    case .notEqual: l != r
    case .less: l < r
    case .greater: l > r
    case .lessOrEqual: l <= r
    case .greaterOrEqual: l >= r
    case .contains, .beginsWith, .endsWith, .matches: nil
    }
  }

  /// Whether `text` lower-cased contains `word` lower-cased; without lower-casing either when
  /// both are ASCII, the usual case.
  func containsIgnoringCase(_ text: String, _ word: String) -> Bool {
    let needle = lower(word)
    var text = text
    var needleCopy = needle
    let found: Bool? = needleCopy.withUTF8 { needleBytes in
      text.withUTF8 { haystack in
        guard needleBytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        guard let first = needleBytes.first else { return true }
        var start = 0
        var ascii = true
        while start < haystack.count {
          let byte = haystack[start]
          if byte >= 0x80 { ascii = false }
          if start + needleBytes.count <= haystack.count, Self.lowerASCII(byte) == first {
            var offset = 1
            while offset < needleBytes.count, Self.lowerASCII(haystack[start + offset]) == needleBytes[offset] { offset += 1 }
            if offset == needleBytes.count { return true }
          }
          start += 1
        }
        return ascii ? false : nil
      }
    }
    return found ?? text.lowercased().contains(needle)
  }

  @inline(__always)
  private static func lowerASCII(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }

  private func lower(_ text: String) -> String {
    if let known = lowercased[text] { return known }
    let lower = text.lowercased()
    lowercased[text] = lower
    return lower
  }

  // MARK: - Dates and expressions

  /// The moment `text` names, read in natural language relative to today (the start of a
  /// range); `cached` for the right-hand side, read once.
  private func date(_ text: String, cached: Bool) -> TaskDate.Point? {
    if cached, let known = dates[text] { return known }
    let point = Self.readDate(text, today: today)
    if cached { dates[text] = point }
    return point
  }

  /// `[d]`'s reading: what ``TaskDate/resolve(_:today:)`` reads, and offsets with a word for
  /// the unit (`+3 days`, `-2 weeks`, `+1 month`).
  static func readDate(_ text: String, today: TaskDate.Day) -> TaskDate.Point? {
    var words = text.lowercased().split(separator: " ").map(String.init)
    if words.count == 2, let sign = words[0].first, sign == "+" || sign == "-", Int(words[0].dropFirst()) != nil,
      let unit = ["day": "d", "days": "d", "week": "w", "weeks": "w", "month": "m", "months": "m", "year": "y", "years": "y"][words[1]]
    {
      words = [words[0] + unit]
    }
    return (try? TaskDate.resolve(words.joined(separator: " "), today: today))??.start
  }

  private func expression(_ pattern: String, caseSensitive: Bool) -> NSRegularExpression? {
    let key = (caseSensitive ? "s" : "i") + pattern
    if let known = expressions[key] { return known }
    let compiled = try? NSRegularExpression(pattern: pattern, options: caseSensitive ? [] : [.caseInsensitive])
    expressions[key] = compiled
    return compiled
  }
}
