/// Matches the lines of a new version of a TaskPaper file to the lines of an old version, by
/// their ``LineKey``s and, where known, each line's parent: how items keep their identity across
/// edits made outside `taskman`, since the file carries no ids.
///
/// A new line is the same item as an old line when, in this order of preference:
/// 1. it is in the unchanged run at the start or the end of the file (most edits touch a few
///    lines in the middle);
/// 2. its text is the same (it may have moved, or been re-indented); lines with the same text
///    pair up in document order;
/// 3. its kind and non-empty title are the same, only its tags differ (marked done in the
///    TaskPaper app, say); again in document order;
/// 4. its children are that line's: every child with a title matched so far comes from the old
///    line's children, the old line is not matched yet and has the same kind (a project renamed
///    wherever it stands, even while other blocks moved around it). Deeper lines are decided
///    first, so a renamed project whose only children are renamed subprojects is found too;
///    where two new lines claim one old line, the first in document order at the deepest level
///    takes it;
/// 5. it stands where an old line stood: between two lines matched above (or the start or end
///    of the file), with as many unmatched new lines as unmatched old ones, which pair up in
///    order, each pair only when its titles are alike (``TitleSketch/alike(_:_:)``: a typo
///    fixed or a word added where it stands; `Learn Go` rewritten as `Call the dentist` is a
///    new item).
///
/// Every other new line is a new item. Without parents or sketches (an index of an earlier
/// version) steps 4 and the likeness check of 5 are left out, as matching was before. The work
/// is linear in the number of lines (hash tables for the changed middle, a counting sort by
/// depth for step 4).
enum LineMatcher {
  /// For each line of `new`, the index of the line of `old` it is, or -1 for a new item. No
  /// old line is matched twice. `oldParents` and `newParents` give each line's parent line (-1
  /// at the top level, below -1 when not known); either may be empty when none is known.
  static func match(old: [LineKey], new: [LineKey], oldParents: [Int] = [], newParents: [Int] = []) -> [Int] {
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
    var matchedOld = [Bool](repeating: false, count: old.count)
    for match in result where match >= 0 { matchedOld[match] = true }
    if oldParents.count == old.count, newParents.count == new.count {
      matchByChildren(&result, matchedOld: &matchedOld, old: old, new: new, oldParents: oldParents, newParents: newParents)
    }
    pairInPlace(&result, matchedOld: matchedOld, old: old, new: new, from: prefix, to: newEnd)
    return result
  }

  /// Step 4: gives each unmatched new line with a title the old line its matched children all
  /// come from, when that old line is unmatched and of the same kind. Lines are taken deepest
  /// first (in document order within a depth), so that a line matched here counts for its
  /// parent.
  private static func matchByChildren(
    _ result: inout [Int], matchedOld: inout [Bool], old: [LineKey], new: [LineKey], oldParents: [Int], newParents: [Int]
  ) {
    // Only a matched line under an unmatched one can start a match here (most outside edits
    // leave none: lines added, removed or edited without children).
    var needed = false
    for line in new.indices where result[line] >= 0 && new[line].title != 0 {
      let parent = newParents[line]
      if parent >= 0, parent < line, result[parent] < 0 {
        needed = true
        break
      }
    }
    guard needed else { return }
    // Each new line's depth; a parent always comes before its children.
    var depths = [Int](repeating: 0, count: new.count)
    var deepest = 0
    for line in new.indices {
      let parent = newParents[line]
      guard parent >= 0, parent < line else { continue }
      depths[line] = depths[parent] + 1
      deepest = max(deepest, depths[line])
    }
    // The lines by depth, deepest first, each depth in document order (a counting sort).
    var starts = [Int](repeating: 0, count: deepest + 2)
    for depth in depths { starts[deepest - depth + 1] += 1 }
    for index in 1..<starts.count { starts[index] += starts[index - 1] }
    var order = [Int](repeating: 0, count: new.count)
    for line in new.indices {
      let bucket = deepest - depths[line]
      order[starts[bucket]] = line
      starts[bucket] += 1
    }
    // The old line each new line's matched children come from: -1 none yet, -2 more than one
    // (or a child that had no parent).
    var candidates = [Int](repeating: -1, count: new.count)
    for line in order {
      let candidate = candidates[line]
      if result[line] < 0, candidate >= 0, !matchedOld[candidate], new[line].title != 0,
        TitleSketch.kind(old[candidate].sketch) == TitleSketch.kind(new[line].sketch)
      {
        result[line] = candidate
        matchedOld[candidate] = true
      }
      let parent = newParents[line]
      guard parent >= 0, parent < line, result[parent] < 0, result[line] >= 0, new[line].title != 0 else { continue }
      let oldParent = oldParents[result[line]]
      let current = candidates[parent]
      candidates[parent] = oldParent < 0 ? -2 : current == -1 || current == oldParent ? oldParent : -2
    }
  }

  /// Step 5: pairs each run of unmatched new lines in `start..<end` with the old lines between
  /// the old lines its neighbours matched, when those are as many and all unmatched: lines
  /// edited where they stand, each pair only when its titles are alike.
  private static func pairInPlace(
    _ result: inout [Int], matchedOld: [Bool], old: [LineKey], new: [LineKey], from start: Int, to end: Int
  ) {
    var index = start
    while index < end {
      guard result[index] < 0 else {
        index += 1
        continue
      }
      let runStart = index
      while index < result.count, result[index] < 0 { index += 1 }
      let oldStart = runStart > 0 ? result[runStart - 1] + 1 : 0
      let oldEnd = index < result.count ? result[index] : old.count
      guard oldEnd - oldStart == index - runStart, !matchedOld[oldStart..<oldEnd].contains(true) else { continue }
      for offset in 0..<(index - runStart) where TitleSketch.alike(new[runStart + offset].sketch, old[oldStart + offset].sketch) {
        result[runStart + offset] = oldStart + offset
      }
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
