import Foundation
import TaskManager

/// Swift Testing also exports a `Tag`; a declaration in this module wins over both imports, so
/// every test file in the target can write `Tag` for the TaskPaper tag.
typealias Tag = TaskManager.Tag

/// SplitMix64: a tiny, fast, well-mixed generator, so random tests are reproducible from a seed.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// The `number`th deterministic id: `00000000-0000-0000-0000-00000000000N` in hex.
func testID(_ number: UInt64) -> UUID {
  let b = withUnsafeBytes(of: number.bigEndian) { Array($0) }
  return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]))
}

/// Parses with ids 1, 2, 3… in document order, so two parses of equivalent text compare equal.
func parseOutline(_ text: String) -> Outline {
  var next: UInt64 = 0
  return TaskPaperParser.parse(text) {
    next += 1
    return testID(next)
  }
}

/// Parse, then print.
func reprint(_ text: String) -> String {
  TaskPaperPrinter.print(parseOutline(text))
}

/// The single item a one-line document parses to (a line break is added, so `""` is an empty line).
func parseLine(_ line: String) -> Item {
  let outline = parseOutline(line + "\n")
  precondition(outline.items.count == 1 && outline.items[0].children.isEmpty, "not a single line: \(line)")
  return outline.items[0]
}

/// A compact, id-free rendering of an outline's structure for readable expectations:
/// one string per item, `depth|kind|level|title|tags`.
func shape(_ outline: Outline) -> [String] {
  outline.entries().map { entry in
    let tags = entry.item.tags.map(\.description).joined(separator: " ")
    return "\(entry.depth)|\(entry.item.kind)|\(entry.item.level)|\(entry.item.title)|\(tags)"
  }
}

func tag(_ name: String, _ value: String? = nil) -> Tag {
  Tag(name: name, value: value)
}
