/// Matches the lines of a new version of a TaskPaper file to the lines of an old version, by
/// their ``LineKey``s alone: how items keep their identity across edits made outside `taskman`,
/// since the file carries no ids.
///
/// A new line is the same item as an old line when, in this order of preference:
/// 1. it is in the unchanged run at the start or the end of the file (most edits touch a few
///    lines in the middle);
/// 2. its text is the same (it may have moved, or been re-indented); lines with the same text
///    pair up in document order;
/// 3. its kind and non-empty title are the same, only its tags differ (marked done in the
///    TaskPaper app, say); again in document order;
/// 4. it stands where an old line stood: between two lines matched above (or the start or end
///    of the file), with as many unmatched new lines as unmatched old ones, which pair up in
///    order (a typo fixed where it stands, a line rewritten in place).
///
/// Every other new line is a new item. The work is linear in the number of lines (hash tables
/// for the changed middle).
enum LineMatcher {
  /// For each line of `new`, the index of the line of `old` it is, or -1 for a new item. No
  /// old line is matched twice.
  static func match(old: [LineKey], new: [LineKey]) -> [Int] {
    var result = [Int](repeating: -1, count: new.count)
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix].content == new[prefix].content {
      result[prefix] = prefix
      prefix += 1
    }
    var oldEnd = old.count
    var newEnd = new.count
    while oldEnd > prefix, newEnd > prefix, old[oldEnd - 1].content == new[newEnd - 1].content {
      oldEnd -= 1
      newEnd -= 1
      result[newEnd] = oldEnd
    }
    guard prefix < oldEnd, prefix < newEnd else { return result }

    var used = [Bool](repeating: false, count: oldEnd - prefix)
    var byContent = Queues<UInt64>(capacity: oldEnd - prefix)
    for index in stride(from: oldEnd - 1, through: prefix, by: -1) {
      byContent.prepend(index, key: old[index].content, offset: prefix)
    }
    for index in prefix..<newEnd {
      if let match = byContent.popFirst(key: new[index].content, offset: prefix) {
        result[index] = match
        used[match - prefix] = true
      }
    }

    var byTitle = Queues<UInt32>(capacity: oldEnd - prefix)
    for index in stride(from: oldEnd - 1, through: prefix, by: -1) where !used[index - prefix] && old[index].title != 0 {
      byTitle.prepend(index, key: old[index].title, offset: prefix)
    }
    if !byTitle.isEmpty {
      for index in prefix..<newEnd where result[index] < 0 && new[index].title != 0 {
        if let match = byTitle.popFirst(key: new[index].title, offset: prefix) {
          result[index] = match
        }
      }
    }
    pairInPlace(&result, oldCount: old.count, from: prefix, to: newEnd)
    return result
  }

  /// Pairs each run of unmatched new lines in `start..<end` with the old lines between the
  /// old lines its neighbours matched, when those are as many and all unmatched: lines edited
  /// where they stand.
  private static func pairInPlace(_ result: inout [Int], oldCount: Int, from start: Int, to end: Int) {
    var matchedOld = [Bool](repeating: false, count: oldCount)
    for match in result where match >= 0 { matchedOld[match] = true }
    var index = start
    while index < end {
      guard result[index] < 0 else {
        index += 1
        continue
      }
      let runStart = index
      while index < result.count, result[index] < 0 { index += 1 }
      let oldStart = runStart > 0 ? result[runStart - 1] + 1 : 0
      let oldEnd = index < result.count ? result[index] : oldCount
      guard oldEnd - oldStart == index - runStart, !matchedOld[oldStart..<oldEnd].contains(true) else { continue }
      for offset in 0..<(index - runStart) { result[runStart + offset] = oldStart + offset }
    }
  }

  /// For each key, the old lines with that key in document order, as a linked list through an
  /// array (one allocation for all keys).
  private struct Queues<Key: Hashable> {
    private var heads: [Key: Int] = [:]
    private var next: [Int]

    init(capacity: Int) {
      next = [Int](repeating: -1, count: capacity)
      heads.reserveCapacity(capacity)
    }

    var isEmpty: Bool { heads.isEmpty }

    mutating func prepend(_ index: Int, key: Key, offset: Int) {
      next[index - offset] = heads[key] ?? -1
      heads[key] = index
    }

    mutating func popFirst(key: Key, offset: Int) -> Int? {
      guard let head = heads[key] else { return nil }
      let following = next[head - offset]
      if following < 0 { heads[key] = nil } else { heads[key] = following }
      return head
    }
  }
}
