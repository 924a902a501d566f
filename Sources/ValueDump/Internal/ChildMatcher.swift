/// One step of an edit script between two lists of children, by index.
enum ChildEdit: Equatable {
  /// The children match: same field, key or `id`, or (for children without keys) equal values.
  case matched(expected: Int, actual: Int)
  /// Unmatched children at the same place in a list of ordered elements without ids, reported
  /// together so that their difference is shown structurally.
  case paired(expected: Int, actual: Int)
  /// Only in the expected list.
  case removed(expected: Int)
  /// Only in the actual list.
  case inserted(actual: Int)
}

/// Computes which children of two versions of an aggregate correspond.
///
/// The common prefix and suffix are matched in linear time; what remains is matched with the
/// standard library's Myers difference, which is fast when few children changed. If what remains
/// is very large (more than ``myersLimit`` potential comparisons), the children are reported as
/// removed and inserted (or paired by position) instead, to bound the running time.
enum ChildMatcher {
  /// The largest `expected × actual` middle section handed to the Myers difference.
  static let myersLimit = 4_000_000

  /// - Parameters:
  ///   - pairsUnmatched: whether unmatched expected children followed by unmatched actual children
  ///     are reported as `.paired`, position by position, rather than as removals and insertions.
  ///   - matches: whether the expected child at the first index corresponds to the actual child at
  ///     the second.
  static func edits(
    expectedCount: Int,
    actualCount: Int,
    pairsUnmatched: Bool,
    matches: (Int, Int) -> Bool
  ) -> [ChildEdit] {
    var edits: [ChildEdit] = []
    edits.reserveCapacity(max(expectedCount, actualCount))

    var prefix = 0
    while prefix < expectedCount, prefix < actualCount, matches(prefix, prefix) {
      prefix += 1
    }
    var suffix = 0
    while suffix < expectedCount - prefix, suffix < actualCount - prefix,
      matches(expectedCount - 1 - suffix, actualCount - 1 - suffix)
    {
      suffix += 1
    }
    for index in 0..<prefix {
      edits.append(.matched(expected: index, actual: index))
    }

    let expectedMiddle = prefix..<(expectedCount - suffix)
    let actualMiddle = prefix..<(actualCount - suffix)

    func block(_ removed: some Collection<Int>, _ inserted: some Collection<Int>) {
      let paired = pairsUnmatched ? min(removed.count, inserted.count) : 0
      for (e, a) in zip(removed, inserted).prefix(paired) {
        edits.append(.paired(expected: e, actual: a))
      }
      for index in removed.dropFirst(paired) { edits.append(.removed(expected: index)) }
      for index in inserted.dropFirst(paired) { edits.append(.inserted(actual: index)) }
    }

    if expectedMiddle.isEmpty || actualMiddle.isEmpty
      || expectedMiddle.count * actualMiddle.count > myersLimit
    {
      block(expectedMiddle, actualMiddle)
    } else {
      let difference = Array(actualMiddle).difference(from: Array(expectedMiddle), by: matches)
      var removed = Set<Int>()
      var inserted = Set<Int>()
      for change in difference {
        switch change {
        case .remove(_, let index, _): removed.insert(index)
        case .insert(_, let index, _): inserted.insert(index)
        }
      }
      var e = expectedMiddle.lowerBound
      var a = actualMiddle.lowerBound
      while e < expectedMiddle.upperBound || a < actualMiddle.upperBound {
        let removedStart = e
        while e < expectedMiddle.upperBound, removed.contains(e) { e += 1 }
        let insertedStart = a
        while a < actualMiddle.upperBound, inserted.contains(a) { a += 1 }
        if removedStart < e || insertedStart < a {
          block(removedStart..<e, insertedStart..<a)
        } else if e < expectedMiddle.upperBound, a < actualMiddle.upperBound {
          edits.append(.matched(expected: e, actual: a))
          e += 1
          a += 1
        } else {
          // Unreachable for a consistent difference; report the rest rather than loop.
          block(e..<expectedMiddle.upperBound, a..<actualMiddle.upperBound)
          break
        }
      }
    }

    for offset in 0..<suffix {
      edits.append(.matched(expected: expectedCount - suffix + offset, actual: actualCount - suffix + offset))
    }
    return edits
  }
}
