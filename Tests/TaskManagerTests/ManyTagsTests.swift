import Foundation
import Testing

@testable import TaskManager

/// A line of many equal tags followed by text (`- x @t @t … @t end`): matching the item's tags
/// against those in its title started over from the first for each tag, so printing the line
/// and rewriting it for a change took the square of the number of tags (16,000 tags: 4.2 s
/// for `list`, 500,000 never finished).
@Suite struct ManyTagsTests {
  /// Prints the line, and rewrites it as `done` does, with `count` tags; returns the tags
  /// looked at.
  private func work(tags count: Int) -> Int {
    let counter = OutlineWork.Counter()
    OutlineWork.$counter.withValue(counter) {
      let line = "- x " + String(repeating: "@t ", count: count) + "end"
      var item = parseLine(line)
      #expect(item.tags.count == count)
      #expect(TaskPaperPrinter.line(for: item) == line)
      item.tags.append(Tag(name: "done"))
      #expect(TaskPaperPrinter.line(for: item) == line + " @done")
      var scratch: [TagSyntax.Match] = []
      let rewritten = TaskPaperLineRewriter.rewrite(Array(line.utf8)[...], as: item, scratch: &scratch)
      #expect(rewritten.map { String(decoding: $0, as: UTF8.self) } == line + " @done")
    }
    return counter.items
  }

  @Test func twiceTheTagsIsTwiceTheWork() {
    let work = work(tags: 20_000)
    let twice = self.work(tags: 40_000)
    #expect(work >= 20_000)
    #expect(Double(twice) < 2.2 * Double(work), "\(work) tags looked at for 20,000, \(twice) for 40,000")
  }
}
