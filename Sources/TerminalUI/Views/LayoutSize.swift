/// The size of one part of a ``Rect`` split into rows or columns: a fixed number of cells, or a
/// share of what the fixed parts leave.
///
/// ```swift
/// let parts = screen.rows([.fixed(1), .flexible(), .fixed(1)])  // tab bar, body, help line
/// let columns = parts[1].columns([.flexible(2), .flexible(1)])  // two thirds, one third
/// ```
public enum LayoutSize: Hashable, Sendable {
  /// Exactly this many cells (fewer when the rectangle runs out).
  case fixed(Int)
  /// A share of the cells the fixed parts leave, by weight: `.flexible(2)` takes twice what
  /// `.flexible(1)` takes.
  case flexible(Int = 1)
}

extension Rect {
  /// The rectangle cut into rows from the top, one per size: fixed rows first get their
  /// height (until none is left), and flexible ones share the rest by weight; the last flexible
  /// row takes any remainder, so that the rows cover the rectangle when one is flexible.
  public func rows(_ sizes: [LayoutSize]) -> [Rect] {
    Self.lengths(sizes, total: height).reduce(into: (rects: [Rect](), y: y)) { result, length in
      result.rects.append(Rect(x: x, y: result.y, width: width, height: length))
      result.y += length
    }.rects
  }

  /// The rectangle cut into columns from the left, one per size, as ``rows(_:)`` cuts rows.
  public func columns(_ sizes: [LayoutSize]) -> [Rect] {
    Self.lengths(sizes, total: width).reduce(into: (rects: [Rect](), x: x)) { result, length in
      result.rects.append(Rect(x: result.x, y: y, width: length, height: height))
      result.x += length
    }.rects
  }

  private static func lengths(_ sizes: [LayoutSize], total: Int) -> [Int] {
    var left = total
    var lengths = sizes.map { size -> Int in
      guard case let .fixed(length) = size else { return 0 }
      let taken = min(max(0, length), left)
      left -= taken
      return taken
    }
    let weights = sizes.map { size -> Int in if case let .flexible(weight) = size { max(0, weight) } else { 0 } }
    let totalWeight = weights.reduce(0, +)
    guard totalWeight > 0 else { return lengths }
    let flexible = left
    var lastFlexible: Int?
    for (index, weight) in weights.enumerated() where weight > 0 {
      let share = flexible * weight / totalWeight
      lengths[index] = share
      left -= share
      lastFlexible = index
    }
    if let lastFlexible { lengths[lastFlexible] += left }
    return lengths
  }
}
