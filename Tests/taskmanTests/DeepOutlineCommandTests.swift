import Foundation
import Testing

/// Changes to an item nested deeper than the binary's default stack allowed while walks of the
/// outline recursed (they overflowed it at about 4,500 levels), with the binary as a user runs
/// it. 6,000 levels, not the 20,000 of the in-process tests (`DeepOutlineTests`): the file's
/// indentation grows with the square of the depth (200 MB of tabs at 20,000), which a debug or
/// sanitized binary takes minutes to write.
@Suite struct DeepOutlineCommandTests {
  @Test func doneOnAnItem6000LevelsDeepChangesItsLineOnly() throws {
    let depth = 6_000
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
