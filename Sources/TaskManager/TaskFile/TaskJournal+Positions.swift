import Foundation

extension TaskJournal.Entry {
  /// Where the items placed under one parent go among its children `siblings` as they are now
  /// (without those items), so that each goes back between the same lines though lines were
  /// added, removed, edited or moved around it by hand. Each item gets a slot, how many of
  /// `siblings` come before it:
  ///
  /// - right after its neighbour before it, and after as many of the blank lines that follow
  ///   that neighbour now as were between them (no more);
  /// - else, when that one is gone or was never there (it was first), right before its
  ///   neighbour after it, and before the blank lines before that one, in the same way;
  /// - never past its neighbour after it, when both are there in their order;
  /// - when it had neither (the only line there that was not blank, or the first of lines that
  ///   all went together), after the last line there that is not blank now, and after as many
  ///   blank lines as it came after;
  /// - an item recorded without neighbours right after another placed item takes that one's
  ///   slot (the first of a run of items placed together has them);
  /// - else the slot of its recorded position (neighbours gone, or an entry recorded without
  ///   them).
  ///
  /// Items in one slot keep their recorded order.
  static func positions(of placements: [TaskJournal.Placement], ids: [UUID], among siblings: [Item]) -> [Int] {
    var index: [UUID: Int] = [:]
    index.reserveCapacity(siblings.count)
    for (offset, sibling) in siblings.enumerated() { index[sibling.id] = offset }
    let recorded = placements.map(\.position).sorted()
    /// How many of the placed items were before `position` when recorded.
    func placedBefore(_ position: Int) -> Int {
      var low = 0
      var high = recorded.count
      while low < high {
        let middle = (low + high) / 2
        if recorded[middle] < position { low = middle + 1 } else { high = middle }
      }
      return low
    }
    /// How many blank lines of `siblings` directly follow (`step` 1) or precede (`step` -1)
    /// `offset`, at most `limit`.
    func blanks(from offset: Int, step: Int, limit: Int) -> Int {
      var count = 0
      var next = offset + step
      while count < limit, siblings.indices.contains(next), siblings[next].isBlank {
        count += 1
        next += step
      }
      return count
    }
    /// The slot after `start` of `siblings` and as many of the blank lines from there as
    /// `wanted`. When they run out at the end, the blank lines it came after follow the
    /// parent's lines (a blank line belongs to the line after it): past the end, it takes them
    /// back (see `insert(_:into:)`).
    func slotAfter(_ start: Int, andBlanks wanted: Int) -> Int {
      let stepped = blanks(from: start - 1, step: 1, limit: wanted)
      return start + stepped == siblings.count ? start + max(wanted, stepped) : start + stepped
    }
    // In recorded order, so that an item whose neighbour is another placed item finds its slot.
    var slots = [Int](repeating: 0, count: placements.count)
    var slotOf: [UUID: Int] = [:]
    var slotAtRecorded: [Int: Int] = [:]
    for offset in placements.indices.sorted(by: { placements[$0].position < placements[$1].position }) {
      let placement = placements[offset]
      var slot = placement.position - placedBefore(placement.position)
      if placement.neighbours == nil, let previous = slotAtRecorded[placement.position - 1] {
        slot = previous
      } else if let neighbours = placement.neighbours {
        var lowest = 0
        var highest = Int.max
        var found = false
        // Placed items between an item and a neighbour go back between them; the rest were
        // blank lines.
        if let before = neighbours.before, let at = slotOf[before] {
          let between = placedBefore(placement.position) - placedBefore(placement.position - neighbours.beforeDistance + 1)
          slot = slotAfter(at, andBlanks: neighbours.beforeDistance - 1 - between)
          lowest = at
          found = true
        } else if let before = neighbours.before, let now = index[before] {
          let between = placedBefore(placement.position) - placedBefore(placement.position - neighbours.beforeDistance + 1)
          slot = slotAfter(now + 1, andBlanks: neighbours.beforeDistance - 1 - between)
          lowest = now + 1
          found = true
        } else if neighbours.before == nil, neighbours.after == nil {
          // No line there to go by (it was the only one that was not blank, or the first of
          // lines that all went together): after the last line there now that is not blank
          // (lines added there since come before it), and after as many blank lines as it came
          // after.
          let start = (siblings.lastIndex { !$0.isBlank } ?? -1) + 1
          slot = slotAfter(start, andBlanks: placement.position - placedBefore(placement.position))
        }
        if let after = neighbours.after, let now = index[after], now >= lowest {
          let between = placedBefore(placement.position + neighbours.afterDistance) - placedBefore(placement.position + 1)
          highest = now
          if !found { slot = now - blanks(from: now, step: -1, limit: neighbours.afterDistance - 1 - between) }
        }
        if lowest <= highest { slot = min(max(slot, lowest), highest) }
      }
      // Past the end, as a recorded position can be: the blank lines that follow the parent's
      // lines come back under it first (see `insert(_:into:)`).
      slot = max(slot, 0)
      slots[offset] = slot
      slotOf[ids[offset]] = slot
      slotAtRecorded[placement.position] = slot
    }
    // Each item's position: its slot, and the placed items before it in slot order.
    let order = placements.indices.sorted { (slots[$0], placements[$0].position) < (slots[$1], placements[$1].position) }
    var result = [Int](repeating: 0, count: placements.count)
    for (rank, offset) in order.enumerated() { result[offset] = slots[offset] + rank }
    return result
  }
}
