import Foundation
import TaskManager
import Testing

@testable import TaskmanCLI

@Suite("The outline list renders")
struct OutlineRendererTests {
  static let outline = TaskPaperParser.parse(
    "Errands:\n\t- Buy milk @shopping @due(2026-11-20)\n\t\tSemi-skimmed\n\t- Post letter @done(2026-11-01)\n- Loose end @due(2030-01-01)\n",
    makeID: { UUID() }
  )
  let today = TaskDate.Day(year: 2026, month: 11, day: 25)!

  private func shortID(_ id: UUID) -> String {
    let titles = Dictionary(uniqueKeysWithValues: Self.outline.entries().map { ($0.item.id, $0.item.title) })
    return ["Errands": "a1", "Buy milk": "b2c3", "Semi-skimmed": "d4", "Post letter": "e5", "Loose end": "f6"][titles[id] ?? ""] ?? "??"
  }

  @Test func plainTextIsTheOutlineWithAlignedIds() {
    let rows = TaskFilter(kinds: Set(Item.Kind.allCases), status: .all).outlineRows(of: Self.outline)
    #expect(
      OutlineRenderer.render(rows, shortID: shortID, style: .plain, today: today) == """
        a1    Errands:
        b2c3    - Buy milk @shopping @due(2026-11-20)
        d4        Semi-skimmed
        e5      - Post letter @done(2026-11-01)
        f6    - Loose end @due(2030-01-01)

        """
    )
  }

  @Test func onATerminalContextAndDoneAreDimAndOverdueIsRed() {
    let rows = TaskFilter(kinds: Set(Item.Kind.allCases), tags: [.has("shopping")], status: .all).outlineRows(of: Self.outline)
    #expect(
      OutlineRenderer.render(rows, shortID: shortID, style: TextStyle(isColored: true), today: today) == """
        \u{1B}[2m\u{1B}[33ma1\u{1B}[0m\u{1B}[2m    Errands:\u{1B}[0m
        \u{1B}[33mb2c3\u{1B}[0m    \u{1B}[31m- Buy milk @shopping @due(2026-11-20)\u{1B}[0m

        """
    )
    let done = TaskFilter(kinds: Set(Item.Kind.allCases), tags: [.has("done")], status: .all).outlineRows(of: Self.outline)
    #expect(
      OutlineRenderer.render(done, shortID: shortID, style: TextStyle(isColored: true), today: today).hasSuffix(
        "\u{1B}[2m\u{1B}[33me5\u{1B}[0m\u{1B}[2m    - Post letter \u{1B}[36m@done(2026-11-01)\u{1B}[0m\u{1B}[2m\u{1B}[0m\n"
      )
    )
  }

  @Test func aLongOutlineIsTheSameDoneInTwoHalvesAtOnce() throws {
    // Projects of unequal sizes, nesting, notes, done tasks and loose tasks between projects;
    // random ids, some short ids longer than others.
    var lines: [String] = []
    for project in 0..<40 {
      lines.append("Project \(project):")
      for task in 0..<(project % 7 == 0 ? 150 : 40) {
        lines.append("\t- Task \(project).\(task)\(task % 3 == 0 ? " @home" : "")\(task % 10 == 0 ? " @done(2026-11-01)" : "")")
        if task % 9 == 0 { lines.append("\t\t- Deep \(project).\(task) @due(2026-11-2\(task % 10))") }
        if task % 25 == 0 { lines.append("\t\tA note about semi-skimmed milk.") }
      }
      if project % 5 == 0 { lines.append("- Loose end \(project)") }
    }
    // Seeded ids, with which the longest short id is in one half only: each half padded to its
    // own width would show.
    var generator = SplitMix64(seed: 1)
    let outline = TaskPaperParser.parse(lines.joined(separator: "\n")) {
      ShortIDIndex.uuid(UInt128(generator.next()) << 64 | UInt128(generator.next()))
    }
    let (first, second) = try #require(OutlineRenderer.halves(of: outline), "long enough for two threads")
    #expect(first.items.count + second.items.count == outline.items.count)
    #expect(abs(first.itemCount - second.itemCount) < 200, "about as many items on each side")
    let index = ShortIDIndex(items: outline.items)
    let widths = [first, second].map { half in
      index.shortIDs(for: TaskFilter(kinds: Set(Item.Kind.allCases)).outlineRows(of: half).map(\.entry.item.id)).map(\.count).max()
    }
    #expect(widths[0] != widths[1])
    let filters = [
      TaskFilter(kinds: Set(Item.Kind.allCases)),
      TaskFilter(kinds: [.task], tags: [.has("home")]),
      TaskFilter(kinds: Set(Item.Kind.allCases), searchText: "semi"),
      TaskFilter(kinds: Set(Item.Kind.allCases), project: "project 3", status: .all),
    ]
    for filter in filters {
      for style in [TextStyle.plain, TextStyle(isColored: true)] {
        let pieces = OutlineRenderer.renderedPieces(of: outline, filter: filter, index: index, style: style, today: today)
        #expect(pieces.count == 2)
        let rows = filter.outlineRows(of: outline)
        #expect(String(decoding: pieces.joined(), as: UTF8.self) == OutlineRenderer.render(rows, shortID: index.shortID(for:), style: style, today: today))
      }
    }
    // One project holding everything, or most of it, or a short list, is done in one piece;
    // a long flat list in two.
    let oneProject = Outline(items: [Item(id: UUID(), kind: .project, title: "All", children: outline.items)])
    #expect(OutlineRenderer.halves(of: oneProject) == nil)
    let mostInOne = Outline(items: [
      Item(id: UUID(), kind: .project, title: "Most", children: (0..<1_998).map { _ in Item(id: UUID(), kind: .task, title: "t", level: 1) }),
      Item(id: UUID(), kind: .task, title: "Loose"),
    ])
    #expect(OutlineRenderer.halves(of: mostInOne) == nil)
    #expect(OutlineRenderer.halves(of: Self.outline) == nil)
    let flat = Outline(items: (0..<2_500).map { _ in Item(id: UUID(), kind: .task, title: "t") })
    #expect(OutlineRenderer.halves(of: flat).map { [$0.0.itemCount, $0.1.itemCount] } == [1_250, 1_250])
  }
}
