import Foundation
import TaskManager
import Testing

@Suite("TaskPaper searches: properties")
struct TaskPaperSearchPropertyTests {
  static let today = TaskDate.Day(year: 2026, month: 11, day: 25)!

  /// Predicates over the tags and words the generated outlines use.
  static let predicates = [
    "@a", "@b", "not @c", "milk", "@p > [n]2", "@due < [d]today", "task", "project", "@type = note",
    "@a and @b", "@b or milk", "@text beginswith \"- \"", "count(*) > 0", "@p = @q",
  ]

  /// An outline of `count` items at random depths with random kinds, tags and words.
  static func outline(count: Int, using generator: inout SplitMix64) -> Outline {
    var lines: [String] = []
    var depth = 0
    for index in 0..<count {
      depth = Int.random(in: 0...min(depth + 1, 4), using: &generator)
      var line = String(repeating: "\t", count: depth)
      let words = ["milk", "bread", "Milk tea", "call"].randomElement(using: &generator)!
      switch Int.random(in: 0..<3, using: &generator) {
      case 0: line += "- \(words) \(index)"
      case 1: line += "\(words) \(index):"
      default: line += "\(words) \(index)"
      }
      for tag in ["@a", "@b", "@c", "@p(\(Int.random(in: 0..<5, using: &generator)))", "@q(3)", "@due(2026-11-2\(Int.random(in: 0..<9, using: &generator)))"]
      where Bool.random(using: &generator) {
        line += " " + tag
      }
      lines.append(line)
    }
    return parseOutline(lines.joined(separator: "\n") + "\n")
  }

  func ids(_ search: String, in outline: Outline) throws -> [UUID] {
    try TaskPaperSearch(parsing: search).matches(in: outline, today: Self.today)
  }

  @Test func notIsTheComplementAndUnionIsOr() throws {
    var generator = SplitMix64(seed: 45)
    for _ in 0..<40 {
      let outline = Self.outline(count: Int.random(in: 0..<60, using: &generator), using: &generator)
      let all = outline.entries().map(\.item.id)
      let a = Self.predicates.randomElement(using: &generator)!
      let b = Self.predicates.randomElement(using: &generator)!
      let found = Set(try ids(a, in: outline))
      #expect(try ids("not (\(a))", in: outline) == all.filter { !found.contains($0) }, "not (\(a))")
      #expect(try ids("(\(a)) union (\(b))", in: outline) == ids("(\(a)) or (\(b))", in: outline), "\(a) | \(b)")
      #expect(try ids("(\(a)) intersect (\(b))", in: outline) == ids("(\(a)) and (\(b))", in: outline), "\(a) & \(b)")
      #expect(try ids("(\(a)) except (\(b))", in: outline) == ids("(\(a)) and not (\(b))", in: outline), "\(a) - \(b)")
      // A path's steps agree with walking the tree: `x//y` is every y with an x above it.
      let xs = Set(try ids(a, in: outline))
      var expected: [UUID] = []
      var above: [Bool] = []
      for entry in outline.entries() {
        above.removeLast(max(0, above.count - entry.depth))
        if above.contains(true), Set(try ids(b, in: outline)).contains(entry.item.id) { expected.append(entry.item.id) }
        above.append(xs.contains(entry.item.id))
      }
      #expect(try ids("(\(a))//(\(b))", in: outline) == expected, "\(a)//\(b)")
    }
  }
}
