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
}
