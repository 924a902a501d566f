import Foundation
import Testing

/// Changes to an item nested 20,000 levels deep, with the binary as a user runs it (its
/// default stack): walks of the outline that recursed overflowed it at about 4,500 levels.
@Suite struct DeepOutlineCommandTests {
  @Test func doneOnAnItem20000LevelsDeepChangesItsLineOnly() throws {
    let depth = 20_000
    var text = ""
    for level in 0..<depth {
      text += String(repeating: "\t", count: level) + "- level \(level)" + (level == depth - 1 ? " @deepest" : "") + "\n"
    }
    let file = try UserFile(text)

    let listed = try file.run(["list", "--tag", "deepest", "--flat"])
    #expect(listed.status == 0)
    let id = try #require(listed.output.split(separator: "\n").first?.split(separator: " ").first.map(String.init))

    let done = try file.run(["done", id])
    #expect(done.status == 0, "\(done.errors.prefix(500))")
    #expect(done.output.hasPrefix("\(id)  level \(depth - 1) @deepest @done("))
    let changed = changedLineNumbers(text, file.text)
    #expect(changed == [depth])
  }
}
