import Foundation

/// Evaluates a search over a ``SearchIndex``. Results are positions in the index, ascending
/// (document order) and without duplicates; each step of a path is one pass over the items its
/// axis reaches from all the context items together, so `//x`, `a//b` and set operations stay
/// linear in the outline's size. Only a step with a slice is evaluated per context item, since
/// the slice applies to each context item's results.
struct SearchEvaluator {
  typealias Axis = TaskPaperSearch.Axis

  let index: SearchIndex
  let comparer: SearchComparer

  init(index: SearchIndex, today: TaskDate.Day) {
    self.index = index
    comparer = SearchComparer(today: today)
  }

  func evaluate(_ expression: TaskPaperSearch.Expression) -> [Int] {
    switch expression {
    case .path(let path): evaluate(path, from: 0)
    case .union(let a, let b): Self.union(evaluate(a), evaluate(b))
    case .intersect(let a, let b): Self.intersection(evaluate(a), evaluate(b))
    case .except(let a, let b): Self.subtracting(evaluate(b), from: evaluate(a))
    case .sliced(let inner, let slice):
      { Array($0[slice.range(count: $0.count)]) }(evaluate(inner))
    }
  }

  /// The items `path` finds from the item at `context` (the root for a whole search).
  func evaluate(_ path: TaskPaperSearch.Path, from context: Int) -> [Int] {
    var current = [path.isAbsolute ? 0 : context]
    for step in path.steps {
      current = evaluate(step, from: current)
      if current.isEmpty { break }
    }
    return current
  }

  private func evaluate(_ step: TaskPaperSearch.Step, from contexts: [Int]) -> [Int] {
    guard let slice = step.slice else {
      return candidates(step.axis, from: contexts).filter { accepts(step, $0) }
    }
    var result: [Int] = []
    for context in contexts {
      let found = candidates(step.axis, from: [context]).filter { accepts(step, $0) }
      result += found[slice.range(count: found.count)]
    }
    return contexts.count > 1 ? Self.sortedUnique(result) : result
  }

  private func accepts(_ step: TaskPaperSearch.Step, _ position: Int) -> Bool {
    if let type = step.type, index.nodes[position].item.kind != type { return false }
    return test(step.predicate, position)
  }

  // MARK: - Predicates

  func test(_ predicate: TaskPaperSearch.Predicate, _ position: Int) -> Bool {
    switch predicate {
    case .all: true
    case .has(let attribute): value(of: attribute, at: position) != nil
    case .comparison(let comparison): compare(comparison, at: position)
    case .not(let inner): !test(inner, position)
    case .and(let a, let b): test(a, position) && test(b, position)
    case .or(let a, let b): test(a, position) || test(b, position)
    }
  }

  private func compare(_ comparison: TaskPaperSearch.Comparison, at position: Int) -> Bool {
    // The common `@text contains word`: a word in the title is in the line, which need not be
    // written out.
    if comparison.left == .attribute("text"), comparison.relation == .contains, comparison.modifier == TaskPaperSearch.Modifier(),
      case .text(let word) = comparison.value, comparer.containsIgnoringCase(index.nodes[position].item.title, word)
    {
      return true
    }
    guard let left = value(of: comparison.left, at: position), let right = value(of: comparison.value, at: position) else { return comparison.relation == .notEqual }
    return comparer.compare(left, comparison.relation, right, modifier: comparison.modifier)
  }

  private func value(of operand: TaskPaperSearch.Operand, at position: Int) -> String? {
    switch operand {
    case .text(let text): text
    case .attribute(let name): value(of: name, at: position)
    case .count(let path): String(evaluate(path, from: position).count)
    }
  }

  /// An attribute's value: `text`, `type`, `id`, else the first tag with that name (`""` for a
  /// tag without a value); nil when the item lacks it.
  func value(of attribute: String, at position: Int) -> String? {
    let item = index.nodes[position].item
    switch attribute {
    case "text": return index.line(at: position)
    case "type": return item.kind.rawValue
    case "id": return Self.idText(item.id)
    default:
      guard let tag = item.tag(named: attribute) else { return nil }
      return tag.value ?? ""
    }
  }

  /// An id as `@id` reads it: its hex digits in lower case, which short ids are prefixes of.
  static func idText(_ id: UUID) -> String {
    id.lowercasedDigits
  }

  // MARK: - Axes

  /// The items on `axis` from any of `contexts` (ascending), ascending, the root left out.
  private func candidates(_ axis: Axis, from contexts: [Int]) -> [Int] {
    let nodes = index.nodes
    var result: [Int] = []
    switch axis {
    case .child:
      for context in contexts {
        var child = nodes[context].firstChild
        while child >= 0 {
          result.append(child)
          child = nodes[child].nextSibling
        }
      }
      // Children of nested contexts interleave with their parents' later children.
      return contexts.count > 1 ? Self.sortedUnique(result) : result
    case .descendant, .descendantOrSelf:
      // Subtrees are nested or apart, so covering them in order leaves each item once.
      var covered = 0
      for context in contexts {
        let start = axis == .descendant ? context + 1 : context
        for position in max(start, covered, 1)..<max(nodes[context].end, max(start, covered, 1)) {
          result.append(position)
        }
        covered = max(covered, nodes[context].end)
      }
      return result
    case .self:
      return contexts.filter { $0 > 0 }
    case .parent:
      return Self.sortedUnique(contexts.map { nodes[$0].parent }.filter { $0 > 0 })
    case .ancestor, .ancestorOrSelf:
      var seen = Set<Int>()
      for context in contexts {
        var position = axis == .ancestor ? nodes[context].parent : context
        while position > 0, seen.insert(position).inserted { position = nodes[position].parent }
      }
      return seen.sorted()
    case .followingSibling, .precedingSibling:
      var seen = Set<Int>()
      for context in contexts where context > 0 {
        var position = context
        repeat {
          position = axis == .followingSibling ? nodes[position].nextSibling : nodes[position].previousSibling
        } while position >= 0 && seen.insert(position).inserted
      }
      return seen.sorted()
    case .following:
      guard let first = contexts.first else { return [] }
      return Array(max(first + 1, 1)..<nodes.count)
    case .preceding:
      guard let last = contexts.last else { return [] }
      return Array(1..<max(last, 1))
    }
  }

  // MARK: - Sets of positions

  static func sortedUnique(_ positions: [Int]) -> [Int] {
    var sorted = positions.sorted()
    var write = 0
    for read in sorted.indices where read == 0 || sorted[read] != sorted[read - 1] {
      sorted[write] = sorted[read]
      write += 1
    }
    sorted.removeLast(sorted.count - write)
    return sorted
  }

  static func union(_ a: [Int], _ b: [Int]) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(a.count + b.count)
    var (i, j) = (0, 0)
    while i < a.count || j < b.count {
      if j == b.count || (i < a.count && a[i] < b[j]) {
        result.append(a[i])
        i += 1
      } else if i == a.count || b[j] < a[i] {
        result.append(b[j])
        j += 1
      } else {
        result.append(a[i])
        i += 1
        j += 1
      }
    }
    return result
  }

  static func intersection(_ a: [Int], _ b: [Int]) -> [Int] {
    var result: [Int] = []
    var (i, j) = (0, 0)
    while i < a.count, j < b.count {
      if a[i] < b[j] {
        i += 1
      } else if b[j] < a[i] {
        j += 1
      } else {
        result.append(a[i])
        i += 1
        j += 1
      }
    }
    return result
  }

  static func subtracting(_ b: [Int], from a: [Int]) -> [Int] {
    var result: [Int] = []
    var j = 0
    for position in a {
      while j < b.count, b[j] < position { j += 1 }
      if j == b.count || b[j] != position { result.append(position) }
    }
    return result
  }
}
