/// Finds what the user probably meant: the nearest known word by edit distance.
enum Suggestion {
  /// The candidate nearest to `word`, if it is near enough to be a plausible typo, or the
  /// only candidate that `word` abbreviates (`del` → `delete`). Ties go to the earlier candidate.
  /// Options are compared without their dashes: `--tga` → `--tag`.
  ///
  /// ```swift
  /// Suggestion.nearest(to: "lsit", in: ["add", "list"])  // "list"
  /// ```
  static func nearest(to word: String, in candidates: [String]) -> String? {
    if word.hasPrefix("-") {
      let stripped = candidates.map { String($0.drop { $0 == "-" }) }
      let found = nearest(to: String(word.drop { $0 == "-" }), in: stripped)
      return found.flatMap { stripped.firstIndex(of: $0) }.map { candidates[$0] }
    }
    let typed = Array(word.lowercased())
    guard !typed.isEmpty else { return nil }
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = Suggestion.distance(typed, Array(candidate.lowercased()))
      if distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    // Up to a third of the letters may be wrong (at least one): "lsit", "delte", "untga".
    // Below three letters almost everything is one step from something, so only abbreviations count.
    if typed.count >= 3, let best, best.distance <= max(1, typed.count / 3) { return best.candidate }
    let abbreviated = candidates.filter { $0.lowercased().hasPrefix(word.lowercased()) }
    return abbreviated.count == 1 ? abbreviated[0] : nil
  }

  /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of
  /// two neighbours each cost 1, so `lsit` is one step from `list`.
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], before[j - 2] + 1)
        }
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
  }
}
