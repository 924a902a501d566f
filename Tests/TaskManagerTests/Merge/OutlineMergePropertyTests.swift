import Foundation
import Testing

@testable import TaskManager

/// Properties of the merge over generated outlines: each case a random outline (seeded, so a
/// failure is reproducible) and two sides that edit disjoint sets of its items.
@Suite struct OutlineMergePropertyTests {
  @Test func disjointEditsMergeCleanlyAndAlikeWhicheverSideIsOurs() throws {
    var random = SplitMix64(seed: 0x7A5C_4E46_0001)
    for round in 0..<300 {
      let generated = MergeCase.make(using: &random)
      let (base, ours, theirs) = generated.texts
      let forward = try merged(base, ours, theirs)
      let backward = try merged(base, theirs, ours)
      let context = "round \(round)\n--- base\n\(base)--- ours\n\(ours)--- theirs\n\(theirs)--- merged\n\(forward.text)"
      #expect(forward.conflicts.isEmpty, "\(context)")
      #expect(backward.conflicts.isEmpty, "\(context)")
      #expect(MergeCase.items(forward.text) == MergeCase.items(backward.text), "\(context)\n--- swapped\n\(backward.text)")
      // Every item of the expected outline, under the expected parent, and nothing else.
      #expect(MergeCase.placedItems(forward.text) == generated.expected.placedItems(), "\(context)")
      // The items no side touched, nor moved with an ancestor, keep their order.
      let untouched = generated.untouchedTitles
      let order = MergeCase.items(forward.text).map(\.title).filter { untouched.contains($0) }
      #expect(order == generated.base.titlesInOrder().filter { untouched.contains($0) }, "\(context)")
      if !forward.conflicts.isEmpty || MergeCase.placedItems(forward.text) != generated.expected.placedItems() { return }
    }
  }

  @Test func aVersionMergedWithItselfOrTheAncestorComesBackByteForByte() throws {
    var random = SplitMix64(seed: 0x7A5C_4E46_0002)
    for round in 0..<300 {
      let (base, ours, theirs) = MergeCase.make(using: &random).texts
      for version in [ours, theirs] {
        #expect(try merged(version, version, version).text == version, "round \(round)")
        #expect(try merged(base, version, base).text == version, "round \(round)\n\(base)---\n\(version)")
        #expect(try merged(base, base, version).text == version, "round \(round)\n\(base)---\n\(version)")
      }
    }
  }

  /// The work of a merge at 1,000 and 10,000 items, each side making an edit per hundred items: it grows
  /// with the number of items (and the log of the number moved), not its square.
  @Test func theWorkGrowsLinearlyWithTheItems() throws {
    func work(items: Int) throws -> Int {
      var random = SplitMix64(seed: 0x7A5C_4E46_0003)
      let generated = MergeCase.make(items: items, edits: items / 100, using: &random)
      let (base, ours, theirs) = generated.texts
      let counter = OutlineWork.Counter()
      let result = try OutlineWork.$counter.withValue(counter) {
        try OutlineMerge.merge(base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8))
      }
      #expect(result.conflicts.isEmpty)
      #expect(counter.items >= items)
      return counter.items
    }
    let small = try work(items: 1_000)
    let large = try work(items: 10_000)
    #expect(Double(large) < 14 * Double(small), "\(small) steps for 1,000 items, \(large) for 10,000")
  }
}

/// A generated merge: an outline, and two sides each editing only its own share of the items
/// (even or odd numbers): tags added, items marked done, titles edited, leaves deleted, items
/// added after or under their own, leaves moved after their own.
struct MergeCase {
  struct Node {
    var number: Int
    var kind: Item.Kind
    var title: String
    var tags: [String]
    var children: [Node]
  }

  struct Style {
    var indentation: String
    var lineBreak: String
    var finalLineBreak: Bool
  }

  var base: Model
  var ours: Model
  var theirs: Model
  var expected: Model
  var style: Style
  var untouchedTitles: Set<String>

  var texts: (String, String, String) { (base.text(style), ours.text(style), theirs.text(style)) }

  /// A case of `items` items (random when nil) and `edits` edits a side (random when nil);
  /// with `overlapping`, each side may edit any item, not only its own share.
  static func make(items: Int? = nil, edits: Int? = nil, overlapping: Bool = false, using random: inout SplitMix64) -> MergeCase {
    let count = items ?? Int(random.next() % 30) + 1
    var base = Model(nodes: [], next: 0)
    var parents: [[Int]] = [[]]
    for _ in 0..<count { base.addRandom(under: &parents, using: &random) }
    let style = Style(
      indentation: random.next() % 3 == 0 ? "  " : "\t", lineBreak: random.next() % 4 == 0 ? "\r\n" : "\n",
      finalLineBreak: random.next() % 5 != 0
    )
    var ours = base
    var theirs = base
    var expected = base
    var touched = Set<Int>()
    let editCount = edits ?? Int(random.next() % 5)
    let allNumbers = base.numbers()
    for side in 0..<2 {
      let numbers = overlapping ? allNumbers : allNumbers.filter { $0 % 2 == side }
      for _ in 0..<editCount {
        guard let number = numbers.isEmpty ? nil : numbers[Int(random.next() % UInt64(numbers.count))] else { continue }
        let edit = Int(random.next() % 6)
        let added = 1_000_000 * (side + 1) + Int(random.next() % 1_000_000)
        var sideModel = side == 0 ? ours : theirs
        guard sideModel.apply(edit, to: number, newNumber: added) else { continue }
        _ = expected.apply(edit, to: number, newNumber: added)
        touched.insert(number)
        if side == 0 { ours = sideModel } else { theirs = sideModel }
      }
    }
    var untouched = Set<String>()
    base.forEach { node, ancestors in
      if !touched.contains(node.number), !ancestors.contains(where: touched.contains) { untouched.insert(node.title) }
    }
    return MergeCase(base: base, ours: ours, theirs: theirs, expected: expected, style: style, untouchedTitles: untouched)
  }

  /// Each line's depth, kind, title and tags, in order.
  static func items(_ text: String) -> [Entry] {
    parseOutline(text).entries().map { Entry(depth: $0.depth, kind: $0.item.kind, title: $0.item.title, tags: $0.item.tags.map(\.description)) }
  }

  /// Each item with its parent's title, sorted: what the merge must give, whatever the order.
  static func placedItems(_ text: String) -> [String] {
    let outline = parseOutline(text)
    var titles: [UUID: String] = [:]
    var result: [String] = []
    outline.forEachEntry { entry in
      titles[entry.item.id] = entry.item.title
      let tags = entry.item.tags.map(\.description).sorted().joined(separator: " ")
      result.append("\(entry.parentID.flatMap { titles[$0] } ?? "-") > \(entry.item.kind) \(entry.item.title) \(tags)")
    }
    return result.sorted()
  }

  struct Entry: Equatable {
    var depth: Int
    var kind: Item.Kind
    var title: String
    var tags: [String]
  }

  struct Model {
    var nodes: [Node]
    var next: Int

    /// Adds an item under one of `parents` (paths of projects and tasks at most three deep, or
    /// the top level), which it joins when it may take children.
    mutating func addRandom(under parents: inout [[Int]], using random: inout SplitMix64) {
      next += 1
      let kind: Item.Kind = random.next() % 4 == 0 ? .project : random.next() % 5 == 0 ? .note : .task
      let title = kind == .project ? "Project \(next)" : kind == .note ? "note \(next) here" : "task \(next)"
      let tags = random.next() % 4 == 0 ? ["@due(2026-12-\(10 + next % 18))"] : []
      let node = Node(number: next, kind: kind, title: title, tags: tags, children: [])
      let path = parents[Int(random.next() % UInt64(parents.count))]
      var index = 0
      modifyChildren(at: path) {
        index = $0.count
        $0.append(node)
      }
      if path.count < 3, kind != .note { parents.append(path + [index]) }
    }

    func numbers() -> [Int] {
      var result: [Int] = []
      forEach { node, _ in result.append(node.number) }
      return result
    }

    func titlesInOrder() -> [String] {
      var result: [String] = []
      forEach { node, _ in result.append(node.title) }
      return result
    }

    func forEach(_ body: (Node, [Int]) -> Void) {
      func walk(_ nodes: [Node], _ ancestors: [Int]) {
        for node in nodes {
          body(node, ancestors)
          walk(node.children, ancestors + [node.number])
        }
      }
      walk(nodes, [])
    }

    func path(of number: Int) -> [Int]? {
      var path: [Int] = []
      func find(_ nodes: [Node]) -> Bool {
        for (index, node) in nodes.enumerated() {
          path.append(index)
          if node.number == number || find(node.children) { return true }
          path.removeLast()
        }
        return false
      }
      return find(nodes) ? path : nil
    }

    mutating func modifyChildren(at path: [Int], _ body: (inout [Node]) -> Void) {
      func modify(_ nodes: inout [Node], _ path: ArraySlice<Int>) {
        guard let first = path.first else { return body(&nodes) }
        modify(&nodes[first].children, path.dropFirst())
      }
      modify(&nodes, path[...])
    }

    mutating func modifyNode(at path: [Int], _ body: (inout Node) -> Void) {
      modifyChildren(at: Array(path.dropLast())) { body(&$0[path.last!]) }
    }

    /// Applies edit `edit` to item `number`; false when it does not apply (a delete or move
    /// of an item with children).
    mutating func apply(_ edit: Int, to number: Int, newNumber: Int) -> Bool {
      guard let path = path(of: number) else { return false }
      switch edit {
      case 0: modifyNode(at: path) { $0.tags.append("@t\(newNumber)") }
      case 1: modifyNode(at: path) { $0.tags.append("@done(2026-11-29)") }
      case 2: modifyNode(at: path) { $0.title += " now \(newNumber % 1000)" }
      case 3:
        var isLeaf = true
        modifyNode(at: path) { isLeaf = $0.children.isEmpty }
        guard isLeaf else { return false }
        modifyChildren(at: Array(path.dropLast())) { $0.remove(at: path.last!) }
      case 4:
        var kind = Item.Kind.note
        modifyNode(at: path) { kind = $0.kind }
        let node = Node(number: newNumber, kind: .task, title: "added \(newNumber)", tags: [], children: [])
        if kind != .note, newNumber % 2 == 0 {
          modifyNode(at: path) { $0.children.append(node) }
        } else {
          modifyChildren(at: Array(path.dropLast())) { $0.insert(node, at: path.last! + 1) }
        }
      default:
        // Moves a leaf to the top level, at the start.
        var moved: Node?
        modifyNode(at: path) { if $0.children.isEmpty { moved = $0 } }
        guard let moved, path.count > 1 || path.last! > 0 else { return false }
        modifyChildren(at: Array(path.dropLast())) { $0.remove(at: path.last!) }
        nodes.insert(moved, at: 0)
      }
      return true
    }

    func text(_ style: Style) -> String {
      var lines: [String] = []
      func walk(_ nodes: [Node], _ depth: Int) {
        for node in nodes {
          let indentation = String(repeating: style.indentation, count: depth)
          let body =
            switch node.kind {
            case .task: "- " + node.title
            case .project: node.title + ":"
            case .note: node.title
            }
          lines.append(indentation + ([body] + node.tags).joined(separator: " "))
          walk(node.children, depth + 1)
        }
      }
      walk(nodes, 0)
      guard !lines.isEmpty else { return "" }
      return lines.joined(separator: style.lineBreak) + (style.finalLineBreak ? style.lineBreak : "")
    }

    func placedItems() -> [String] {
      var result: [String] = []
      func walk(_ nodes: [Node], _ parent: String) {
        for node in nodes {
          let tags = node.tags.sorted().joined(separator: " ")
          result.append("\(parent) > \(node.kind) \(node.title) \(tags)")
          walk(node.children, node.title)
        }
      }
      walk(nodes, "-")
      return result.sorted()
    }
  }
}

/// Sides that edit the same items too (tags, titles, deletes, adds, moves of any item): the
/// merge never fails, reads back as an outline, and loses no line a side added or edited.
@Suite struct OutlineMergeOverlapTests {
  @Test func overlappingEditsKeepEveryLineASideAddedOrEdited() throws {
    var random = SplitMix64(seed: 0x7A5C_4E46_0004)
    for round in 0..<400 {
      let generated = MergeCase.make(overlapping: true, using: &random)
      let (base, ours, theirs) = generated.texts
      let result = try merged(base, ours, theirs)
      let context = "round \(round)\n--- base\n\(base)--- ours\n\(ours)--- theirs\n\(theirs)--- merged\n\(result.text)"
      let baseTitles = Set(MergeCase.items(base).map(\.title))
      let mergedTitles = Set(MergeCase.items(result.text).map(\.title))
      for side in [ours, theirs] {
        for title in MergeCase.items(side).map(\.title) where !baseTitles.contains(title) {
          #expect(mergedTitles.contains(title), "\(title) lost, \(context)")
        }
      }
      #expect(!result.text.contains("<<<<<<<"))
      let conflictLines = result.text.split(separator: "\n").filter { $0.contains("@conflict") }.count
      #expect(conflictLines == result.conflicts.count, "\(context)")
    }
  }
}

/// Documents of odd lines (the parser's property tests' generator: tags with escapes, CRLF and
/// LF mixed, stray carriage returns, whitespace-only lines, no final line break), each side
/// deleting, adding, editing and moving lines: the merge never fails on text taskman reads, and
/// a version merged with itself or the ancestor comes back byte for byte.
@Suite struct OutlineMergeOddTextTests {
  static func edited(_ text: String, using random: inout SplitMix64) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for _ in 0..<(random.next() % 4) {
      let index = lines.isEmpty ? 0 : Int(random.next() % UInt64(lines.count))
      switch random.next() % 4 {
      case 0 where !lines.isEmpty: lines.remove(at: index)
      case 1: lines.insert(TaskPaperPropertyTests.line(using: &random), at: index)
      case 2 where !lines.isEmpty: lines[index] += " " + TaskPaperPropertyTests.tag(using: &random)
      default:
        if lines.count > 1 { lines.swapAt(index, Int(random.next() % UInt64(lines.count))) }
      }
    }
    return lines.joined(separator: "\n")
  }

  @Test func oddTextMergesAndComesBackByteForByte() throws {
    var random = SplitMix64(seed: 0x7A5C_4E46_0005)
    for round in 0..<1_000 {
      let base = TaskPaperPropertyTests.document(using: &random)
      let ours = Self.edited(base, using: &random)
      let theirs = Self.edited(base, using: &random)
      let context = "round \(round): \(base.debugDescription) \(ours.debugDescription) \(theirs.debugDescription)"
      do {
        let result = try merged(base, ours, theirs)
        #expect(!result.text.contains("<<<<<<<"), "\(context)")
        for version in [ours, theirs] {
          #expect(try merged(version, version, version).text == version, "\(context)")
          #expect(try merged(base, version, base).text == version, "\(context)")
          #expect(try merged(base, base, version).text == version, "\(context)")
        }
      } catch let error as OutlineMergeError {
        // Only a version with lone carriage returns for line breaks is refused.
        #expect(error.problem.problem == .classicLineBreaks, "\(context)")
      }
    }
  }
}
