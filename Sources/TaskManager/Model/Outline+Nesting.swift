import Foundation

extension Outline {
  /// The items with `ids` that are under none of the others, in document order: what a change
  /// that takes an item's children along (a move, a deletion) acts on, so that an item found
  /// beside its parent stays under it.
  ///
  /// ```swift
  /// // "Work:\n\t- Call Bob\n- Pay rent\n", ids of all three
  /// outline.outermostItems(among: ids)  // the ids of "Work" and "Pay rent"
  /// ```
  public func outermostItems(among ids: Set<UUID>) -> [UUID] {
    var result: [UUID] = []
    // The items found, and everything under them.
    var covered = Set<UUID>()
    forEachEntry { entry in
      if let parent = entry.parentID, covered.contains(parent) {
        covered.insert(entry.item.id)
      } else if ids.contains(entry.item.id) {
        covered.insert(entry.item.id)
        result.append(entry.item.id)
      }
    }
    return result
  }
}
